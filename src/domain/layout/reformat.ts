/**
 * Quadrant reformatting between a plate and the plate of four times its wells (96 <-> 384,
 * 384 <-> 1536, and likewise for the smaller formats), with the convention named:
 *
 * - interleaved: quadrant q (1-4) of well (r, c), counted from 1, goes to
 *   (2r-1, 2c-1) for q1, (2r-1, 2c) for q2, (2r, 2c-1) for q3, (2r, 2c) for q4
 *   (DISPENSING.md): each small-plate well becomes one well of a 2x2 group;
 * - block: quadrant q fills one block of the large plate, numbered left to right, top to
 *   bottom (q1 top-left, q2 top-right, q3 bottom-left, q4 bottom-right).
 *
 * Each well written records where it came from with a tag SOURCE:<plate>:<well>.
 */
import { plateDefn, type PlateDefn, type PlateFormat } from '../plate-format';
import type { PrimitiveOp } from '../plate/ops';
import type { WireWell, WireWells } from '../plate-wire';
import { isEmptyWell } from '../plate-wells';
import { indexOfWellId, parseWellId, wellId } from '../well-id';
import { fail, type ExpandResult, type LayoutContext } from './context';
import { plateIds } from './well-list';

export const QUADRANT_CONVENTIONS = ['interleaved', 'block'] as const;
export type QuadrantConvention = (typeof QUADRANT_CONVENTIONS)[number];

/** What each convention is called on screen. */
export const CONVENTION_LABELS: Record<QuadrantConvention, string> = {
  interleaved: 'interleaved (A1, A2, B1, B2 of the large plate are quadrants 1, 2, 3, 4)',
  block: 'by block (quadrant 1 top-left, 2 top-right, 3 bottom-left, 4 bottom-right)',
};

/** The format of four times the wells, if any (96 -> 384, 384 -> 1536...). */
export function quadrupleOf(format: PlateFormat): PlateFormat | undefined {
  const small = plateDefn(format);
  for (const f of [24, 48, 96, 384, 1536] as const) {
    const big = plateDefn(f);
    if (big.rows === small.rows * 2 && big.cols === small.cols * 2) return f;
  }
  return undefined;
}

/** Position (0-based) on the large plate of well (row, col) (0-based) of quadrant q (1-4). */
export function toLarge(
  small: Pick<PlateDefn, 'rows' | 'cols'>,
  convention: QuadrantConvention,
  q: number,
  row: number,
  col: number,
): { row: number; col: number } {
  const qr = (q - 1) >> 1;
  const qc = (q - 1) & 1;
  if (convention === 'interleaved') return { row: 2 * row + qr, col: 2 * col + qc };
  return { row: qr * small.rows + row, col: qc * small.cols + col };
}

/** Inverse of toLarge: the quadrant and small-plate well of a large-plate well. */
export function toSmall(
  small: Pick<PlateDefn, 'rows' | 'cols'>,
  convention: QuadrantConvention,
  row: number,
  col: number,
): { q: number; row: number; col: number } {
  if (convention === 'interleaved') {
    return { q: 1 + (row % 2) * 2 + (col % 2), row: row >> 1, col: col >> 1 };
  }
  const qr = Math.floor(row / small.rows);
  const qc = Math.floor(col / small.cols);
  return { q: 1 + qr * 2 + qc, row: row - qr * small.rows, col: col - qc * small.cols };
}

export function sourceTag(plate: string, well: string): string {
  return `SOURCE:${plate}:${well}`;
}

function withSource(well: WireWell, plate: string, id: string): WireWell {
  const tags: string[] = [];
  // a loop, not filter and spread: every well of a 1536 plate gets its tag
  for (const t of well.tags ?? []) if (!t.startsWith('SOURCE:')) tags.push(t);
  tags.push(sourceTag(plate, id));
  return { ...well, tags };
}

export interface ReformatSource {
  /** the source plate's name as recorded in the SOURCE tags */
  plate: string;
  format: PlateFormat;
  wells: WireWells;
  /** for combining: the quadrant (1-4) this plate fills */
  quadrant?: number;
}

export interface ReformatParams {
  op: 'reformat';
  /** combine: small plates into this (large) plate; split: one quadrant of a large plate into this one */
  mode: 'combine' | 'split';
  convention: QuadrantConvention;
  sources: ReformatSource[];
  /** for split: which quadrant (1-4) of the source this plate receives */
  quadrant?: number;
}

function filled(well: WireWell | undefined): well is WireWell {
  return !!well && !isEmptyWell(well);
}

export function expandReformat(params: ReformatParams, ctx: LayoutContext): ExpandResult {
  const { defn } = ctx;
  const put: Record<string, WireWell | null> = {};
  // ids from the plates' lists: 1536 wells are written, each id was parsed and spelled again
  const ids = plateIds(defn);
  if (params.mode === 'combine') {
    const seen = new Set<number>();
    for (const [n, src] of params.sources.entries()) {
      if (quadrupleOf(src.format) !== defn.format) {
        return fail(`Four ${src.format}-well plates do not make a ${defn.format}-well plate`);
      }
      const q = src.quadrant ?? n + 1;
      if (seen.has(q)) return fail(`Two plates fill quadrant ${q}`);
      seen.add(q);
      const small = plateDefn(src.format);
      const smallIds = plateIds(small);
      for (const [id, well] of Object.entries(src.wells)) {
        const i = indexOfWellId(id, small);
        if (i < 0)
          return fail(`"${id}" is not a well of the ${src.format}-well plate ${src.plate}`, id);
        if (!filled(well)) continue;
        const to = toLarge(small, params.convention, q, Math.floor(i / small.cols), i % small.cols);
        put[ids[to.row * defn.cols + to.col]] = withSource(well, src.plate, smallIds[i]);
      }
    }
  } else {
    const src = params.sources[0];
    if (!src || params.sources.length !== 1)
      return fail('Splitting takes exactly one source plate');
    if (quadrupleOf(defn.format) !== src.format) {
      return fail(`A quadrant of a ${src.format}-well plate is not a ${defn.format}-well plate`);
    }
    const q = params.quadrant ?? 1;
    const big = plateDefn(src.format);
    const bigIds = plateIds(big);
    for (const [id, well] of Object.entries(src.wells)) {
      const i = indexOfWellId(id, big);
      if (i < 0)
        return fail(`"${id}" is not a well of the ${src.format}-well plate ${src.plate}`, id);
      const to = toSmall(defn, params.convention, Math.floor(i / big.cols), i % big.cols);
      if (to.q !== q || !filled(well)) continue;
      put[ids[to.row * defn.cols + to.col]] = withSource(well, src.plate, bigIds[i]);
    }
  }
  const ops: PrimitiveOp[] = Object.keys(put).length > 0 ? [{ op: 'put', wells: put }] : [];
  return {
    ok: true,
    ops,
    warnings: [],
    notes: [`Quadrant convention: ${CONVENTION_LABELS[params.convention]}`],
  };
}

/**
 * Wells that a change to a smaller format would drop (those outside its rows and columns),
 * so that the designer can warn and offer a reformat instead.
 */
export function wellsLostByFormatChange(
  from: Pick<PlateDefn, 'rows' | 'cols'>,
  wells: WireWells,
  to: PlateFormat,
): string[] {
  const next = plateDefn(to);
  const lost: { i: number; id: string }[] = [];
  for (const [id, well] of Object.entries(wells)) {
    const rc = parseWellId(id, from);
    if (rc && filled(well) && (rc.row >= next.rows || rc.col >= next.cols)) {
      lost.push({ i: rc.row * from.cols + rc.col, id: wellId(rc.row, rc.col) });
    }
  }
  return lost.toSorted((a, b) => a.i - b.i).map((l) => l.id);
}
