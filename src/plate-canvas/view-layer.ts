// The pixi objects of one grid view (the whole plate, or the zoomed subsection): plate body,
// labels, one particle per well and the well ids. Updates are diffs: a well's particle is
// touched only when its look changed. Session marks live in the overlay (overlay-layer.ts).
import { Container, Graphics, Particle, ParticleContainer, Text, TextStyle } from 'pixi.js';
import { BLOCK_COLS, BLOCK_ROWS } from '../domain/plate-format';
import { rowLetter, wellId } from '../domain/well-id';
import { wellCenter, type GridView } from './plate-geometry';
import { BASE_FRAME, createWellAtlas, MARK_FRAME0, type WellAtlas } from './well-atlas';
import { fillColour, markFrame, textColorOn, type WellAppearance } from './well-appearance';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const LABEL_COLOR = 0x5b6574;
/** Well ids are drawn only where they are readable. */
const MIN_ID_FONT = 8;
/** Fill drawn for an empty well in the diff arrays (no colour is negative). */
const EMPTY_FILL = -1;

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
  /** Fill layer (an empty well or a tinted disc) and mark layer (ring and marker) per well. */
  private readonly particles: Particle[] = [];
  private readonly marks: Particle[] = [];
  private readonly wellContainer: ParticleContainer;
  private readonly markContainer: ParticleContainer;
  /** Fill and mark frame drawn for each well of the view (local index), to skip unchanged wells. */
  private readonly drawnFill: Int32Array;
  private readonly drawnMark: Uint8Array;
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
    this.drawnFill = new Int32Array(count).fill(EMPTY_FILL);
    this.drawnMark = new Uint8Array(count);

    this.wells.addChild(this.body());
    this.addLabels();

    // Wells are drawn where plate-geometry's wellCenter puts them: hit-testing uses the same rule.
    const make = (local: number, frame: number) => {
      const at = wellCenter(view, globalIndex(view, local));
      return new Particle({
        texture: this.atlas.frames[frame],
        x: at.x,
        y: at.y,
        anchorX: 0.5,
        anchorY: 0.5,
        scaleX: scale,
        scaleY: scale,
      });
    };
    // Nothing moves between layout changes: every property is static and uploaded on update().
    const still = { position: false, vertex: false, rotation: false, uvs: false, color: false };
    this.wellContainer = new ParticleContainer({
      dynamicProperties: still,
      texture: this.atlas.frames[0],
    });
    this.markContainer = new ParticleContainer({
      dynamicProperties: still,
      texture: this.atlas.frames[0],
    });
    for (let l = 0; l < count; l++) {
      this.particles.push(make(l, BASE_FRAME.EMPTY));
      this.marks.push(make(l, MARK_FRAME0));
    }
    this.wellContainer.particleChildren.push(...this.particles);
    this.markContainer.particleChildren.push(...this.marks);
    this.wellContainer.update();
    this.markContainer.update();
    this.wells.addChild(this.wellContainer, this.markContainer);

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

  /** Brings every well's particles (and id colour) in line with the appearance; true if any changed. */
  applyAppearance(a: WellAppearance): boolean {
    const { view } = this;
    let fills = false;
    let marks = false;
    for (let l = 0; l < this.particles.length; l++) {
      const g = globalIndex(view, l);
      const fill = fillColour(a, g);
      const mark = markFrame(a.status[g], a.marker[g]);
      if (mark !== this.drawnMark[l]) {
        this.drawnMark[l] = mark;
        this.marks[l].texture = this.atlas.frames[MARK_FRAME0 + mark];
        marks = true;
      }
      if (fill === this.drawnFill[l]) continue;
      this.drawnFill[l] = fill;
      const p = this.particles[l];
      if (fill < 0) {
        p.texture = this.atlas.frames[BASE_FRAME.EMPTY];
        p.tint = 0xffffff;
      } else {
        p.texture = this.atlas.frames[BASE_FRAME.DISC];
        p.tint = fill;
      }
      fills = true;
      if (this.idStyles) {
        const dark = fill < 0 || textColorOn(fill) !== 0xffffff;
        const style = dark ? this.idStyles.dark : this.idStyles.light;
        if (this.ids[l].style !== style) this.ids[l].style = style;
      }
    }
    if (fills) this.wellContainer.update();
    if (marks) this.markContainer.update();
    return fills || marks;
  }

  destroy(): void {
    this.wells.destroy({ children: true });
    this.idStyles?.dark.destroy();
    this.idStyles?.light.destroy();
    this.atlas.destroy();
  }
}
