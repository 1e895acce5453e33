// The pixi objects of one grid view (the whole plate, or the zoomed subsection): plate body,
// labels, one particle per well and the well ids. Updates are diffs: a well's particle is
// touched only when its look changed. Session marks live in the overlay (overlay-layer.ts).
import { Container, Graphics, Particle, ParticleContainer, Text, TextStyle } from 'pixi.js';
import { BLOCK_COLS, BLOCK_ROWS } from '../domain/plate-format';
import { rowLetter, wellId } from '../domain/well-id';
import type { GridView } from './plate-geometry';
import { createWellAtlas, type WellAtlas } from './well-atlas';
import {
  frameIndex,
  frameParts,
  TYPE_FILL,
  textColorOn,
  type WellAppearance,
} from './well-appearance';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const LABEL_COLOR = 0x5b6574;
/** Well ids are drawn only where they are readable. */
const MIN_ID_FONT = 8;
const EMPTY_FRAME = frameIndex(-1, 0, 0);

function globalIndex(view: GridView, local: number): number {
  return (
    (view.row0 + Math.floor(local / view.viewCols)) * view.cols +
    view.col0 +
    (local % view.viewCols)
  );
}

/** Pixi objects and diff state of one view. */
export class ViewLayer {
  /** Everything this view draws. */
  readonly wells = new Container({ label: 'wells' });
  private readonly atlas: WellAtlas;
  private readonly particles: Particle[] = [];
  private readonly wellContainer: ParticleContainer;
  /** Frame drawn for each well of the view (local index), to skip unchanged wells. */
  private readonly drawn: Uint16Array;
  private readonly ids: Text[] = [];
  private readonly idStyles: { dark: TextStyle; light: TextStyle } | null = null;

  constructor(
    readonly view: GridView,
    resolution: number,
  ) {
    const { pitch, radius, viewRows, viewCols } = view;
    const count = viewRows * viewCols;
    this.atlas = createWellAtlas(pitch, radius, resolution);
    const scale = pitch / this.atlas.frameSize;
    this.drawn = new Uint16Array(count).fill(EMPTY_FRAME);

    this.wells.addChild(this.body());
    this.addLabels();

    const make = (local: number, frame: number) =>
      new Particle({
        texture: this.atlas.frames[frame],
        x: view.x + ((local % viewCols) + 0.5) * pitch,
        y: view.y + (Math.floor(local / viewCols) + 0.5) * pitch,
        anchorX: 0.5,
        anchorY: 0.5,
        scaleX: scale,
        scaleY: scale,
      });
    // Nothing moves between layout changes: every property is static and uploaded on update().
    const still = { position: false, vertex: false, rotation: false, uvs: false, color: false };
    this.wellContainer = new ParticleContainer({
      dynamicProperties: still,
      texture: this.atlas.frames[0],
    });
    for (let l = 0; l < count; l++) this.particles.push(make(l, EMPTY_FRAME));
    this.wellContainer.particleChildren.push(...this.particles);
    this.wellContainer.update();
    this.wells.addChild(this.wellContainer);

    const idFont = Math.min(13, pitch * 0.3);
    if (idFont >= MIN_ID_FONT) {
      const base = { fontFamily: FONT, fontSize: idFont, fontWeight: '600' as const };
      this.idStyles = {
        dark: new TextStyle({ ...base, fill: textColorOn(0xffffff) }),
        light: new TextStyle({ ...base, fill: 0xffffff }),
      };
      for (let l = 0; l < count; l++) {
        const t = new Text({
          text: wellId(
            Math.floor(globalIndex(view, l) / view.cols),
            globalIndex(view, l) % view.cols,
          ),
          style: this.idStyles.dark,
        });
        t.anchor.set(0.5);
        t.position.set(this.particles[l].x, this.particles[l].y);
        this.ids.push(t);
        this.wells.addChild(t);
      }
    }
  }

  /** The plate's plastic behind the wells, with 8x12 block lines on 384/1536 overviews. */
  private body(): Graphics {
    const { x, y, pitch, viewRows, viewCols } = this.view;
    const pad = Math.min(6, Math.max(2, pitch * 0.12));
    const g = new Graphics();
    g.roundRect(
      x - pad,
      y - pad,
      viewCols * pitch + 2 * pad,
      viewRows * pitch + 2 * pad,
      Math.max(3, pad * 1.5),
    );
    g.fill(0xeef1f5).stroke({ width: 1, color: 0xc6ccd5 });
    if (this.view.kind === 'plate' && viewCols > BLOCK_COLS) {
      for (let c = BLOCK_COLS; c < viewCols; c += BLOCK_COLS) {
        g.moveTo(x + c * pitch, y - pad).lineTo(x + c * pitch, y + viewRows * pitch + pad);
      }
      for (let r = BLOCK_ROWS; r < viewRows; r += BLOCK_ROWS) {
        g.moveTo(x - pad, y + r * pitch).lineTo(x + viewCols * pitch + pad, y + r * pitch);
      }
      g.stroke({ width: 1, color: 0xc6ccd5 });
    }
    return g;
  }

  /** Row letters left of the cells and column numbers above them; every other one when cramped. */
  private addLabels(): void {
    const { x, y, pitch, gutter, row0, col0, viewRows, viewCols } = this.view;
    const fontSize = Math.max(8, Math.min(14, pitch * 0.55, gutter * 0.55));
    const style = new TextStyle({
      fontFamily: FONT,
      fontSize,
      fill: LABEL_COLOR,
      fontWeight: '500',
    });
    const step = pitch < fontSize * 1.3 ? 2 : 1;
    for (let r = 0; r < viewRows; r += step) {
      const t = new Text({ text: rowLetter(row0 + r), style });
      t.anchor.set(0.5);
      t.position.set(x - gutter / 2, y + (r + 0.5) * pitch);
      this.wells.addChild(t);
    }
    const colStep = pitch < fontSize * 1.4 ? 2 : 1;
    for (let c = colStep - 1; c < viewCols; c += colStep) {
      const t = new Text({ text: String(col0 + c + 1), style });
      t.anchor.set(0.5);
      t.position.set(x + (c + 0.5) * pitch, y - gutter / 2);
      this.wells.addChild(t);
    }
  }

  /** Brings every well's particle (and id colour) in line with the appearance; true if any changed. */
  applyAppearance(a: WellAppearance): boolean {
    const { view } = this;
    let changed = false;
    for (let l = 0; l < this.particles.length; l++) {
      const g = globalIndex(view, l);
      const frame = frameIndex(a.typeCode[g], a.status[g], a.marker[g]);
      if (frame === this.drawn[l]) continue;
      this.drawn[l] = frame;
      this.particles[l].texture = this.atlas.frames[frame];
      changed = true;
      if (this.idStyles) {
        const fill = frameParts(frame)[0];
        const dark = fill === 0 || textColorOn(TYPE_FILL[fill - 1]) !== 0xffffff;
        const style = dark ? this.idStyles.dark : this.idStyles.light;
        if (this.ids[l].style !== style) this.ids[l].style = style;
      }
    }
    if (changed) this.wellContainer.update();
    return changed;
  }

  destroy(): void {
    this.wells.destroy({ children: true });
    this.idStyles?.dark.destroy();
    this.idStyles?.light.destroy();
    this.atlas.destroy();
  }
}
