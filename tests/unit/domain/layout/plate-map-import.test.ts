import { describe, expect, it } from 'vitest';
import { expandImport, importPlateMap } from '../../../../src/domain/layout/plate-map-import';
import { plateDefn } from '../../../../src/domain/plate-format';
import { referenceApply } from './reference-apply';

const p1536 = plateDefn(1536);
const p96 = plateDefn(96);
const bench = ['staurosporine', 'dmso', 'cmpd-1', 'cmpd-2'];
const ctx = (defn = p1536) => ({ defn, wells: {}, benchSlugs: bench });
const csv = (text: string) => text.split('\n').map((l) => l.split(','));

describe('plate-map import', () => {
  const long = csv(
    [
      'Well,Reagent,Concentration,Unit,Volume (nL)',
      'A01,Staurosporine,10,uM,25',
      'aa1,dmso,,,',
      'AF48,cmpd-1,2.5 mM,,',
      'AG1,dmso,,,', // line 5: no row AG
      'B2,unknown,1,uM,', // line 6
      'B3,cmpd-2,ten,uM,', // line 7
      'B4,cmpd-2,1,furlongs,', // line 8
      'A1,staurosporine,5,uM,', // line 9: twice in A1
      '',
      'C7,cmpd-2,50,%,',
    ].join('\n'),
  );

  it('reads the long form in every common well id form and lists each rejected line', () => {
    const out = importPlateMap({ op: 'import', form: 'long', rows: long }, ctx());
    expect(out.rejected).toEqual([
      { line: 5, reason: '"AG1" is not a well of this 1536-well plate' },
      { line: 6, reason: 'reagent "unknown" is not on the bench' },
      { line: 7, reason: 'concentration "ten" is not a number with a unit (nM, uM, mM, M, %)' },
      { line: 8, reason: 'unit "furlongs" is not a concentration unit (nM, uM, mM, M, %)' },
      { line: 9, reason: 'A1 already has staurosporine on an earlier line' },
    ]);
    const plate = referenceApply(p1536, {}, out.ops);
    expect(plate.A1.targets.staurosporine).toEqual({ target_nM: 10000, volume_uL: 0.025 });
    expect(plate.AA1.targets.dmso).toEqual({ target_nM: null, volume_uL: 0 });
    expect(plate.AF48.targets['cmpd-1'].target_nM).toBe(2_500_000);
    expect(plate.C7.targets['cmpd-2'].target_nM).toBe(50); // a % target kept as its value
    expect(out.ops.find((o) => o.op === 'set' && o.wells[0] === 'C7')).toMatchObject({
      target: { value: 50, unit: '%' },
    });
    expect(out.warnings[0]).toMatch(/edge ring \(A1, AF48\)/);
  });

  it('imports nothing while lines are rejected, unless the user agrees', () => {
    const refused = expandImport({ op: 'import', form: 'long', rows: long }, ctx());
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^5 lines rejected, nothing imported: line 5: /),
    });
    expect(!refused.ok && refused.rejected).toHaveLength(5);
    const agreed = expandImport(
      { op: 'import', form: 'long', rows: long, accept_partial: true },
      ctx(),
    );
    expect(agreed.ok && agreed.warnings[0]).toBe('5 lines rejected and left out');
    // the left-out lines come with the ops: the designer's preview lists them without
    // reading the file a second time
    expect(agreed.ok && agreed.rejected?.map((r) => r.line)).toEqual([5, 6, 7, 8, 9]);
  });

  it('reads a grid, with several reagents a cell', () => {
    const rows = [
      ['Plate map', '', '', ''],
      ['', '1', '2', '3'],
      ['A', 'staurosporine 1 uM; dmso', '', 'cmpd-1@10nM'],
      ['B', '', 'dmso', ''],
      ['Z', 'dmso', '', ''], // line 5: no row Z on a 96 plate
      ['C', 'what 1 uM', '', ''], // line 6
    ];
    const out = importPlateMap({ op: 'import', form: 'grid', rows }, ctx(p96));
    expect(out.rejected).toEqual([
      { line: 5, reason: '"Z" is not a row of this 96-well plate' },
      { line: 6, reason: 'C1: reagent "what" is not on the bench' },
    ]);
    const plate = referenceApply(p96, {}, out.ops);
    expect(plate.A1.targets).toEqual({
      staurosporine: { target_nM: 1000, volume_uL: 0 },
      dmso: { target_nM: null, volume_uL: 0 },
    });
    expect(plate.A3.targets['cmpd-1'].target_nM).toBe(10);
    expect(Object.keys(plate).toSorted()).toEqual(['A1', 'A3', 'B2']);
  });

  it('turns a compound list into series starting at each position', () => {
    const rows = [
      ['Name', 'Concentration (uM)', 'Position'],
      ['cmpd-1', '30', 'B2'],
      ['cmpd-2', '100', 'D2'],
      ['ghost', '1', 'F2'],
      ['cmpd-1', '5', 'C4'], // line 5: would overwrite C4 of cmpd-1's replicate row
    ];
    const out = importPlateMap(
      {
        op: 'import',
        form: 'compounds',
        rows,
        series: { factor: 3, points: 4, replicates: 2, direction: 'rows' },
      },
      ctx(p96),
    );
    expect(out.rejected).toEqual([
      { line: 4, reason: 'reagent "ghost" is not on the bench' },
      { line: 5, reason: 'its series would overwrite C4, taken by line 2' },
    ]);
    const plate = referenceApply(p96, {}, out.ops);
    expect(plate.B2.targets['cmpd-1'].target_nM).toBe(30000);
    expect(plate.B5.targets['cmpd-1'].target_nM).toBeCloseTo(30000 / 27, 9);
    expect(plate.C2.targets['cmpd-1'].target_nM).toBe(30000); // replicate on the next row
    expect(plate.D3.targets['cmpd-2'].target_nM).toBeCloseTo(33333.333333, 5);
    expect(plate.E5.tags).toEqual(['SERIES:cmpd-2:4']);
    expect(Object.keys(plate)).toHaveLength(16);
  });

  it('needs a header naming a well and a reagent', () => {
    expect(
      importPlateMap(
        {
          op: 'import',
          form: 'long',
          rows: [
            ['foo', 'bar'],
            ['A1', 'dmso'],
          ],
        },
        ctx(),
      ).rejected,
    ).toEqual([{ line: 1, reason: 'the header must name a well and a reagent column' }]);
  });
});
