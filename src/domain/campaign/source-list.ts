/**
 * The source plates of a campaign in the order to load them: the order of the first transfer
 * each one gives in the picklist (grouped by source plate, then destination plate, in run
 * order), with what it holds, how many of its wells and transfers the run uses, the volume it
 * gives and the assay plates it serves. Cells only; the CSV writer neutralises them.
 */
import type { CampaignTransfer } from './plan';

type Cell = string | number;

export const SOURCE_LIST_HEADERS = [
  'Load Order',
  'Source Plate Barcode',
  'Source Plate Type',
  'Contents',
  'Wells Used',
  'Transfers',
  'Volume (uL)',
  'First Plate',
  'Last Plate',
] as const;

interface SourcePlateUse {
  barcode: string;
  type: string;
  library: boolean;
  wells: Set<string>;
  transfers: number;
  nL: number;
  first: number;
  last: number;
  firstBarcode: string;
  lastBarcode: string;
}

/** One row a source plate, in load order. */
export function campaignSourceListCells(transfers: readonly CampaignTransfer[]): Cell[][] {
  const plates = new Map<string, SourcePlateUse>();
  for (const t of transfers) {
    const key = t.source_barcode || t.source_plate;
    let use = plates.get(key);
    if (!use) {
      use = {
        barcode: key,
        type: t.source_plate_type,
        library: false,
        wells: new Set(),
        transfers: 0,
        nL: 0,
        first: t.plate_index,
        last: t.plate_index,
        firstBarcode: t.destination_barcode,
        lastBarcode: t.destination_barcode,
      };
      plates.set(key, use);
    }
    use.library ||= t.compound_id !== null;
    use.wells.add(t.source_well);
    use.transfers++;
    use.nL += t.volume_nL;
    if (t.plate_index < use.first) {
      use.first = t.plate_index;
      use.firstBarcode = t.destination_barcode;
    }
    if (t.plate_index > use.last) {
      use.last = t.plate_index;
      use.lastBarcode = t.destination_barcode;
    }
  }
  const rows: Cell[][] = [[...SOURCE_LIST_HEADERS]];
  let order = 0;
  for (const use of plates.values()) {
    rows.push([
      ++order,
      use.barcode,
      use.type,
      use.library ? 'Library compounds' : 'Controls and solvent',
      use.wells.size,
      use.transfers,
      Number((use.nL / 1000).toFixed(6)),
      use.firstBarcode,
      use.lastBarcode,
    ]);
  }
  return rows;
}
