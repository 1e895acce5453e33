// The DOM baseline of the drag-select benchmark: a fair, straightforward DOM plate. 1536
// divs in a CSS grid, coloured like the canvas wells; a drag works out its wells with the
// canvas' own code (BrushCells, over the same geometry) and then toggles a class on every cell.
import { BrushCells } from '../../../src/plate-canvas/brush-cells';
import type { GridView, PlateLayout } from '../../../src/plate-canvas/plate-geometry';
import { rectFromPoints } from '../../../src/plate-canvas/plate-geometry';
import { TYPE_FILL, type WellAppearance } from '../../../src/plate-canvas/well-appearance';
import { WellSet } from '../../../src/domain/plate/well-set';

const CSS = `
.dom-grid { position: relative; display: grid; background: #eef1f5; touch-action: none; user-select: none; }
.dom-grid__cell { box-sizing: border-box; margin: 8%; border-radius: 50%; background: #fff; border: 1px solid #b4bcc8; }
.dom-grid__cell.selected { outline: 2px solid #2458c6; outline-offset: 1px; }
`;

export interface DomGrid {
  el: HTMLElement;
  view: GridView;
}

/** Builds the grid of rows x cols cells of `pitch` px inside `parent`. */
export function createDomGrid(
  parent: HTMLElement,
  rows: number,
  cols: number,
  pitch: number,
  appearance: WellAppearance,
): DomGrid {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
  const el = document.createElement('div');
  el.className = 'dom-grid';
  el.style.gridTemplateColumns = `repeat(${cols}, ${pitch}px)`;
  el.style.gridAutoRows = `${pitch}px`;
  el.style.width = `${cols * pitch}px`;
  const cells: HTMLElement[] = [];
  for (let i = 0; i < rows * cols; i++) {
    const cell = document.createElement('div');
    cell.className = 'dom-grid__cell';
    const type = appearance.typeCode[i];
    if (type >= 0 && type < TYPE_FILL.length) {
      cell.style.background = `#${TYPE_FILL[type].toString(16).padStart(6, '0')}`;
      cell.style.borderColor = 'transparent';
    }
    cells.push(cell);
  }
  el.append(...cells);
  parent.append(el);
  const view: GridView = {
    kind: 'plate',
    rows,
    cols,
    row0: 0,
    col0: 0,
    viewRows: rows,
    viewCols: cols,
    x: 0,
    y: 0,
    pitch,
    radius: pitch * 0.42,
    gutter: 0,
  };

  const layout: PlateLayout = {
    format: 1536,
    rows,
    cols,
    width: cols * pitch,
    height: rows * pitch,
    views: [view],
  };
  const none = WellSet.empty(rows * cols);
  let origin: { x: number; y: number } | null = null;
  let brush = new BrushCells(none);
  let selected = none;
  let box = el.getBoundingClientRect();
  el.addEventListener('pointerdown', (e) => {
    box = el.getBoundingClientRect();
    origin = { x: e.clientX - box.left, y: e.clientY - box.top };
    brush = new BrushCells(none);
    selected = none;
  });
  el.addEventListener('pointermove', (e) => {
    if (!origin) return;
    const p = { x: e.clientX - box.left, y: e.clientY - box.top };
    selected = brush.select('replace', rectFromPoints(origin, p), layout, selected);
    for (let i = 0; i < cells.length; i++) cells[i].classList.toggle('selected', selected.has(i));
  });
  el.addEventListener('pointerup', () => {
    origin = null;
  });
  return { el, view };
}
