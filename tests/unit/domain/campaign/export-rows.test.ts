// The campaign picklist made as CSV text row by row must be the bytes the CSV writer makes
// of the neutralised cells: fields with commas, quotes and line breaks, formula-leading text,
// negative and fractional numbers, empty cells.
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import {
  campaignPicklistCells,
  campaignPicklistChunks,
} from '../../../../src/domain/campaign/export-rows';
import type { CampaignTransfer } from '../../../../src/domain/campaign/plan';
import { neutralizeRows } from '../../../../src/domain/csv-safe';

const transfer = (over: Partial<CampaignTransfer>): CampaignTransfer => ({
  source_plate: 'LIB-A',
  source_barcode: 'LIB-A',
  source_plate_type: '384PP_DMSO2',
  source_well: 'A1',
  destination_plate: 'PS0001',
  destination_barcode: 'PS0001',
  destination_plate_type: '1536LDV',
  destination_well: 'C5',
  volume_nL: 2.5,
  reagent: 'library-10000um-dmso',
  stock_nM: 1e7,
  compound_id: 'CMP-1',
  plate_index: 1,
  ...over,
});

describe('campaignPicklistChunks', () => {
  it('writes what csv-stringify writes of the neutralised cells', () => {
    const transfers = [
      transfer({}),
      transfer({ compound_id: 'a,b', volume_nL: 0.1 + 0.2 }),
      transfer({ compound_id: 'say "hi"', stock_nM: 1234.5678 }),
      transfer({ compound_id: 'two\nlines', destination_well: 'AF48' }),
      transfer({ compound_id: '=SUM(A1)', source_plate: '+1', source_barcode: '-2' }),
      transfer({ compound_id: '@x', source_well: '\tB2', volume_nL: -5 }),
      transfer({ compound_id: null, reagent: 'dmso', stock_nM: null, source_barcode: '' }),
      transfer({ compound_id: 'cr\rhere', destination_plate: 'Controls[1]' }),
    ];
    const expected = stringify(neutralizeRows(campaignPicklistCells(transfers)), { bom: false });
    expect(campaignPicklistChunks(transfers).join('')).toBe(expected);
    expect(campaignPicklistChunks([]).join('')).toBe(
      stringify(neutralizeRows(campaignPicklistCells([]))),
    );
  });

  it('writes thousands of rows in chunks, plates changing between and within chunks', () => {
    const transfers = Array.from({ length: 5000 }, (_, k) =>
      transfer({
        source_plate: `LIB-${Math.floor(k / 700)}`,
        source_barcode: `LIB-${Math.floor(k / 700)}`,
        source_well: `A${(k % 24) + 1}`,
        destination_plate: `PS${k % 3}`,
        destination_barcode: `PS${k % 3}`,
        volume_nL: k % 7 === 0 ? 5 : 2.5,
        compound_id: k % 11 === 0 ? null : `CMP-${k}`,
        stock_nM: k % 5 === 0 ? null : 1e7,
      }),
    );
    const chunks = campaignPicklistChunks(transfers);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(stringify(neutralizeRows(campaignPicklistCells(transfers))));
  });
});
