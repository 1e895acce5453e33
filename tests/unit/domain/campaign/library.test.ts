import { describe, expect, it } from 'vitest';
import { concentrationNanomolar, parseLibraryRows } from '../../../../src/domain/campaign/library';

describe('library files', () => {
  it('finds the columns by the names people give them, or by the mapping', () => {
    const rows = [
      ['Source Plate Barcode', 'Source Well', 'Sample ID', 'Conc', 'Fluid Volume'],
      ['P1', 'H012', 'X-1', '10', '30'],
    ];
    const read = parseLibraryRows(rows, { default_plate_type: '384PP_DMSO2' });
    expect(read).toEqual({
      ok: true,
      refused: [],
      wells: [
        {
          barcode: 'P1',
          plate_type: '384PP_DMSO2',
          well: 'H12',
          compound_id: 'X-1',
          compound_name: '',
          concentration_nM: 10_000_000,
          solvent: 'DMSO',
          volume_uL: 30,
          molecular_weight: null,
        },
      ],
    });
    const mapped = parseLibraryRows(
      [
        ['Rack', 'Pos', 'Substance', 'mmol'],
        ['R', 'A1', 'S', '2'],
      ],
      {
        default_plate_type: '1536LDV_DMSO',
        mapping: { barcode: 'rack', well: 'POS', compound_id: 'Substance', concentration: 'mmol' },
      },
    );
    expect(mapped.ok && mapped.wells[0]).toMatchObject({ barcode: 'R', volume_uL: 5 });
    expect(parseLibraryRows([['Rack', 'Pos']], { default_plate_type: '384PP_DMSO2' })).toEqual({
      ok: false,
      message:
        'No column for barcode, well, compound_id, concentration: name the columns in the header row or map them',
    });
  });

  it('converts mass concentrations through the molecular weight', () => {
    // DISPENSING.md: c (nM) = 1000 * c (ng/mL) / MW; 50 ng/mL of 50 kDa is 1 nM
    expect(concentrationNanomolar(50, 'ng/mL', 50_000)).toEqual({ nM: 1 });
    expect(concentrationNanomolar(4.6653, 'µg/mL', 466.53)).toEqual({ nM: 10_000 });
    expect(concentrationNanomolar(1, 'mg/mL', null)).toEqual({
      message: 'mg/mL needs a molecular weight',
    });
  });

  it('refuses a well named twice and a volume past the plate type', () => {
    const read = parseLibraryRows(
      [
        ['barcode', 'well', 'compound id', 'concentration', 'volume'],
        ['P', 'A1', 'C1', '10', '70'],
        ['P', 'A2', 'C2', '10', ''],
        ['P', 'a02', 'C3', '10', ''],
      ],
      { default_plate_type: '384PP_DMSO2' },
    );
    expect(read.ok && read.refused).toEqual([
      { line: 2, reason: '70 uL is more than a 384PP_DMSO2 well holds (65 uL)' },
      { line: 4, reason: 'P A2 is listed twice' },
    ]);
  });

  it('reads each line’s stock and plate on its own, and skips blank lines', () => {
    // the same stock text with another molecular weight is another concentration, the same
    // well on another plate is another well, and a bad line does not spoil the next one
    const read = parseLibraryRows(
      [
        ['barcode', 'well', 'compound id', 'concentration', 'unit', 'mw'],
        ['P', 'A1', 'C1', '4.6653', 'ug/mL', '466.53'],
        ['P', 'A2', 'C2', '4.6653', 'ug/mL', '233.265'],
        ['P', 'A3', 'C3', '4.6653', 'ug/mL', 'heavy'],
        ['', ' ', '', '', '', ''],
        ['Q', 'A1', 'C4', '4.6653', 'ug/mL', '466.53'],
        ['', 'A4', 'C5', '1', 'mM', ''],
        ['Q', 'A2', 'C6', '4.6653', 'ug/mL', ''],
      ],
      { default_plate_type: '384PP_DMSO2', plate_types: { Q: '1536LDV_DMSO' } },
    );
    expect(read.ok && read.refused).toEqual([
      { line: 4, reason: 'molecular weight "heavy" is not a positive number' },
      { line: 7, reason: 'no plate barcode' },
      { line: 8, reason: 'ug/mL needs a molecular weight' },
    ]);
    expect(
      read.ok && read.wells.map((w) => [w.barcode, w.plate_type, w.well, w.concentration_nM]),
    ).toEqual([
      ['P', '384PP_DMSO2', 'A1', 10_000],
      ['P', '384PP_DMSO2', 'A2', 20_000],
      ['Q', '1536LDV_DMSO', 'A1', 10_000],
    ]);
  });
});
