// The reconciliation as GET /reconciliation answers it, and the per-well rows of the
// planned-and-actual export.
import type { Reconciliation } from '../../domain/transfer-log/reconcile-types';
import type { ReconciliationAnswer } from '../../domain/schemas/transfer-logs';

export function reconciliationAnswer(files: number, rec: Reconciliation): ReconciliationAnswer {
  const count = (s: string) => rec.wells.filter((w) => w.status === s).length;
  return {
    files,
    counts: {
      as_planned: count('as planned'),
      off: count('off'),
      missed: count('missed'),
      not_logged: count('not logged'),
      unmatched_rows: rec.unmatched.length,
    },
    wells: rec.wells,
    problems: rec.transfers
      .filter((o) => o.state === 'failed' || o.state === 'short')
      .map((o) => ({
        source_plate: o.transfer.source_plate,
        source_barcode: o.transfer.source_barcode,
        source_well: o.transfer.source_well,
        destination_well: o.transfer.destination_well,
        reagent: o.transfer.reagent,
        volume_nL: o.transfer.volume_nL,
        actual_nL: o.actual_nL,
        state: o.state,
        reason: o.reason,
      })),
    unmatched: rec.unmatched,
    sources: rec.sources,
  };
}

const fig = (x: number) => Number(x.toPrecision(6));

/** Planned and actual side by side: one row a well and reagent, concentrations in nM. */
export function actualCells(rec: Reconciliation): (string | number)[][] {
  const rows: (string | number)[][] = [
    [
      'Well',
      'Status',
      'Reagent',
      'Planned (nM)',
      'Actual (nM)',
      'Error (%)',
      'Planned Volume (uL)',
      'Actual Volume (uL)',
    ],
  ];
  for (const w of rec.wells) {
    const reagents = w.reagents.length > 0 ? w.reagents : [null];
    for (const r of reagents) {
      rows.push([
        w.well,
        w.status,
        r?.reagent ?? '',
        r ? fig(r.planned_nM) : '',
        r ? fig(r.actual_nM) : '',
        r ? fig(r.error_pct) : '',
        fig(w.volume_uL),
        fig(w.actual_volume_uL),
      ]);
    }
  }
  return rows;
}
