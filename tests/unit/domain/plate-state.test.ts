import { describe, expect, it } from 'vitest';
import { canonicalizeWells } from '../../../src/domain/plate-wells';
import * as fc from 'fast-check';
import { STATUS, computeMetrics, metricsInputFromPlate } from '../../../src/domain/metrics-kernel';
import {
  computePlateState,
  emptyPlateState,
  validatePlateWells,
  wireWellsOf,
  type BenchReagentInfo,
  type WireWells,
} from '../../../src/domain/plate-state';
import { plateDefn } from '../../../src/domain/plate-format';
import { statusName } from '../../../src/domain/prediction';
import { idOfIndex } from '../../../src/domain/well-id';

const reagent = (
  slug: string,
  type: BenchReagentInfo['type'],
  extra: Partial<BenchReagentInfo> = {},
) =>
  ({
    slug,
    name: slug[0].toUpperCase() + slug.slice(1),
    type,
    stock_nM: null,
    stock_pct: null,
    solvent: null,
    max_concentration_percent: null,
    min_transfer_ul: null,
    ionic_strength_mM: null,
    ...extra,
  }) satisfies BenchReagentInfo;

const bench: BenchReagentInfo[] = [
  reagent('staurosporine', 'chemical', { stock_nM: 10_000_000, solvent: 'DMSO' }),
  reagent('dmso', 'solvent', { stock_pct: 100, max_concentration_percent: 1 }),
  reagent('hepes', 'buffer', {
    stock_nM: 1e9,
    solvent: 'water',
    ionic_strength_mM: 150,
    pKa: 7.48,
    dpKa_dT: -0.014,
    ph: 7.4,
  }),
  reagent('media', 'media'),
];
const defn = plateDefn(1536);

const wells: WireWells = {
  c05: {
    targets: {
      staurosporine: { target_nM: 1000, tol_pct: 5, volume_uL: 0.005 },
      media: { target_nM: null, volume_uL: 4.995 },
    },
    label: 'dose 1',
    sample: 'S1',
    tags: ['TARGET:staurosporine@1000'],
  },
  AF48: {
    targets: {
      staurosporine: { target_nM: 1000, volume_uL: 0.01 },
      dmso: { target_nM: null, volume_uL: 0.1 },
      media: { target_nM: null, volume_uL: 4.89 },
    },
    sample: 'S1',
    tags: ['DMSO'],
  },
  B5: { targets: {}, label: '', sample: '', tags: [] },
  D5: {
    targets: { hepes: { target_nM: null, volume_uL: 1 }, media: { target_nM: null, volume_uL: 4 } },
  },
};

describe('computePlateState', () => {
  const s = computePlateState({ defn, wells, version: 7, bench });

  it('keeps defn and version and canonicalises ids', () => {
    expect(s.defn).toEqual({ format: 1536, rows: 32, cols: 48 });
    expect(s.version).toBe(7);
    expect(Object.keys(s.wells)).toEqual(['C5', 'D5', 'AF48']);
  });

  it('derives targets, predictions and metrics of a well', () => {
    const c5 = s.wells.C5;
    // 10 mM x 0.005 uL / 5 uL = 10 uM against 1 uM: +900 %
    expect(c5.targets.staurosporine).toEqual({
      target_nM: 1000,
      tol_pct: 5,
      volume_uL: 0.005,
      final_vol_uL: 5,
      status: 'error',
    });
    expect(c5.targets.media).toMatchObject({
      target_nM: null,
      tol_pct: 5,
      final_vol_uL: 5,
      status: 'none',
    });
    expect(c5.predicted.staurosporine.nM).toBeCloseTo(10_000, 6);
    expect(c5.predicted.staurosporine.err_pct).toBeCloseTo(900, 6);
    expect(c5.predicted.media).toBeUndefined();
    expect(c5.metrics).toMatchObject({
      volumeUl: 5,
      reagentVolumes: { staurosporine: 0.005, media: 4.995 },
      reagentDisplayNames: { staurosporine: 'Staurosporine', media: 'Media' },
      targetDisplayNames: { staurosporine: 'Staurosporine @ 1.00 µM' },
      // no buffer in the well: no computed pH
      pH: null,
    });
    expect(c5.vehicle_vv_pct).toBeCloseTo(0.1, 9);
    expect(c5.status).toBe('error');
    expect(c5.broken).toEqual([]);
    expect(c5.label).toBe('dose 1');
  });

  it('flags solvent load and over-fill of a 1536 well', () => {
    const af = s.wells.AF48;
    // 10 mM x 0.01 / 5 = 20 uM; DMSO load (0.01 + 0.1) / 5 = 2.2 % > 1 %
    expect(af.predicted.staurosporine.nM).toBeCloseTo(20_000, 6);
    expect(af.vehicle_vv_pct).toBeCloseTo(2.2, 9);
    expect(af.broken).toEqual(['solvent_load']);
    expect(af.status).toBe('error');
  });

  it('uses a declared ionic strength', () => {
    // 150 mM x 1 / 5 = 30 mM, kept as declared, but the medium's make is not given: the
    // well's ionic strength is unknown (null), not 30. The one buffer diluted 1:5 keeps the
    // pH its stock was made at (7.4 at 25 C)
    expect(s.wells.D5.metrics.ionicStrength).toBeNull();
    const declared = computePlateState({
      defn,
      wells: { D5: wells.D5 },
      version: 1,
      bench: bench.map((b) => (b.slug === 'media' ? { ...b, ionic_strength_mM: 160 } : b)),
    });
    // with the medium's 160 mM declared: 30 + 160 x 4 / 5 = 158 mM
    expect(declared.wells.D5.metrics.ionicStrength).toBeCloseTo(158, 9);
    expect(s.wells.D5.metrics.pH).toBeCloseTo(7.4, 9);
    expect(s.wells.D5.status).toBe('none');
  });

  it('builds the indices', () => {
    expect(s.indices.by_sample).toEqual({ S1: ['C5', 'AF48'] });
    expect(s.indices.by_col).toEqual({ '5': ['C5', 'D5'], '48': ['AF48'] });
    expect(s.indices.tags).toEqual({ 'TARGET:staurosporine@1000': ['C5'], DMSO: ['AF48'] });
    expect(s.indices.by_target).toEqual({
      staurosporine: ['C5', 'AF48'],
      media: ['C5', 'D5', 'AF48'],
      dmso: ['AF48'],
      hepes: ['D5'],
    });
    expect(s.indices.unmet).toEqual(['C5', 'AF48']);
  });

  it('flags an over-filled well', () => {
    const o = computePlateState({
      defn,
      version: 1,
      bench,
      wells: { A1: { targets: { media: { target_nM: null, volume_uL: 20 } } } },
    });
    expect(o.wells.A1.broken).toEqual(['overfill']);
    expect(o.indices.unmet).toEqual(['A1']);
  });

  it('keeps a reagent that left the bench as a liquid of unknown concentration', () => {
    const o = computePlateState({
      defn: plateDefn(96),
      version: 1,
      bench: [],
      wells: { A1: { targets: { gone: { target_nM: 5, volume_uL: 10 } } } },
    });
    expect(o.wells.A1.metrics.volumeUl).toBe(10);
    expect(o.wells.A1.targets.gone.status).toBe('unknown');
  });

  it('hashes the canonical decided content only', () => {
    const again = computePlateState({ defn, wells: wireWellsOf(s), version: 8, bench: [] });
    expect(again.hash).toBe(s.hash);
    expect(s.hash).toMatch(/^[0-9a-f]{64}$/);
    const changed = structuredClone(wells);
    changed.D5.targets.media.volume_uL = 4.5;
    expect(computePlateState({ defn, wells: changed, version: 7, bench }).hash).not.toBe(s.hash);
  });

  it('round-trips through its wire form', () => {
    const again = computePlateState({ defn, wells: wireWellsOf(s), version: 7, bench });
    expect(again).toEqual(s);
  });
});

describe('emptyPlateState', () => {
  it('has no wells, empty indices and the hash of an empty plate', () => {
    const e = emptyPlateState(96);
    expect(e).toEqual({
      defn: { format: 96, rows: 8, cols: 12 },
      wells: {},
      indices: { by_sample: {}, by_col: {}, tags: {}, by_target: {}, unmet: [] },
      version: 0,
      hash: '6926e99dd501ece1be7742e73d974c1952a332b68c8f633167efa2284a6d41df',
    });
  });
});

describe('canonicalizeWells', () => {
  it('canonicalises ids, orders wells row-major and drops empty or off-plate wells', () => {
    const out = canonicalizeWells(plateDefn(96), {
      b01: { targets: { media: { target_nM: null, volume_uL: 1, dilution: 1 } } },
      a12: { targets: {}, tags: ['ZERO'] },
      A3: { targets: {} },
      I1: { targets: { media: { target_nM: null, volume_uL: 1 } } },
    });
    expect(out).toEqual({
      A12: { targets: {}, label: '', sample: '', tags: ['ZERO'] },
      B1: {
        targets: { media: { target_nM: null, tol_pct: 5, volume_uL: 1 } },
        label: '',
        sample: '',
        tags: [],
      },
    });
  });
});

describe('validatePlateWells', () => {
  const slugs = bench.map((b) => b.slug);

  it('accepts a valid plate', () => {
    expect(validatePlateWells(defn, wells, slugs)).toEqual([]);
  });

  it('names the well and field of every problem', () => {
    const bad = {
      Q1: { targets: {} },
      A1: { targets: { dmso: { target_nM: null, volume_uL: -1 } } },
      A01: { targets: {} },
      B2: {
        targets: {
          nope: { target_nM: 1, volume_uL: 1 },
          media: { target_nM: Number.NaN, volume_uL: Number.POSITIVE_INFINITY, tol_pct: 0 },
        },
      },
    } as WireWells;
    const issues = validatePlateWells(plateDefn(96), bad, slugs);
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      ['wells.Q1', 'Well "Q1" is not on a 96-well plate'],
      ['wells.A1.targets.dmso.volume_uL', 'Well A1: dmso.volume_uL must be a finite number >= 0'],
      ['wells.A01', 'Wells "A1" and "A01" are the same well'],
      ['wells.B2.targets.nope', `Well B2: "nope" is not a reagent on this experiment's bench`],
      ['wells.B2.targets.media.volume_uL', 'Well B2: media.volume_uL must be a finite number >= 0'],
      [
        'wells.B2.targets.media.target_nM',
        'Well B2: media.target_nM must be a finite number >= 0 or null',
      ],
      ['wells.B2.targets.media.tol_pct', 'Well B2: media.tol_pct must be a finite number > 0'],
    ]);
    expect(issues[1]).toMatchObject({ well: 'A1', field: 'targets.dmso.volume_uL' });
  });
});

describe('kernel and plate state agree', () => {
  const targetArb = fc.record({
    target_nM: fc.oneof(fc.constant(null), fc.double({ min: 0, max: 1e7, noNaN: true })),
    volume_uL: fc.oneof(fc.constant(0), fc.double({ min: 0.001, max: 5, noNaN: true })),
    tol_pct: fc.option(fc.double({ min: 0.5, max: 50, noNaN: true }), { nil: undefined }),
  });
  const wellArb = fc.dictionary(fc.constantFrom(...bench.map((b) => b.slug)), targetArb, {
    minKeys: 1,
  });
  const plateArb = fc.dictionary(
    fc.integer({ min: 0, max: 1535 }).map((i) => idOfIndex(defn, i)),
    wellArb.map((targets) => ({ targets })),
    { maxKeys: 30 },
  );

  it('on random plates (property)', () => {
    fc.assert(
      fc.property(plateArb, (ws) => {
        const state = computePlateState({ defn, wells: ws, version: 1, bench });
        const out = computeMetrics(metricsInputFromPlate(defn, ws, bench));
        const R = bench.length;
        for (let w = 0; w < 1536; w++) {
          const id = idOfIndex(defn, w);
          const sw = state.wells[id];
          if (!sw) {
            expect(out.volumeUL[w]).toBe(0);
            continue;
          }
          expect(sw.metrics.volumeUl).toBe(out.volumeUL[w]);
          expect(sw.vehicle_vv_pct).toBe(out.vehiclePct[w]);
          expect(sw.status).toBe(statusName(out.status[w]));
          // the plan's unmet wells: a warning or an error (neither is dispensed)
          expect(state.indices.unmet.includes(id)).toBe(out.status[w] >= STATUS.WARNING);
          const V = Object.values(ws[id].targets).reduce((a, t) => a + t.volume_uL, 0);
          expect(out.volumeUL[w]).toBeCloseTo(V, 9);
          bench.forEach((b, r) => {
            const t = ws[id].targets[b.slug];
            const p = out.predictedNM[w * R + r];
            if (
              !t ||
              b.stock_nM == null ||
              !(V > 0) ||
              (t.volume_uL === 0 && t.target_nM == null)
            ) {
              expect(sw.predicted[b.slug]).toBeUndefined();
              return;
            }
            // independent of the kernel: S * v / V
            expect(p).toBeCloseTo((b.stock_nM * t.volume_uL) / V, 6);
            expect(sw.predicted[b.slug].nM).toBe(p);
          });
        }
      }),
      { numRuns: 60 },
    );
  });
});
