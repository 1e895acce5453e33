// Every look a well can have, pre-drawn once per view size into one canvas texture: the
// fill layer (an empty well, or a white disc the particle tints with any colour, so colour
// by reagent has no limit on colours) and the mark layer (status ring x marker). A well is
// then two particles whose frames are picked by a number, so the GPU draws textured quads
// from one texture instead of tessellated circles, and circle edges stay smooth with
// antialiasing off. Frames are drawn at device pixels for the view's pitch, never scaled up.
import { CanvasSource, DOMAdapter, Rectangle, Texture, type ICanvas } from 'pixi.js';
import { STATUS } from '../domain/prediction';
import { EMPTY_WELL, MARKER, MARKER_COUNT, STATUS_COUNT, STATUS_RING } from './well-appearance';

export interface WellAtlas {
  /** Frames by index: BASE_FRAME, then MARK_FRAME0 + markFrame(status, marker). */
  frames: Texture[];
  /** Size of one frame in CSS pixels (slightly above the pitch: whole device pixels). */
  frameSize: number;
  destroy(): void;
}

const css = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

type Ctx = CanvasRenderingContext2D;

function circle(ctx: Ctx, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  ctx.arc(cx, cy, Math.max(0, r), 0, Math.PI * 2);
}

function drawMarker(ctx: Ctx, marker: number, cx: number, cy: number, R: number): void {
  if (marker === MARKER.NONE) return;
  // A small white badge on the upper-right rim, so it reads on any fill and leaves the
  // centre free for the well id.
  const bx = cx + R * 0.56;
  const by = cy - R * 0.56;
  const br = R * 0.4;
  circle(ctx, bx, by, br);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.lineWidth = Math.max(0.75, br * 0.22);
  ctx.strokeStyle = '#1b212b';
  ctx.stroke();
  const a = br * 0.55;
  ctx.beginPath();
  if (marker === MARKER.POSITIVE || marker === MARKER.NEGATIVE) {
    ctx.moveTo(bx - a, by);
    ctx.lineTo(bx + a, by);
    if (marker === MARKER.POSITIVE) {
      ctx.moveTo(bx, by - a);
      ctx.lineTo(bx, by + a);
    }
  } else if (marker === MARKER.RESERVED) {
    const d = a * 0.75;
    ctx.moveTo(bx - d, by - d);
    ctx.lineTo(bx + d, by + d);
    ctx.moveTo(bx + d, by - d);
    ctx.lineTo(bx - d, by + d);
  } else {
    ctx.arc(bx, by, a * 0.45, 0, Math.PI * 2);
    ctx.fillStyle = '#1b212b';
    ctx.fill();
  }
  ctx.stroke();
}

/**
 * Frames of the fill layer: a white disc the particle tints, and an empty well. The disc is
 * the atlas's first frame, at its top-left corner: without WebGL, pixi's canvas renderer
 * tints a particle into a canvas cropped to its frame but then reads that canvas at the
 * frame's atlas position, which only lands on the picture for a frame at (0, 0).
 */
export const BASE_FRAME = { DISC: 0, EMPTY: 1 } as const;
/** The first mark frame (status ring and marker over a transparent ground). */
export const MARK_FRAME0 = 2;
const ATLAS_COUNT = MARK_FRAME0 + STATUS_COUNT * MARKER_COUNT;

function drawBase(ctx: Ctx, frame: number, cx: number, cy: number, R: number, px: number): void {
  if (frame === BASE_FRAME.EMPTY) {
    const w = Math.max(px, R * 0.1);
    circle(ctx, cx, cy, R - w / 2);
    ctx.fillStyle = css(EMPTY_WELL.fill);
    ctx.fill();
    ctx.lineWidth = w;
    ctx.strokeStyle = css(EMPTY_WELL.outline);
    ctx.stroke();
  } else {
    circle(ctx, cx, cy, R);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
  }
}

function drawMarks(ctx: Ctx, mark: number, cx: number, cy: number, R: number, px: number): void {
  const status = Math.floor(mark / MARKER_COUNT);
  const marker = mark % MARKER_COUNT;
  const ring = STATUS_RING[status];
  if (ring != null) {
    const w = Math.max(1.5 * px, R * (status === STATUS.ERROR ? 0.3 : 0.2));
    // A white hairline between fill and ring keeps a green ring apart from a green fill.
    circle(ctx, cx, cy, R - w);
    ctx.lineWidth = Math.max(px, R * 0.06);
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    circle(ctx, cx, cy, R - w / 2);
    ctx.lineWidth = w;
    ctx.strokeStyle = css(ring);
    ctx.stroke();
  }
  drawMarker(ctx, marker, cx, cy, R);
}

/**
 * Draws the atlas for wells of `radius` on a `pitch` grid at `resolution` device pixels per
 * CSS pixel.
 */
export function createWellAtlas(pitch: number, radius: number, resolution: number): WellAtlas {
  const cell = Math.max(4, Math.ceil(pitch * resolution));
  const count = ATLAS_COUNT;
  const perRow = Math.ceil(Math.sqrt(count));
  const rowsNeeded = Math.ceil(count / perRow);
  const canvas: ICanvas = DOMAdapter.get().createCanvas(perRow * cell, rowsNeeded * cell);
  // The source first: it may round the canvas size, which would clear what was drawn.
  const source = new CanvasSource({ resource: canvas, resolution, scaleMode: 'linear' });
  const ctx = canvas.getContext('2d') as unknown as Ctx;
  const R = radius * resolution;
  const half = cell / 2;
  ctx.lineCap = 'round';
  for (let f = 0; f < count; f++) {
    const cx = (f % perRow) * cell + half;
    const cy = Math.floor(f / perRow) * cell + half;
    if (f < MARK_FRAME0) drawBase(ctx, f, cx, cy, R, resolution);
    else drawMarks(ctx, f - MARK_FRAME0, cx, cy, R, resolution);
  }
  source.update();
  const size = cell / resolution;
  const frames: Texture[] = [];
  for (let f = 0; f < count; f++) {
    const frame = new Rectangle((f % perRow) * size, Math.floor(f / perRow) * size, size, size);
    frames.push(new Texture({ source, frame }));
  }
  return {
    frames,
    frameSize: size,
    destroy() {
      for (const t of frames) t.destroy(false);
      source.destroy();
    },
  };
}
