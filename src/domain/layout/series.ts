/**
 * Dose-response (dilution) series: each compound's points laid along a track of the region,
 * compounds one after another, replicates of a compound next to each other. Point k (1-based)
 * has top / factor^(k-1); each well is tagged SERIES:<name>:<k>. No volumes: the dispensing
 * engine plans them when the `set` ops are applied.
 */
import { toNanomolar, type MolarUnit } from '../units';
import type { PrimitiveOp } from '../plate/ops';
import { benchSlug, fail, unknownReagent, type ExpandResult, type LayoutContext } from './context';
import { edgeWarning, isEdgeIndex } from './edges';
import { idsOf, wellListIndices } from './well-list';
import { parseWellId } from '../well-id';

/** Along rows left to right, right to left, down columns, or up columns. */
export const SERIES_DIRECTIONS = ['rows', 'rows-reverse', 'columns', 'columns-reverse'] as const;
export type SeriesDirection = (typeof SERIES_DIRECTIONS)[number];

/** 10^0.5: a half-log series. */
export const HALF_LOG = Math.sqrt(10);

export interface SeriesCompound {
  /** bench slug (or a name that slugifies to one) */
  reagent: string;
  /** the series name of the tags; the reagent when absent */
  name?: string;
  /** this compound's own top concentration; the op's `top` when absent */
  top?: { value: number; unit: MolarUnit };
  /** start the compound's tracks at this well (compound lists carry positions) */
  start?: string;
}

export interface SeriesParams {
  op: 'series';
  compounds: SeriesCompound[];
  top: { value: number; unit: MolarUnit };
  /** dilution factor > 1, or "half-log" */
  factor: number | 'half-log';
  points: number;
  replicates: number;
  direction: SeriesDirection;
  /** wells the series may use; the whole plate when absent */
  region?: string[];
  /** keep the outer ring free of treatments */
  avoid_edges?: boolean;
  /** leave wells that already hold a reagent or a tag alone (default true) */
  skip_filled?: boolean;
  tol_pct?: number;
}

/** Concentration of point k (1-based) in nM; division keeps 30 uM / 3 = exactly 10 uM. */
export function seriesPoint(top_nM: number, factor: number, k: number): number {
  return top_nM / factor ** (k - 1);
}

export function factorOf(factor: number | 'half-log'): number {
  return factor === 'half-log' ? HALF_LOG : factor;
}

/**
 * The tracks of a region: runs of consecutive usable wells along the direction, in reading
 * order (rows top to bottom for row directions, columns left to right for column ones), each
 * cut into slots of `points` wells. A slot's wells are listed in the direction of the series.
 */
export function seriesSlots(
  shape: { rows: number; cols: number },
  usable: Uint8Array,
  points: number,
  direction: SeriesDirection,
): number[][] {
  const byRow = direction === 'rows' || direction === 'rows-reverse';
  const reverse = direction === 'rows-reverse' || direction === 'columns-reverse';
  const lines = byRow ? shape.rows : shape.cols;
  const along = byRow ? shape.cols : shape.rows;
  const slots: number[][] = [];
  for (let line = 0; line < lines; line++) {
    let run: number[] = [];
    const flush = () => {
      for (let s = 0; s + points <= run.length; s += points) slots.push(run.slice(s, s + points));
      run = [];
    };
    for (let step = 0; step < along; step++) {
      const pos = reverse ? along - 1 - step : step;
      const index = byRow ? line * shape.cols + pos : pos * shape.cols + line;
      if (usable[index]) run.push(index);
      else flush();
    }
    flush();
  }
  return slots;
}

/**
 * The tracks of a compound that starts at a given well: `points` wells from it along the
 * direction, its replicates on the following lines (the next rows for row directions, the
 * next columns for column ones). A message when a well is missing, taken or outside.
 */
function tracksFrom(
  shape: { rows: number; cols: number; format: number },
  usable: Uint8Array,
  used: Uint8Array,
  start: string,
  params: Pick<SeriesParams, 'points' | 'replicates' | 'direction'>,
): number[][] | string {
  const rc = parseWellId(start, shape);
  if (!rc) return `"${start}" is not a well of this ${shape.format}-well plate`;
  const byRow = params.direction === 'rows' || params.direction === 'rows-reverse';
  const step =
    params.direction === 'rows-reverse' || params.direction === 'columns-reverse' ? -1 : 1;
  const tracks: number[][] = [];
  for (let r = 0; r < params.replicates; r++) {
    const track: number[] = [];
    for (let k = 0; k < params.points; k++) {
      const row = byRow ? rc.row + r : rc.row + step * k;
      const col = byRow ? rc.col + step * k : rc.col + r;
      const index = row * shape.cols + col;
      if (
        row < 0 ||
        col < 0 ||
        row >= shape.rows ||
        col >= shape.cols ||
        !usable[index] ||
        used[index]
      ) {
        return `No free track of ${params.points} wells (${params.replicates} replicate${params.replicates === 1 ? '' : 's'}) starts at ${start}`;
      }
      track.push(index);
    }
    tracks.push(track);
  }
  for (const track of tracks) for (const i of track) used[i] = 1;
  return tracks;
}

function isFilled(well: { targets: object; tags?: string[] } | undefined): boolean {
  return !!well && (Object.keys(well.targets).length > 0 || (well.tags?.length ?? 0) > 0);
}

export function expandSeries(params: SeriesParams, ctx: LayoutContext): ExpandResult {
  const { defn } = ctx;
  const size = defn.rows * defn.cols;
  const factor = factorOf(params.factor);
  if (!(factor > 1)) return fail('The dilution factor must be greater than 1');
  const slugs: string[] = [];
  for (const c of params.compounds) {
    const slug = benchSlug(ctx, c.reagent);
    if (!slug) return fail(unknownReagent(c.reagent));
    slugs.push(slug);
  }

  const usable = new Uint8Array(size);
  if (params.region && params.region.length > 0) {
    const { indices, bad } = wellListIndices(defn, params.region);
    if (bad !== undefined)
      return fail(`"${bad}" is not a well of this ${defn.format}-well plate`, bad);
    for (const i of indices) usable[i] = 1;
  } else usable.fill(1);
  const skipFilled = params.skip_filled ?? true;
  for (let i = 0; i < size; i++) {
    if (!usable[i]) continue;
    if (params.avoid_edges && isEdgeIndex(defn, i)) usable[i] = 0;
    else if (skipFilled && isFilled(ctx.wells[idsOf(defn, [i])[0]])) usable[i] = 0;
  }

  const slots = seriesSlots(defn, usable, params.points, params.direction);
  const needed = params.compounds.length * params.replicates;
  // Wells already given to a compound: placed compounds (with a start well) go first, the
  // others then take the free runs in reading order.
  const used = new Uint8Array(size);
  const assigned: number[][][] = params.compounds.map(() => []);
  for (const [c, compound] of params.compounds.entries()) {
    if (compound.start === undefined) continue;
    const tracks = tracksFrom(defn, usable, used, compound.start, params);
    if (typeof tracks === 'string') return fail(tracks, compound.start);
    assigned[c] = tracks;
  }
  let next = 0;
  for (const [c, compound] of params.compounds.entries()) {
    if (compound.start !== undefined) continue;
    while (assigned[c].length < params.replicates && next < slots.length) {
      const slot = slots[next++];
      if (slot.some((i) => used[i])) continue;
      for (const i of slot) used[i] = 1;
      assigned[c].push(slot);
    }
    if (assigned[c].length < params.replicates) {
      return fail(
        `The series need ${needed} runs of ${params.points} free wells; the region holds ${slots.length}, too few from ${compound.name ?? compound.reagent} on`,
      );
    }
  }

  const ops: PrimitiveOp[] = [];
  const treated: number[] = [];
  params.compounds.forEach((compound, c) => {
    const top = compound.top ?? params.top;
    const top_nM = toNanomolar(top.value, top.unit);
    const name = compound.name ?? slugs[c];
    for (let k = 1; k <= params.points; k++) {
      const wells = assigned[c].map((track) => track[k - 1]);
      treated.push(...wells);
      const ids = idsOf(defn, wells);
      const set: PrimitiveOp = {
        op: 'set',
        wells: ids,
        reagent: slugs[c],
        target_nM: seriesPoint(top_nM, factor, k),
      };
      if (params.tol_pct !== undefined) set.tol_pct = params.tol_pct;
      ops.push(set, { op: 'tag', wells: ids, add: [`SERIES:${name}:${k}`] });
    }
  });
  // Whatever the wells held is replaced, so a series never mixes with an earlier layout.
  ops.unshift({
    op: 'clear',
    wells: idsOf(
      defn,
      treated.toSorted((a, b) => a - b),
    ),
  });
  const onEdge = treated.filter((i) => isEdgeIndex(defn, i)).toSorted((a, b) => a - b);
  const warning = edgeWarning(idsOf(defn, onEdge));
  return { ok: true, ops, warnings: warning ? [warning] : [] };
}
