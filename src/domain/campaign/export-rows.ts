/**
 * The rows of a campaign's exports: the picklist of the whole campaign (or one plate) in the
 * acoustic dispenser's columns, and the tidy plate map (one row a well and reagent, every
 * plate). Cells only; the CSV and workbook writers neutralise and type them. The plate map
 * reads the plates' own wells, so a well reads the same here and in its designer.
 */
import { PICKLIST_HEADERS } from '../dispensing/export-rows';
import type { WireWells } from '../plate-wire';
import type { CampaignTransfer } from './plan';

type Cell = string | number;

const micromolar = (nM: number | null): Cell =>
  nM == null ? '' : Number((nM / 1000).toPrecision(6));

/** The picklist: one row a transfer, Sample Name the compound id (else the reagent). */
export function campaignPicklistCells(transfers: readonly CampaignTransfer[]): Cell[][] {
  const rows: Cell[][] = [[...PICKLIST_HEADERS]];
  for (const t of transfers) {
    rows.push([
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
    ]);
  }
  return rows;
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
