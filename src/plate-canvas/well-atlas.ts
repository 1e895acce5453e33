// Every look a well can have, pre-drawn once per view size into one canvas texture: fill
// (empty or a reagent type) x status ring x marker. A well is
// then one particle whose frame is picked by a number, so the GPU draws 1536 textured quads
// from one texture instead of 1536 tessellated circles, and circle edges stay smooth with
// antialiasing off. Frames are drawn at device pixels for the view's pitch, never scaled up.
import { CanvasSource, DOMAdapter, Rectangle, Texture, type ICanvas } from 'pixi.js';
import { STATUS } from '../domain/prediction';
import {
  EMPTY_WELL,
  FRAME_COUNT,
  frameParts,
  MARKER,
  STATUS_RING,
  TYPE_FILL,
} from './well-appearance';

export interface WellAtlas {
  /** Frames by index (see frameIndex). */
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

function drawWell(ctx: Ctx, frame: number, cx: number, cy: number, R: number, px: number): void {
  const [fill, status, marker] = frameParts(frame);
  if (fill === 0) {
    const w = Math.max(px, R * 0.1);
    circle(ctx, cx, cy, R - w / 2);
    ctx.fillStyle = css(EMPTY_WELL.fill);
    ctx.fill();
    ctx.lineWidth = w;
    ctx.strokeStyle = css(EMPTY_WELL.outline);
    ctx.stroke();
  } else {
    circle(ctx, cx, cy, R);
    ctx.fillStyle = css(TYPE_FILL[fill - 1]);
    ctx.fill();
  }
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
  const count = FRAME_COUNT;
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
    drawWell(ctx, f, cx, cy, R, resolution);
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
