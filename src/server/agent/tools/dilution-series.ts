/**
 * Serial dilution series: start concentration, factor, points, direction and replicates,
 * laid along rows ("across") or columns ("down"); each replicate is one line of wells.
 */
import { formatConcentration } from '../../../domain/accuracy';
import { indexOfWellId, wellId } from '../../../domain/well-id';
import type { PrimitiveOp } from '../../../domain/plate/ops';
import type { PlateDefn } from '../../../domain/plate-format';
import { seriesPoint } from '../../../domain/layout/series';
import { checkWells, opsChange, replanOps, useReagent } from './plate-tools';
import { toolError, type ToolContext, type ToolOutcome } from './tool-types';

/** Which way the concentration falls: along a row (either way) or down a column (either way). */
export type SeriesDirection = 'across' | 'left' | 'down' | 'up';

/** Arguments of dilution_series. */
export interface SeriesArgs {
  reagent: string;
  /** the wells the series may use; lines are read from them by direction */
  wells: string[];
  start_nM: number;
  /** each step divides by this (3 for a 3-fold series) */
  factor: number;
  points?: number | null;
  direction?: SeriesDirection | null;
  /** the well the series starts in ("from D12"): each line begins at its place in line */
  start_well?: string | null;
  /** lines of the same series; a single line is repeated on the next rows (or columns) */
  replicates?: number | null;
  final_volume_uL?: number | null;
  /** tolerance of every point, % */
  tol_pct?: number | null;
}

type RC = { row: number; col: number };

/** The designer's series direction of each of the assistant's. */
const SERIES_OP_DIRECTION = {
  across: 'rows',
  left: 'rows-reverse',
  down: 'columns',
  up: 'columns-reverse',
} as const;

/** The way a series runs when the request does not say: along a row, else down columns. */
export function defaultDirection(cells: RC[]): SeriesDirection {
  const rows = new Set(cells.map((c) => c.row)).size;
  const cols = new Set(cells.map((c) => c.col)).size;
  return rows === 1 || (cols > 1 && cols >= rows) ? 'across' : 'down';
}

/** Lines of wells in series order, one per replicate. */
export function seriesLines(cells: RC[], direction: SeriesDirection): RC[][] {
  const horizontal = direction === 'across' || direction === 'left';
  const groups = new Map<number, RC[]>();
  for (const c of cells) {
    const key = horizontal ? c.row : c.col;
    const g = groups.get(key) ?? [];
    g.push(c);
    groups.set(key, g);
  }
  const sign = direction === 'left' || direction === 'up' ? -1 : 1;
  return [...groups.keys()]
    .toSorted((a, b) => a - b)
    .map((k) =>
      groups.get(k)!.toSorted((a, b) => sign * (horizontal ? a.col - b.col : a.row - b.row)),
    );
}

/**
 * Lines begun at the start well: its line is cut to begin at it, and every other line by the
 * same number of wells, so replicate lines stay side by side.
 */
function startAt(lines: RC[][], well: string, defn: PlateDefn): RC[][] | string {
  const index = indexOfWellId(well, defn);
  const row = Math.floor(index / defn.cols);
  const col = index % defn.cols;
  const k = lines
    .map((l) => l.findIndex((c) => c.row === row && c.col === col))
    .find((at) => at >= 0);
  if (k === undefined) return `${well} is not among the wells named for the series.`;
  return lines.map((l) => l.slice(k));
}

/** Lays a dilution series into wells; the well at step k gets start / factor^k. */
export function dilutionSeries(ctx: ToolContext, a: SeriesArgs): ToolOutcome {
  const ids = checkWells(ctx, a.wells);
  if (typeof ids === 'string') return toolError(ids);
  if (!(a.start_nM > 0))
    return toolError('Give the top concentration of the series, e.g. "from 30 uM".');
  if (!(a.factor > 1)) return toolError('Give a dilution factor above 1, e.g. "3-fold" or "1:2".');
  const { defn } = ctx;
  const cells = ids.map((id) => {
    const i = indexOfWellId(id, defn);
    return { row: Math.floor(i / defn.cols), col: i % defn.cols };
  });
  const direction = a.direction ?? defaultDirection(cells);
  const horizontal = direction === 'across' || direction === 'left';
  let lines = seriesLines(cells, direction);
  if (a.start_well) {
    const from = startAt(lines, a.start_well, defn);
    if (typeof from === 'string') return toolError(from);
    lines = from;
  }
  const points = a.points ?? lines[0].length;
  if (!(points >= 2)) {
    // wells along a row read "lowest at the top" (or a column read "left to right") make
    // lines of one well each: say so, and which words would place it
    const along = lines.length > 1 && lines.every((l) => l.length === 1);
    return toolError(
      !along
        ? 'A series needs at least 2 points.'
        : horizontal
          ? 'These wells run down a column, but the series was asked to run along a row: say which end holds the highest point, e.g. "highest at the top".'
          : 'These wells run along a row, but the series was asked to run up or down a column: say which end holds the highest point, e.g. "highest on the left".',
    );
  }
  const short = lines.find((l) => l.length < points);
  if (short) {
    const first = wellId(short[0].row, short[0].col);
    return toolError(
      `${points} points do not fit: the line from ${first} has ${short.length} wells.`,
    );
  }
  lines = lines.map((l) => l.slice(0, points));
  const replicates = a.replicates ?? lines.length;
  if (lines.length === 1 && replicates > 1) {
    for (let k = 1; k < replicates; k++) {
      const line = lines[0].map((c) =>
        horizontal ? { row: c.row + k, col: c.col } : { row: c.row, col: c.col + k },
      );
      if (line.some((c) => c.row >= defn.rows || c.col >= defn.cols))
        return toolError(
          `${replicates} replicates do not fit on the plate from ${wellId(lines[0][0].row, lines[0][0].col)}.`,
        );
      lines.push(line);
    }
  } else if (replicates < lines.length) lines = lines.slice(0, replicates);

  const r = useReagent(ctx, a.reagent);
  if (typeof r === 'string') return toolError(r);
  const last = seriesPoint(a.start_nM, a.factor, points);
  const reps = lines.length > 1 ? ` in ${lines.length} replicates` : '';
  const first = wellId(lines[0][0].row, lines[0][0].col);
  const end = lines.at(-1)!.at(-1)!;
  const summary =
    `${Number(a.factor.toPrecision(3))}-fold dilution series of ${r.name}, ${points} points from ` +
    `${formatConcentration(a.start_nM)} to ${formatConcentration(last)}${reps} ` +
    `(${first} to ${wellId(end.row, end.col)})`;
  if (a.final_volume_uL == null) {
    // The designer's series op, each line a track from its first well: the plate writer
    // expands and applies it as it does the designer's
    const op = {
      op: 'series',
      compounds: lines.map((l) => ({ reagent: r.slug, start: wellId(l[0].row, l[0].col) })),
      top: { value: a.start_nM, unit: 'nM' },
      factor: a.factor,
      points,
      replicates: 1,
      direction: SERIES_OP_DIRECTION[direction],
      skip_filled: false,
      ...(a.tol_pct != null ? { tol_pct: a.tol_pct } : {}),
    };
    return opsChange(r.ctx, [op], summary, r.add ? [r.add] : []);
  }
  // With a final volume of its own: each point a set planned into it, the series' tags of
  // this reagent replaced, the other targets of the wells planned again into the volume.
  const pointWells: string[][] = [];
  lines.forEach((line) =>
    line.forEach((c, k) => (pointWells[k] ??= []).push(wellId(c.row, c.col))),
  );
  const all = pointWells.flat();
  const prefix = `SERIES:${r.slug}:`;
  const old = new Set(
    all.flatMap((id) => (ctx.wells[id]?.tags ?? []).filter((t) => t.startsWith(prefix))),
  );
  const ops: PrimitiveOp[] = [...replanOps(r.ctx, all, r.slug)];
  if (old.size > 0) ops.push({ op: 'tag', wells: all, remove: [...old] });
  pointWells.forEach((wells, k) => {
    const nM = Number(seriesPoint(a.start_nM, a.factor, k + 1).toPrecision(12));
    ops.push({
      op: 'set',
      wells,
      reagent: r.slug,
      target_nM: nM,
      ...(a.tol_pct != null ? { tol_pct: a.tol_pct } : {}),
    });
    ops.push({ op: 'tag', wells, add: [`${prefix}${k + 1}`] });
  });
  return opsChange(r.ctx, ops, summary, r.add ? [r.add] : [], a.final_volume_uL);
}
