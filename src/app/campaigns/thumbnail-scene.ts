/**
 * The campaign view's thumbnails on the GPU (pixi.js, WebGL first as the plate canvas): every
 * plate's wells painted one pixel a well into ONE texture, a sprite per plate showing its
 * frame of it scaled up (nearest, so wells stay square), and ONE Graphics for every plate's
 * status frame and another for the focus ring: a few draw calls however many plates there are.
 * The canvas covers only the visible part of the scroller; scrolling moves the stage.
 */
// the page's Content-Security-Policy has no 'unsafe-eval': pixi's shader code without eval
// oxlint-disable-next-line import/no-unassigned-import
import 'pixi.js/unsafe-eval';
import {
  Application,
  BufferImageSource,
  Container,
  Graphics,
  Rectangle,
  Sprite,
  Texture,
  type ApplicationOptions,
} from 'pixi.js';
import { ROLE } from '../../plate-canvas/colour-by';
import { CELL, cellOrigin } from './thumbnail-grid';

/** Fill of each role character (GET /thumbnails), as the plate's layout colours show it. */
const ROLE_RGB: Record<string, number> = {
  '.': 0xe9ecf1,
  c: ROLE.sample.colour,
  P: ROLE.positive.colour,
  N: ROLE.negative.colour,
  Z: ROLE.vehicle.colour,
  o: 0xe0a100,
};

/** A plate's frame: not planned yet, planned whole, planned with unmet wells or dry sources. */
export type PlateStatus = 'pending' | 'ok' | 'unmet';
export const STATUS_COLOUR: Record<PlateStatus, number> = {
  pending: 0xb8bfca,
  ok: 0x1e8e3e,
  unmet: 0xd1242f,
};
const FOCUS_COLOUR = 0x0b57d0;
/** The widest texture every WebGL device takes. */
const MAX_TEXTURE = 4096;

/** Paints each plate's roles, one pixel a well, into one RGBA buffer; plates in a grid. */
export function paintAtlas(plates: readonly string[], rows: number, cols: number) {
  const across = Math.max(1, Math.floor(MAX_TEXTURE / cols));
  const width = Math.min(plates.length, across) * cols || cols;
  const height = Math.max(1, Math.ceil(plates.length / across)) * rows;
  const pixels = new Uint8Array(width * height * 4);
  const rgba = new Map<string, number>();
  for (const [code, colour] of Object.entries(ROLE_RGB)) rgba.set(code, colour);
  for (let p = 0; p < plates.length; p++) {
    const roles = plates[p];
    const x0 = (p % across) * cols;
    const y0 = Math.floor(p / across) * rows;
    for (let i = 0; i < roles.length; i++) {
      const colour = rgba.get(roles[i]) ?? ROLE_RGB['.'];
      const at = ((y0 + Math.floor(i / cols)) * width + x0 + (i % cols)) * 4;
      pixels[at] = colour >> 16;
      pixels[at + 1] = (colour >> 8) & 0xff;
      pixels[at + 2] = colour & 0xff;
      pixels[at + 3] = 255;
    }
  }
  return { pixels, width, height, across };
}

const APP_OPTIONS: Partial<ApplicationOptions> = {
  preference: 'webgl',
  antialias: false,
  autoStart: false,
  sharedTicker: false,
  autoDensity: true,
  background: 0xffffff,
  eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
};

export class ThumbnailScene {
  readonly app = new Application();
  private readonly stage = new Container();
  private readonly thumbs = new Container();
  private readonly frames = new Graphics();
  private readonly focusRing = new Graphics();
  private sprites: Sprite[] = [];
  private atlas: Texture | null = null;
  private columns = 1;
  private statuses: PlateStatus[] = [];
  private focus = -1;
  private frame = 0;

  async init(canvas: HTMLCanvasElement, width: number, height: number): Promise<void> {
    await this.app.init({
      ...APP_OPTIONS,
      canvas,
      width,
      height,
      resolution: devicePixelRatio || 1,
    });
    this.stage.addChild(this.thumbs, this.frames, this.focusRing);
    this.app.stage.addChild(this.stage);
  }

  /** The renderer pixi chose (webgl, or canvas where WebGL is missing). */
  get renderer(): string {
    return this.app.renderer.name;
  }

  /** Every plate's thumbnail from its role characters, laid out in `columns`. */
  setPlates(plates: readonly string[], rows: number, cols: number, columns: number): void {
    for (const s of this.sprites) s.destroy();
    this.atlas?.destroy(true);
    const { pixels, width, height, across } = paintAtlas(plates, rows, cols);
    const source = new BufferImageSource({ resource: pixels, width, height, scaleMode: 'nearest' });
    this.atlas = new Texture({ source });
    this.sprites = plates.map((_, p) => {
      const frame = new Rectangle((p % across) * cols, Math.floor(p / across) * rows, cols, rows);
      const sprite = new Sprite(new Texture({ source, frame }));
      sprite.width = CELL.thumbWidth;
      sprite.height = CELL.thumbHeight;
      return sprite;
    });
    if (this.sprites.length > 0) this.thumbs.addChild(...this.sprites);
    this.statuses = plates.map(() => 'pending');
    this.layout(columns);
  }

  /** Places the thumbnails in `columns` columns (the scroller's width changed). */
  layout(columns: number): void {
    this.columns = columns;
    this.sprites.forEach((s, i) => {
      const { x, y } = cellOrigin(i, columns);
      s.position.set(x + CELL.pad, y + CELL.pad);
    });
    this.drawFrames();
    this.drawFocus();
  }

  setStatuses(statuses: readonly PlateStatus[]): void {
    this.statuses = [...statuses];
    this.drawFrames();
    this.requestRender();
  }

  setFocus(index: number): void {
    this.focus = index;
    this.drawFocus();
    this.requestRender();
  }

  /** The scroller's offset and size: the stage moves, the canvas stays in view. */
  setViewport(scrollTop: number, width: number, height: number): void {
    this.stage.y = -scrollTop;
    const r = this.app.renderer;
    if (r.width !== width || r.height !== height) r.resize(width, height);
    this.requestRender();
  }

  private drawFrames(): void {
    const g = this.frames.clear();
    // one path and stroke a status: three strokes however many plates
    for (const status of Object.keys(STATUS_COLOUR) as PlateStatus[]) {
      let any = false;
      this.statuses.forEach((s, i) => {
        if (s !== status) return;
        const { x, y } = cellOrigin(i, this.columns);
        g.rect(x + CELL.pad - 2, y + CELL.pad - 2, CELL.thumbWidth + 4, CELL.thumbHeight + 4);
        any = true;
      });
      if (any) g.stroke({ width: 3, color: STATUS_COLOUR[status] });
    }
  }

  private drawFocus(): void {
    const g = this.focusRing.clear();
    if (this.focus < 0 || this.focus >= this.sprites.length) return;
    const { x, y } = cellOrigin(this.focus, this.columns);
    g.rect(x + 2, y + 2, CELL.width - 4, CELL.height - 4).stroke({
      width: 3,
      color: FOCUS_COLOUR,
    });
  }

  /** Draws now (the first paint, a benchmark's frame). */
  render(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.app.render();
  }

  /** Draws in the next animation frame, once however many changes came first. */
  requestRender(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.app.render();
    });
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.atlas?.destroy(true);
    this.app.destroy({ removeView: false }, { children: true });
  }
}
