/**
 * The rows of a campaign's exports: the picklist of the whole campaign (or one plate) in the
 * acoustic dispenser's columns, and the tidy plate map (one row a well and reagent, every
 * plate). Cells only; the CSV and workbook writers neutralise and type them. The plate map
 * reads the plates' own wells, so a well reads the same here and in its designer.
 */
import { neutralizeCell } from '../csv-safe';
import { PICKLIST_HEADERS } from '../dispensing/export-rows';
import type { WireWells } from '../plate-wire';
import type { CampaignTransfer } from './plan';

type Cell = string | number;

const micromolar = (nM: number | null): Cell =>
  nM == null ? '' : Number((nM / 1000).toPrecision(6));

/** A transfer's picklist row: Sample Name the compound id (else the reagent). */
function picklistRow(t: CampaignTransfer): Cell[] {
  return [
    t.source_plate,
    t.source_barcode,
    t.source_plate_type,
    t.source_well,
    t.destination_plate,
    t.destination_barcode,
    t.destination_plate_type,
    t.destination_well,
    t.volume_nL,
    t.compound_id ?? t.reagent,
    micromolar(t.stock_nM),
    t.stock_nM == null ? '' : 'uM',
  ];
}

/** The picklist: one row a transfer, under the dispenser's headers. */
export function campaignPicklistCells(transfers: readonly CampaignTransfer[]): Cell[][] {
  return [[...PICKLIST_HEADERS], ...transfers.map(picklistRow)];
}

const NEEDS_QUOTES = /[",\r\n]/;

/** A CSV field: the cell neutralised, quoted when it holds a quote, a comma or a line break. */
function csvField(cell: Cell): string {
  const text = String(neutralizeCell(cell));
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: readonly Cell[]) => cells.map(csvField).join(',');

/** Rows of a picklist CSV chunk: the text is handed on a chunk at a time, never as one string. */
const CHUNK_ROWS = 2048;

/**
 * The picklist as CSV text in chunks of rows (their concatenation is the file): the bytes
 * the CSV writer (csv-stringify, no BOM) makes of the neutralised cells, without its
 * per-field work on 400,000 rows. A field is quoted when it holds a quote, a comma or a line
 * break, its quotes doubled; a number is written as JavaScript writes it; every line ends
 * with a newline. The texts a picklist repeats are made once: each field (barcodes, wells,
 * volumes), the source and destination plate columns of consecutive rows of the same plates
 * (transfers are grouped by source, then destination), the concentration columns of each
 * stock. Chunks stay small strings: one string of 40 MB built row by row costs more in
 * garbage collection than the rows themselves.
 */
export function campaignPicklistChunks(transfers: readonly CampaignTransfer[]): string[] {
  const made = new Map<Cell, string>();
  const field = (cell: Cell) => {
    let text = made.get(cell);
    if (text === undefined) {
      text = csvField(cell);
      // bounded: compound ids are mostly one a row
      if (made.size < 200_000) made.set(cell, text);
    }
    return text;
  };
  const concText = new Map<number | null, string>();
  let source: CampaignTransfer | null = null;
  let sourceText = '';
  let destination: CampaignTransfer | null = null;
  let destinationText = '';
  const chunks = [`${csvLine(PICKLIST_HEADERS)}\n`];
  let chunk = '';
  let rows = 0;
  for (const t of transfers) {
    if (
      source === null ||
      t.source_plate !== source.source_plate ||
      t.source_barcode !== source.source_barcode ||
      t.source_plate_type !== source.source_plate_type
    ) {
      source = t;
      sourceText = `${field(t.source_plate)},${field(t.source_barcode)},${field(t.source_plate_type)},`;
    }
    if (
      destination === null ||
      t.destination_plate !== destination.destination_plate ||
      t.destination_barcode !== destination.destination_barcode ||
      t.destination_plate_type !== destination.destination_plate_type
    ) {
      destination = t;
      destinationText = `${field(t.destination_plate)},${field(t.destination_barcode)},${field(t.destination_plate_type)},`;
    }
    let conc = concText.get(t.stock_nM);
    if (conc === undefined) {
      conc = `${field(micromolar(t.stock_nM))},${t.stock_nM == null ? '' : 'uM'}\n`;
      concText.set(t.stock_nM, conc);
    }
    chunk +=
      `${sourceText}${field(t.source_well)},${destinationText}${field(t.destination_well)},` +
      `${field(t.volume_nL)},${csvField(t.compound_id ?? t.reagent)},${conc}`;
    if (++rows === CHUNK_ROWS) {
      chunks.push(chunk);
      chunk = '';
      rows = 0;
    }
  }
  if (chunk) chunks.push(chunk);
  return chunks;
}

export const PLATE_MAP_HEADERS = [
  'Barcode',
  'Well',
  'Role',
  'Compound ID',
  'Reagent',
  'Concentration (uM)',
  'Volume (uL)',
] as const;

const CONTROL_TAGS = new Set(['POS', 'NEG', 'ZERO']);

/** A well's role: its control tag, else "compound" when it names one, else "other". */
function roleOf(tags: readonly string[] | undefined, sample: string | undefined): string {
  const control = tags?.find((t) => CONTROL_TAGS.has(t));
  if (control) return control;
  return sample ? 'compound' : 'other';
}

/** The tidy plate map of the campaign: one row a well and reagent, plates in order. */
export function campaignPlateMapCells(
  plates: readonly { barcode: string; wells: WireWells }[],
): Cell[][] {
  const rows: Cell[][] = [[...PLATE_MAP_HEADERS]];
  for (const plate of plates) {
    for (const [id, w] of Object.entries(plate.wells)) {
      const role = roleOf(w.tags, w.sample);
      const entries = Object.entries(w.targets);
      if (entries.length === 0) rows.push([plate.barcode, id, role, w.sample ?? '', '', '', '']);
      for (const [slug, t] of entries) {
        rows.push([
          plate.barcode,
          id,
          role,
          w.sample ?? '',
          slug,
          micromolar(t.target_nM),
          Number(t.volume_uL.toFixed(6)),
        ]);
      }
    }
  }
  return rows;
}
