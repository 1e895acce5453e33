/**
 * Controls: positive (POS), negative / vehicle (NEG) and blank (ZERO) wells. Either each
 * control names its own wells, or the controls share a set of columns (typically 1-2 and
 * 47-48 on a 1536 plate) and are spread across its rows: in a checkerboard, so that every
 * kind sits in every row band and on both sides of the plate (DISPENSING.md: at least 16 of
 * each on 1536, spread across rows, for a robust Z').
 */
import { toNanomolar, type MolarUnit } from '../units';
import type { PrimitiveOp, SetOp } from '../plate/ops';
import { benchSlug, fail, unknownReagent, type ExpandResult, type LayoutContext } from './context';
import { vehicleControl } from './vehicle-control';
import { idsOf, wellListIndices } from './well-list';

export const CONTROL_KINDS = ['POS', 'NEG', 'ZERO'] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];

export interface ControlSpec {
  kind: ControlKind;
  /** the control reagent (the vehicle for NEG); a blank may hold nothing */
  reagent?: string;
  /** its concentration; none for a vehicle or plain liquid */
  target?: { value: number; unit: MolarUnit } | null;
  /** wells of its own (well ids or rectangles); otherwise a share of `columns` */
  wells?: string[];
  /** at most this many wells, chosen evenly from its share */
  count?: number;
  /**
   * A solvent control (DMSO): its % v/v of the well; absent, the load the plate's compound
   * wells carry (layout/vehicle-control.ts)
   */
  vehicle_pct?: number;
}

export interface ControlsParams {
  op: 'controls';
  controls: ControlSpec[];
  /** 1-based columns shared by the controls without wells of their own */
  columns?: number[];
  tol_pct?: number;
}

/** Picks n of the list evenly spaced (the first, then every len/n-th). */
export function evenlySpaced<T>(list: readonly T[], n: number): T[] {
  if (n >= list.length) return [...list];
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(list[Math.floor((i * list.length) / n)]);
  return out;
}

/**
 * The checkerboard share of each of `kinds` kinds in the given columns: the well in row r of
 * the j-th listed column goes to kind (r + j) mod kinds. Each share is listed column by
 * column, top to bottom, so that evenlySpaced() spreads a count over rows and columns.
 */
export function columnShares(
  shape: { rows: number; cols: number },
  columns: readonly number[],
  kinds: number,
): number[][] {
  const shares: number[][] = Array.from({ length: kinds }, () => []);
  columns.forEach((column, j) => {
    for (let r = 0; r < shape.rows; r++) shares[(r + j) % kinds].push(r * shape.cols + column - 1);
  });
  return shares;
}

export function expandControls(params: ControlsParams, ctx: LayoutContext): ExpandResult {
  const { defn } = ctx;
  const columns = [...new Set(params.columns ?? [])];
  for (const c of columns) {
    if (!Number.isInteger(c) || c < 1 || c > defn.cols) {
      return fail(`Column ${c} is not on this ${defn.format}-well plate (1-${defn.cols})`);
    }
  }
  const sharing = params.controls.filter((c) => !c.wells || c.wells.length === 0);
  if (sharing.length > 0 && columns.length === 0) {
    return fail('Say which columns hold the controls, or give each control its wells');
  }
  const shares = columnShares(defn, columns, sharing.length);

  const ops: PrimitiveOp[] = [];
  const placed = new Set<number>();
  const warnings: string[] = [];
  let shareIndex = 0;
  const countByKind = new Map<ControlKind, number>();
  for (const control of params.controls) {
    let indices: number[];
    if (control.wells && control.wells.length > 0) {
      const read = wellListIndices(defn, control.wells);
      if (read.bad !== undefined)
        return fail(`"${read.bad}" is not a well of this ${defn.format}-well plate`, read.bad);
      indices = read.indices;
    } else indices = shares[shareIndex++];
    if (control.count !== undefined) {
      if (control.count > indices.length) {
        warnings.push(
          `${control.kind}: ${indices.length} wells available, fewer than the ${control.count} asked`,
        );
      }
      indices = evenlySpaced(indices, control.count);
    }
    for (const i of indices) {
      if (placed.has(i))
        return fail(`Two controls share well ${idsOf(defn, [i])[0]}`, idsOf(defn, [i])[0]);
      placed.add(i);
    }
    const ids = idsOf(
      defn,
      indices.toSorted((a, b) => a - b),
    );
    countByKind.set(control.kind, (countByKind.get(control.kind) ?? 0) + ids.length);
    if (ids.length === 0) continue;
    if (control.reagent) {
      const slug = benchSlug(ctx, control.reagent);
      if (!slug) return fail(unknownReagent(control.reagent));
      const target_nM = control.target
        ? toNanomolar(control.target.value, control.target.unit)
        : null;
      const set: SetOp = { op: 'set', wells: ids, reagent: slug, target_nM };
      if (params.tol_pct !== undefined && target_nM !== null) set.tol_pct = params.tol_pct;
      if (target_nM === null) {
        // a vehicle control: its solvent at the compound wells' load, or at the % given
        let pct = control.vehicle_pct;
        if (ctx.solventLoads) {
          const rule = vehicleControl(slug, pct, ctx.solventLoads);
          if (!rule.ok) return fail(`${control.kind}: ${rule.message}`);
          if (rule.warning) warnings.push(`${control.kind}: ${rule.warning}`);
          pct = rule.pct ?? undefined;
        }
        if (pct !== undefined) set.vehicle_pct = pct;
      }
      ops.push(set);
    }
    ops.push({ op: 'tag', wells: ids, add: [control.kind] });
  }
  const all = [...placed].toSorted((a, b) => a - b);
  const held = all.filter((i) => {
    const w = ctx.wells[idsOf(defn, [i])[0]];
    return !!w && (Object.keys(w.targets).length > 0 || (w.tags?.length ?? 0) > 0);
  });
  if (held.length > 0) {
    warnings.push(
      `${held.length} control well${held.length === 1 ? '' : 's'} held a layout that is replaced (${idsOf(defn, held.slice(0, 8)).join(', ')}${held.length > 8 ? ', ...' : ''})`,
    );
  }
  if (defn.format === 1536) {
    for (const kind of ['POS', 'NEG'] as const) {
      const n = countByKind.get(kind);
      if (n !== undefined && n < 16) {
        warnings.push(`${n} ${kind} wells: a 1536 plate needs at least 16 of each for a robust Z'`);
      }
    }
  }
  ops.unshift({ op: 'clear', wells: idsOf(defn, all) });
  return { ok: true, ops, warnings };
}
