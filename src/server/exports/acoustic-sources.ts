// The acoustic dispenser plan of a plate: where each source liquid sits (the domain lays
// them out) and the transfers from there. The source sheet tells staff what to put in
// which source well before they load the transfer list.
import { wireWellsOf, type PlateState } from '../../domain/plate-state';
import {
  acousticTransferList,
  assignSourceWells,
  sourceKeysOf,
  type SourceWell,
  type TransferRow,
} from '../../domain/transfer-list';
import type { Cell } from './plate-table';

/** Source wells, transfers, and the additions left out (below one droplet). */
export interface AcousticPlan {
  sources: Record<string, SourceWell>;
  rows: TransferRow[];
  skipped: { well: string; reagent: string; reason: string }[];
}

/** The plan of the plate as GET /plate answers it. */
export function acousticPlan(state: PlateState): AcousticPlan {
  const wells = wireWellsOf(state);
  const sources = assignSourceWells(sourceKeysOf(state.defn, wells));
  return { sources, ...acousticTransferList(state.defn, wells, sources) };
}

/** "slug@1:10" -> {slug, dilution 10}; a plain slug has dilution 1. */
export function parseSourceKey(key: string): { slug: string; dilution: number } {
  const match = /^(.*)@1:(\d+(?:\.\d+)?)$/.exec(key);
  return match ? { slug: match[1], dilution: Number(match[2]) } : { slug: key, dilution: 1 };
}

/** One row per source liquid: where it goes, what it is, how much the transfers take. */
export function sourceCells(plan: AcousticPlan, names: Record<string, string>): Cell[][] {
  const totals = new Map<string, { nL: number; count: number }>();
  for (const row of plan.rows) {
    const total = totals.get(row.reagent) ?? { nL: 0, count: 0 };
    total.nL += row.volume_nL;
    total.count += 1;
    totals.set(row.reagent, total);
  }
  return [
    ['Source Plate Name', 'Source Well', 'Reagent', 'Slug', 'Dilution', 'Total (nL)', 'Transfers'],
    ...Object.entries(plan.sources).map(([key, where]) => {
      const { slug, dilution } = parseSourceKey(key);
      const total = totals.get(key) ?? { nL: 0, count: 0 };
      return [
        where.plate,
        where.well,
        names[slug] ?? slug,
        slug,
        dilution === 1 ? null : `1:${dilution}`,
        total.nL,
        total.count,
      ];
    }),
  ];
}
