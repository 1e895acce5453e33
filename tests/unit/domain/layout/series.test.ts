import { describe, expect, it } from 'vitest';
import { expandControls } from '../../../../src/domain/layout/controls';
import { expandSeries, type SeriesParams } from '../../../../src/domain/layout/series';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { referenceApply } from './reference-apply';

const p384 = plateDefn(384);
const p1536 = plateDefn(1536);
const bench = [
  'cmpd-a',
  'staurosporine',
  'dmso',
  ...Array.from({ length: 16 }, (_, k) => `c${k + 1}`),
];

function run(params: Omit<SeriesParams, 'op'>, defn = p384, wells: WireWells = {}) {
  const result = expandSeries({ op: 'series', ...params }, { defn, wells, benchSlugs: bench });
  if (!result.ok) throw new Error(result.message);
  return { result, plate: referenceApply(defn, wells, result.ops) };
}

describe('dilution series', () => {
  it('lays a 10-point 3-fold series from 30 uM along row B of a 384 plate', () => {
    const { plate, result } = run({
      compounds: [{ reagent: 'cmpd-a', name: 'A' }],
      top: { value: 30, unit: 'uM' },
      factor: 3,
      points: 10,
      replicates: 1,
      direction: 'rows',
      region: ['B1:B24'],
    });
    // 30 uM, 10 uM, 3.333 uM ... worked by hand in nM
    const expected = [
      30000, 10000, 3333.3333333, 1111.1111111, 370.37037037, 123.45679012, 41.152263374,
      13.717421125, 4.5724737083, 1.5241579028,
    ];
    expect(plate.B1.targets['cmpd-a'].target_nM).toBe(30000);
    expect(plate.B2.targets['cmpd-a'].target_nM).toBe(10000);
    for (let k = 1; k <= 10; k++) {
      expect(plate[`B${k}`].targets['cmpd-a'].target_nM).toBeCloseTo(expected[k - 1], 6);
      expect(plate[`B${k}`].tags).toEqual([`SERIES:A:${k}`]);
    }
    expect(Object.keys(plate).sort()).toEqual([
      'B1',
      'B10',
      'B2',
      'B3',
      'B4',
      'B5',
      'B6',
      'B7',
      'B8',
      'B9',
    ]);
    // No volume anywhere: the dispensing engine plans them.
    expect(result.ops.some((o) => o.op === 'set' && o.volume_uL !== undefined)).toBe(false);
    // B1 is on the edge ring (column 1)
    expect(result.warnings[0]).toMatch(/^1 treatment well on the edge ring \(B1\)/);
  });

  it('runs right to left and down columns', () => {
    const rtl = run({
      compounds: [{ reagent: 'cmpd-a' }],
      top: { value: 1, unit: 'mM' },
      factor: 10,
      points: 3,
      replicates: 1,
      direction: 'rows-reverse',
      region: ['C1:C24'],
    });
    expect(rtl.plate.C24.targets['cmpd-a'].target_nM).toBe(1e6);
    expect(rtl.plate.C23.targets['cmpd-a'].target_nM).toBe(1e5);
    expect(rtl.plate.C22.targets['cmpd-a'].target_nM).toBe(1e4);
    expect(rtl.plate.C22.tags).toEqual(['SERIES:cmpd-a:3']);
    const down = run({
      compounds: [{ reagent: 'cmpd-a' }],
      top: { value: 1, unit: 'mM' },
      factor: 2,
      points: 4,
      replicates: 2,
      direction: 'columns',
      region: ['B5:I5'],
    });
    expect(Object.keys(down.plate).sort()).toEqual([
      'B5',
      'C5',
      'D5',
      'E5',
      'F5',
      'G5',
      'H5',
      'I5',
    ]);
    expect(down.plate.B5.targets['cmpd-a'].target_nM).toBe(1e6);
    expect(down.plate.E5.targets['cmpd-a'].target_nM).toBe(125000);
    expect(down.plate.F5.targets['cmpd-a'].target_nM).toBe(1e6); // replicate 2 starts again
    expect(down.plate.I5.tags).toEqual(['SERIES:cmpd-a:4']);
  });

  it('takes half-log steps', () => {
    const { plate } = run({
      compounds: [{ reagent: 'cmpd-a' }],
      top: { value: 10, unit: 'uM' },
      factor: 'half-log',
      points: 5,
      replicates: 1,
      direction: 'rows',
      region: ['D2:D12'],
    });
    expect(plate.D2.targets['cmpd-a'].target_nM).toBe(10000);
    expect(plate.D3.targets['cmpd-a'].target_nM).toBeCloseTo(3162.2776602, 6);
    expect(plate.D4.targets['cmpd-a'].target_nM).toBeCloseTo(1000, 9);
    expect(plate.D6.targets['cmpd-a'].target_nM).toBeCloseTo(100, 9);
  });

  it('16 compounds x 10 points x 2 replicates beside 32 controls on a 1536 plate', () => {
    const ctx = { defn: p1536, wells: {}, benchSlugs: bench };
    const controls = expandControls(
      {
        op: 'controls',
        columns: [1, 2, 47, 48],
        controls: [
          { kind: 'POS', reagent: 'staurosporine', target: { value: 10, unit: 'uM' }, count: 16 },
          { kind: 'NEG', reagent: 'dmso', count: 16 },
        ],
      },
      ctx,
    );
    if (!controls.ok) throw new Error(controls.message);
    const withControls = referenceApply(p1536, {}, controls.ops);
    const { plate } = run(
      {
        compounds: Array.from({ length: 16 }, (_, k) => ({ reagent: `c${k + 1}` })),
        top: { value: 10, unit: 'uM' },
        factor: 3,
        points: 10,
        replicates: 2,
        direction: 'rows',
        region: ['A3:AF46'],
      },
      p1536,
      withControls,
    );
    const wellsOf = (pred: (w: WireWells[string]) => boolean) =>
      Object.entries(plate)
        .filter(([, w]) => pred(w))
        .map(([id]) => id);
    // Row A holds columns 3-46: four runs of 10 (3-12, 13-22, 23-32, 33-42); compound 1
    // takes the first two, compound 2 the next two, compound 3 starts row B ...
    const c1 = [
      ...Array.from({ length: 10 }, (_, k) => `A${3 + k}`),
      ...Array.from({ length: 10 }, (_, k) => `A${13 + k}`),
    ];
    expect(wellsOf((w) => 'c1' in w.targets).sort()).toEqual(c1.sort());
    expect(plate.A13.targets.c1.target_nM).toBe(10000);
    expect(plate.A22.tags).toEqual(['SERIES:c1:10']);
    expect(wellsOf((w) => 'c3' in w.targets)).toContain('B3');
    expect(wellsOf((w) => 'c16' in w.targets).sort()).toEqual(
      [
        ...Array.from({ length: 10 }, (_, k) => `H${23 + k}`),
        ...Array.from({ length: 10 }, (_, k) => `H${33 + k}`),
      ].sort(),
    );
    // Controls: a checkerboard over columns 1, 2, 47, 48, every fourth well of each share
    const pos = [
      'A1',
      'I1',
      'Q1',
      'Y1',
      'B2',
      'J2',
      'R2',
      'Z2',
      'A47',
      'I47',
      'Q47',
      'Y47',
      'B48',
      'J48',
      'R48',
      'Z48',
    ];
    const neg = [
      'B1',
      'J1',
      'R1',
      'Z1',
      'A2',
      'I2',
      'Q2',
      'Y2',
      'B47',
      'J47',
      'R47',
      'Z47',
      'A48',
      'I48',
      'Q48',
      'Y48',
    ];
    expect(wellsOf((w) => w.tags?.includes('POS') ?? false).sort()).toEqual(pos.sort());
    expect(wellsOf((w) => w.tags?.includes('NEG') ?? false).sort()).toEqual(neg.sort());
    expect(plate.A1.targets.staurosporine.target_nM).toBe(10000);
    expect(plate.B1.targets.dmso.target_nM).toBeNull();
    expect(Object.keys(plate)).toHaveLength(16 * 10 * 2 + 32);
  });

  it('starts a compound at its own well and skips filled wells', () => {
    const filled: WireWells = { E5: { targets: { dmso: { target_nM: null, volume_uL: 1 } } } };
    const { plate } = run(
      {
        compounds: [{ reagent: 'cmpd-a', start: 'E2' }],
        top: { value: 1, unit: 'uM' },
        factor: 2,
        points: 3,
        replicates: 1,
        direction: 'rows',
        region: ['E1:E12'],
      },
      p384,
      filled,
    );
    expect(plate.E2.targets['cmpd-a'].target_nM).toBe(1000);
    expect(plate.E4.targets['cmpd-a'].target_nM).toBe(250);
    expect(plate.E5.targets['cmpd-a']).toBeUndefined();
    const blocked = expandSeries(
      {
        op: 'series',
        compounds: [{ reagent: 'cmpd-a', start: 'E4' }],
        top: { value: 1, unit: 'uM' },
        factor: 2,
        points: 3,
        replicates: 1,
        direction: 'rows',
        region: ['E1:E12'],
      },
      { defn: p384, wells: filled, benchSlugs: bench },
    );
    expect(blocked).toMatchObject({ ok: false, well: 'E4' });
  });

  it('keeps off the edge ring when asked', () => {
    const { plate, result } = run({
      compounds: [{ reagent: 'cmpd-a' }],
      top: { value: 1, unit: 'uM' },
      factor: 2,
      points: 22,
      replicates: 1,
      direction: 'rows',
      avoid_edges: true,
    });
    expect(Object.keys(plate).sort()).toEqual(
      Array.from({ length: 22 }, (_, k) => `B${k + 2}`).sort(),
    );
    expect(result.warnings).toEqual([]);
  });

  it('refuses what does not fit, an unknown reagent and a factor of 1', () => {
    const ctx = { defn: p384, wells: {}, benchSlugs: bench };
    const base = {
      op: 'series' as const,
      top: { value: 1, unit: 'uM' as const },
      factor: 3,
      points: 10,
      replicates: 3,
      direction: 'rows' as const,
    };
    // two rows of 24 hold four runs of 10; five replicates do not fit
    const tooMany = expandSeries(
      { ...base, replicates: 5, compounds: [{ reagent: 'cmpd-a' }], region: ['A1:B24'] },
      ctx,
    );
    expect(tooMany.ok).toBe(false);
    expect(expandSeries({ ...base, compounds: [{ reagent: 'nope' }] }, ctx)).toMatchObject({
      ok: false,
      message: expect.stringContaining('Unknown reagent "nope"'),
    });
    expect(expandSeries({ ...base, factor: 1, compounds: [{ reagent: 'cmpd-a' }] }, ctx).ok).toBe(
      false,
    );
  });
});
