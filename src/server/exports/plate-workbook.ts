// The Excel export (DOMAIN.md "Exports"): a plate-map sheet laid out as the plate grid, the
// long table, the bench reagents, the protocol operations with the plan's intermediates, and
// the dispense plan's sheets (picklist, fill
// sheet, bulk sheet, worklist, unmet). Text cells are written as text (type "s"), never as
// formulas, so a cell starting with "=" stays what was typed.
import { utils, write, type WorkSheet } from '@e965/xlsx';
import { formatVolume } from '../../domain/accuracy';
import { dispensedVolumeUL, type PlateState, type StateWell } from '../../domain/plate-state';
import type { ProtocolOp } from '../../domain/plate-wire';
import { idOfIndex, rowLetter } from '../../domain/well-id';
import type { BenchReagentJson } from '../repositories/bench-json';
import { PLATE_TABLE_HEADERS, plateTableRows, tidyVolume, type Cell } from './plate-table';

/** Sheet names, in workbook order. */
export const SHEETS = {
  map: 'Plate map',
  wells: 'Wells',
  bench: 'Bench reagents',
  protocol: 'Protocol',
} as const;

/** What a plate-map cell says of a well: its label, then each reagent with its target. */
export function wellSummary(well: StateWell | undefined): string {
  if (!well) return '';
  const parts = Object.keys(well.targets).map((slug) => {
    const shown = well.metrics.targetDisplayNames[slug];
    if (shown) return shown;
    return `${well.metrics.reagentDisplayNames[slug] ?? slug} ${formatVolume(dispensedVolumeUL(well, slug))}`;
  });
  if (well.label) parts.unshift(well.label);
  return parts.join('; ');
}

/** The plate grid: a header row of column numbers, then one row per plate row. */
export function plateMapCells(state: PlateState): Cell[][] {
  const { rows, cols } = state.defn;
  const header: Cell[] = [null, ...Array.from({ length: cols }, (_, c) => c + 1)];
  const grid: Cell[][] = [header];
  for (let r = 0; r < rows; r++) {
    const line: Cell[] = [rowLetter(r)];
    for (let c = 0; c < cols; c++) {
      line.push(wellSummary(state.wells[idOfIndex(state.defn, r * cols + c)]) || null);
    }
    grid.push(line);
  }
  return grid;
}

const BENCH_HEADERS = [
  'Slug',
  'Name',
  'Type',
  'Stock (uM)',
  'Stock (M)',
  'Units',
  'Solvent',
  'Max concentration (%)',
  'Min transfer (uL)',
  'Molecular weight (g/mol)',
  'Cells per mL',
  'pH',
  'Ionic strength (mM)',
  'Description',
];

/** The bench reagents, one row each. */
export function benchCells(bench: readonly BenchReagentJson[]): Cell[][] {
  return [
    BENCH_HEADERS,
    ...bench.map((b) => [
      b.slug,
      b.name,
      b.type,
      b.stock_uM,
      b.stock_molarity_M,
      b.concentration_units,
      b.solvent,
      b.max_concentration_percent,
      b.min_transfer_ul,
      b.molecular_weight_g_per_mol,
      b.cells_per_ml,
      b.ph,
      b.ionic_strength_mM,
      b.description,
    ]),
  ];
}

/** The protocol operations, one row each. */
export function protocolCells(ops: readonly ProtocolOp[]): Cell[][] {
  return [
    ['Step', 'Operation', 'Where', 'Reagent', 'Volume (uL)', 'Label', 'Notes'],
    ...ops.map((op, i) => [
      i + 1,
      op.op,
      op.sel,
      op.reagent ?? null,
      tidyVolume(op.volume_uL),
      op.label || null,
      op.notes || null,
    ]),
  ];
}

/** A further sheet of the workbook (the dispense plan's). */
export interface ExtraSheet {
  name: string;
  cells: Cell[][];
  widths: number[];
}

function sheet(cells: Cell[][], widths: number[]): WorkSheet {
  const ws = utils.aoa_to_sheet(cells);
  ws['!cols'] = widths.map((wch) => ({ wch }));
  return ws;
}

/** The workbook as .xlsx bytes. */
export function plateWorkbook(
  state: PlateState,
  bench: readonly BenchReagentJson[],
  ops: readonly ProtocolOp[],
  extra: readonly ExtraSheet[] = [],
  /** rows listed under the protocol steps (the plan's intermediates) */
  protocolExtra: readonly Cell[][] = [],
): Buffer {
  const wb = utils.book_new();
  const mapWidths = [4, ...Array.from({ length: state.defn.cols }, () => 18)];
  utils.book_append_sheet(wb, sheet(plateMapCells(state), mapWidths), SHEETS.map);
  utils.book_append_sheet(
    wb,
    sheet(
      [[...PLATE_TABLE_HEADERS], ...plateTableRows(state)],
      PLATE_TABLE_HEADERS.map((h) => Math.max(8, h.length + 2)),
    ),
    SHEETS.wells,
  );
  utils.book_append_sheet(
    wb,
    sheet(
      benchCells(bench),
      BENCH_HEADERS.map((h) => Math.max(10, h.length + 2)),
    ),
    SHEETS.bench,
  );
  utils.book_append_sheet(
    wb,
    sheet(
      protocolExtra.length > 0 ? [...protocolCells(ops), [], ...protocolExtra] : protocolCells(ops),
      [6, 10, 8, 16, 12, 30, 60],
    ),
    SHEETS.protocol,
  );
  for (const x of extra) utils.book_append_sheet(wb, sheet(x.cells, x.widths), x.name);
  return write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
