// Once a transfer log is in, the plate's long table gains what each well really holds: the
// actual concentration of each reagent from the actual volumes, its departure from the plan
// and the well's status ("as planned", "off", "missed", "not logged"). Plates without a log
// keep the spec's columns unchanged.
import type { Reconciliation } from '../../domain/transfer-log/reconcile-types';
import { tidy, type Cell } from './plate-table';

export const ACTUAL_HEADERS = ['Actual (nM)', 'Actual Error (%)', 'Actual Status'] as const;

/**
 * The long table's rows (Well first, Slug fifth, as PLATE_TABLE_HEADERS) with the actual
 * columns appended: a reagent no transfer brings keeps its concentration cells empty.
 */
export function withActualColumns(rows: readonly Cell[][], rec: Reconciliation): Cell[][] {
  const wells = new Map(rec.wells.map((w) => [w.well, w]));
  return rows.map((row) => {
    const well = wells.get(String(row[0]));
    if (!well) return [...row, null, null, null];
    const reagent = well.reagents.find((r) => r.reagent === row[4]);
    return [
      ...row,
      reagent ? tidy(reagent.actual_nM) : null,
      reagent ? tidy(reagent.error_pct) : null,
      well.status,
    ];
  });
}
