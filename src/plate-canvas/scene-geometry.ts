// The geometry of the plate scene as one object: the inputs that decide where wells are
// drawn (format, size, subsection, zoomed block) and the layout computed from them. The scene
// draws from `layout` and hit-testing reads the same `layout`; every change of an input
// replaces it at once, so there is no moment at which the two could differ.
import type { PlateFormat } from '../domain/plate-format';
import { computeLayout, type PlateLayout, type ZoomDock } from './plate-geometry';

export interface GeometryInputs {
  format: PlateFormat;
  width: number;
  height: number;
  subsection: number;
  showZoom: boolean;
  /** Where the zoomed block goes (default: whichever gives the larger wells). */
  dock?: ZoomDock;
}

export class SceneGeometry {
  private inputs: GeometryInputs;
  /** What is drawn and hit-tested now. */
  layout: PlateLayout;

  constructor(inputs: GeometryInputs) {
    this.inputs = { ...inputs };
    this.layout = layoutOf(this.inputs);
  }

  get current(): Readonly<GeometryInputs> {
    return this.inputs;
  }

  /** Applies a change of inputs; true when the layout changed (`layout` is then the new one). */
  update(change: Partial<GeometryInputs>): boolean {
    const was = this.inputs;
    const next = { ...was, ...change };
    this.inputs = next;
    const moved =
      next.format !== was.format ||
      next.width !== was.width ||
      next.height !== was.height ||
      next.showZoom !== was.showZoom ||
      (next.dock !== was.dock && next.showZoom) ||
      // Without the zoomed block the subsection only moves the overview's frame.
      (next.subsection !== was.subsection && next.showZoom);
    if (moved) this.layout = layoutOf(next);
    return moved;
  }
}

function layoutOf(i: GeometryInputs): PlateLayout {
  return computeLayout(i.format, i.width, i.height, i.subsection, i.showZoom, i.dock);
}
