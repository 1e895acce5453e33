/**
 * The rows every export writes from one plan (DISPENSING.md "Picklist CSV"): the acoustic
 * picklist, the source-plate fill sheet, the bulk-dispense sheet, the intermediates and the
 * pipetting worklist. Cells only; the CSV and workbook writers neutralise and type them.
 */
import type { DispensePlan } from './plan-types';

type Cell = string | number;

/** Picklist columns in the order acoustic dispensers read them; volumes in nL. */
export const PICKLIST_HEADERS = [
  'Source Plate Name',
  'Source Plate Barcode',
  'Source Plate Type',
  'Source Well',
  'Destination Plate Name',
  'Destination Plate Barcode',
  'Destination Plate Type',
  'Destination Well',
  'Transfer Volume',
  'Sample Name',
  'Sample Concentration',
  'Sample Concentration Units',
] as const;

/** The column that marks a transfer to an unmet well dispensed anyway (`dispense_unmet`). */
export const DISPENSED_ANYWAY_HEADER = 'Unmet Well';

/** A molar concentration in uM for a sheet cell; empty for none. */
function micromolar(nM: number | null): Cell {
  return nM == null ? '' : Number((nM / 1000).toPrecision(6));
}

/**
 * The picklist: one row a transfer, grouped by source plate and well. It holds what the
 * instrument is to dispense and nothing else: the unmet wells are not in it (they are in
 * the unmet sheet, which no instrument reads), unless the plan dispenses them anyway; then
 * a last column marks each of their rows "dispensed anyway".
 */
export function picklistCells(plan: DispensePlan): Cell[][] {
  const marked = plan.transfers.some((t) => t.unmet);
  const header: Cell[] = [...PICKLIST_HEADERS];
  if (marked) header.push(DISPENSED_ANYWAY_HEADER);
  const rows: Cell[][] = plan.transfers.map((t) => {
    const row: Cell[] = [
      t.source_plate,
      t.source_barcode,
      t.source_plate_type,
      t.source_well,
      t.destination_plate,
      t.destination_barcode,
      t.destination_plate_type,
      t.destination_well,
      t.volume_nL,
      t.reagent,
      micromolar(t.stock_nM),
      t.stock_nM == null ? '' : 'uM',
    ];
    if (marked) row.push(t.unmet ? 'dispensed anyway' : '');
    return row;
  });
  return [header, ...rows];
}

/** The source-plate fill sheet: what to put in each source well. */
export function fillSheetCells(plan: DispensePlan): Cell[][] {
  return [
    [
      'Source Plate Name',
      'Source Plate Barcode',
      'Source Plate Type',
      'Source Well',
      'Reagent',
      'Concentration (uM)',
      'Diluent',
      'Fill (uL)',
      'Dead Volume (uL)',
      'Transferred (uL)',
    ],
    ...plan.sources.map((s) => [
      s.plate,
      s.barcode,
      s.type,
      s.well,
      s.reagent,
      micromolar(s.concentration),
      s.diluent ?? '',
      s.fill_uL,
      s.dead_uL,
      s.transfers_uL,
    ]),
  ];
}

/** The bulk-dispense sheet: one liquid and volume to a list of wells. */
export function bulkSheetCells(plan: DispensePlan): Cell[][] {
  return [
    ['Reagent', 'Volume per Well (uL)', 'Well Count', 'Total (uL)', 'Wells'],
    ...plan.bulk.map((b) => [
      b.reagent,
      b.volume_uL,
      b.wells.length,
      Number((b.volume_uL * b.wells.length).toFixed(6)),
      b.wells.join(' '),
    ]),
  ];
}

/** The intermediates to prepare, in order (each from the one before or the stock). */
export function intermediateCells(plan: DispensePlan): Cell[][] {
  return [
    [
      'Reagent',
      'Concentration (uM)',
      'Dilution',
      'From (uM)',
      'From (uL)',
      'Diluent',
      'Diluent (uL)',
      'Total (uL)',
    ],
    ...plan.intermediates.map((i) => [
      i.reagent,
      micromolar(i.concentration),
      `1:${i.factor}`,
      micromolar(i.from_concentration),
      i.from_uL,
      i.diluent,
      i.diluent_uL,
      i.total_uL,
    ]),
  ];
}

/** The pipetting worklist: source, destination, volume in uL, one row a transfer. */
export function pipettingWorklistCells(plan: DispensePlan): Cell[][] {
  return [
    [
      'Source Plate',
      'Source Well',
      'Destination Plate',
      'Destination Well',
      'Volume (uL)',
      'Reagent',
    ],
    ...plan.transfers.map((t) => [
      t.source_plate,
      t.source_well,
      t.destination_plate,
      t.destination_well,
      Number((t.volume_nL / 1000).toFixed(4)),
      t.reagent,
    ]),
  ];
}

/** The unmet wells: well, reagent, reason and what would meet it. */
export function unmetCells(plan: DispensePlan): Cell[][] {
  return [
    ['Well', 'Reagent', 'Reason', 'Proposal'],
    ...plan.unmet.map((u) => [u.well, u.reagent, u.reason, u.proposal ?? '']),
  ];
}

/** How many distinct wells have something unmet (the X-Unmet-Wells count). */
export function unmetWellCount(plan: DispensePlan): number {
  return new Set(plan.unmet.map((u) => u.well)).size;
}
