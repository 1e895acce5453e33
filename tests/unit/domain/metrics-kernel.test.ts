import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import {
  BAND,
  CONSTRAINT,
  STATUS,
  computeMetrics,
  metricsInputFromPlate,
} from '../../../src/domain/metrics-kernel';
import { plateDefn } from '../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWells } from '../../../src/domain/plate-wire';
import { indexOfWellId } from '../../../src/domain/well-id';

const info = (
  slug: string,
  type: BenchReagentInfo['type'],
  extra: Partial<BenchReagentInfo> = {},
) =>
  ({
    slug,
    name: slug,
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
  info('stauro', 'chemical', { stock_nM: 10_000_000, solvent: 'DMSO' }), // 10 mM in DMSO
  info('dmso', 'solvent', { stock_pct: 100, max_concentration_percent: 2 }),
  // 1 M HEPES made at pH 7.4; pKa 7.48 at 25 C, -0.014 per C
  info('hepes', 'buffer', { stock_nM: 1e9, solvent: 'water', pKa: 7.48, dpKa_dT: -0.014, ph: 7.4 }),
  info('media', 'media'),
  info('cpdb', 'compound', { stock_nM: 1_000_000, solvent: 'water', min_transfer_ul: 1 }),
  info('cpdc', 'compound', {
    stock_nM: 1_000_000,
    solvent: 'water',
    max_concentration_percent: 0.5,
  }),
];
const R = bench.length;
const defn = plateDefn(96);
const wells: WireWells = {
  A01: {
    targets: {
      stauro: { target_nM: 100_000, volume_uL: 0.5 },
      media: { target_nM: null, volume_uL: 49.5 },
    },
  },
  A2: {
    targets: {
      stauro: { target_nM: 100_000, volume_uL: 0.5 },
      dmso: { target_nM: null, volume_uL: 1 },
      media: { target_nM: null, volume_uL: 48.5 },
    },
  },
  A3: {
    targets: {
      hepes: { target_nM: null, volume_uL: 5 },
      media: { target_nM: null, volume_uL: 45 },
    },
  },
  A5: { targets: { media: { target_nM: 1000, volume_uL: 50 } } },
  A6: {
    targets: {
      stauro: { target_nM: 100_000, volume_uL: 0 },
      media: { target_nM: null, volume_uL: 50 },
    },
  },
  B2: {
    targets: {
      cpdb: { target_nM: 10_000, volume_uL: 0.5 },
      media: { target_nM: null, volume_uL: 49.5 },
    },
  },
  B3: { targets: { media: { target_nM: null, volume_uL: 400 } } },
  B4: {
    targets: {
      stauro: { target_nM: 10_000, volume_uL: 5, dilution: 100 },
      media: { target_nM: null, volume_uL: 45 },
    },
  },
  B5: {
    targets: {
      stauro: { target_nM: 100_000, tol_pct: 10, volume_uL: 0.55 },
      media: { target_nM: null, volume_uL: 49.45 },
    },
  },
  B6: {
    targets: {
      cpdc: { target_nM: 10_000, volume_uL: 0.5 },
      media: { target_nM: null, volume_uL: 49.5 },
    },
  },
  Z9: { targets: { media: { target_nM: null, volume_uL: 10 } } },
  C1: { targets: { unknown: { target_nM: null, volume_uL: 10 } } },
};
const input = metricsInputFromPlate(defn, wells, bench);
const out = computeMetrics(input);
const w = (id: string) => indexOfWellId(id, defn);
const at = (id: string, slug: string) => w(id) * R + bench.findIndex((b) => b.slug === slug);

describe('metricsInputFromPlate', () => {
  it('lays wells out row-major and reagents in bench order', () => {
    expect(input.wellCount).toBe(96);
    expect(input.reagentCount).toBe(R);
    expect(input.volumeUL[at('A1', 'stauro')]).toBe(0.5);
    expect(input.targetNM[at('A1', 'stauro')]).toBe(100_000);
    expect(input.targetNM[at('A1', 'media')]).toBeNaN();
    expect(input.tolPct[at('B5', 'stauro')]).toBe(10);
    expect(input.stockNM[3]).toBeNaN();
    expect(input.stockPct[1]).toBe(100);
    expect(Array.from(input.reagentType)).toEqual([1, 3, 2, 4, 1, 1]);
    expect(Array.from(input.solventLoad)).toEqual([1, 1, 0, 0, 0, 0]);
    expect(input.capacityUL).toBe(360);
  });

  it('skips wells off the plate and unknown reagents', () => {
    let total = 0;
    for (const v of input.volumeUL) total += v;
    // every listed volume except Z9 (off a 96 plate) and C1 (unknown reagent)
    expect(total).toBeCloseTo(50 * 9 + 400, 9);
  });
});

describe('computeMetrics', () => {
  it('predicts 10 mM x 0.5 uL / 50 uL = 100 uM on target', () => {
    const i = at('A1', 'stauro');
    expect(out.volumeUL[w('A1')]).toBe(50);
    expect(out.predictedNM[i]).toBe(100_000);
    expect(out.errPct[i]).toBe(0);
    expect(out.status[w('A1')]).toBe(STATUS.GOOD);
    expect(out.band[w('A1')]).toBe(BAND.POOR);
    expect(out.dominant[w('A1')]).toBe(3);
    expect(out.vehiclePct[w('A1')]).toBe(1);
    // no buffer: no computed pH; staurosporine has no ions, but the medium's make is not
    // given: the ionic strength is unknown (NaN), not 0
    expect(out.pH[w('A1')]).toBeNaN();
    expect(out.ionicMM[w('A1')]).toBeNaN();
    expect(out.broken[w('A1')]).toBe(0);
  });

  it('flags a solvent load above the solvent limit', () => {
    expect(out.vehiclePct[w('A2')]).toBe(3);
    expect(out.broken[w('A2')]).toBe(CONSTRAINT.SOLVENT_LOAD);
    expect(out.status[w('A2')]).toBe(STATUS.ERROR);
  });

  it('derives pH and ionic strength from a buffer', () => {
    // one buffer diluted keeps the pH it was made at; HEPES's acid charge is not given here
    // and the medium's make neither: the ionic strength is unknown
    expect(out.pH[w('A3')]).toBeCloseTo(7.4, 9);
    expect(out.ionicMM[w('A3')]).toBeNaN();
    expect(out.band[w('A3')]).toBe(BAND.MODERATE);
    expect(out.status[w('A3')]).toBe(STATUS.EMPTY);
  });

  it('reports an empty well', () => {
    const e = w('A4');
    expect(out.volumeUL[e]).toBe(0);
    expect(out.pH[e]).toBeNaN();
    expect(out.ionicMM[e]).toBeNaN();
    expect(out.vehiclePct[e]).toBe(0);
    expect(out.band[e]).toBe(BAND.NONE);
    expect(out.status[e]).toBe(STATUS.EMPTY);
    expect(out.dominant[e]).toBe(-1);
    expect(out.predictedNM[at('A4', 'stauro')]).toBeNaN();
  });

  it('is unknown for a target without a molar stock', () => {
    expect(out.predictedNM[at('A5', 'media')]).toBeNaN();
    expect(out.errPct[at('A5', 'media')]).toBeNaN();
    expect(out.status[w('A5')]).toBe(STATUS.UNKNOWN);
  });

  it('is an error for a target whose reagent was not added', () => {
    expect(out.predictedNM[at('A6', 'stauro')]).toBe(0);
    expect(out.errPct[at('A6', 'stauro')]).toBe(-100);
    expect(out.status[w('A6')]).toBe(STATUS.ERROR);
  });

  it('flags a transfer below the reagent minimum', () => {
    expect(out.predictedNM[at('B2', 'cpdb')]).toBe(10_000);
    expect(out.broken[w('B2')]).toBe(CONSTRAINT.MIN_TRANSFER);
    expect(out.status[w('B2')]).toBe(STATUS.ERROR);
  });

  it('flags an over-filled well', () => {
    expect(out.broken[w('B3')]).toBe(CONSTRAINT.OVERFILL);
    expect(out.status[w('B3')]).toBe(STATUS.ERROR);
  });

  it('predicts from a working stock', () => {
    // 10 mM / 100 = 100 uM working stock, 5 uL in 50 uL -> 10 uM; 10 % DMSO breaks the 2 % limit
    expect(out.predictedNM[at('B4', 'stauro')]).toBeCloseTo(10_000, 9);
    expect(out.vehiclePct[w('B4')]).toBe(10);
    expect(out.broken[w('B4')]).toBe(CONSTRAINT.SOLVENT_LOAD);
  });

  it('honours a per-target tolerance', () => {
    // 10 mM x 0.55 / 50 = 110 uM: +10 %, good at 10 % tolerance (1.1 % DMSO is within 2 %)
    expect(out.errPct[at('B5', 'stauro')]).toBeCloseTo(10, 9);
    expect(out.status[w('B5')]).toBe(STATUS.GOOD);
  });

  it('flags a reagent above its own max concentration', () => {
    expect(out.broken[w('B6')]).toBe(CONSTRAINT.MAX_PERCENT);
  });

  it('agrees with itself on random plates (property)', () => {
    const vol = fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 100, noNaN: true }));
    fc.assert(
      fc.property(
        fc.array(fc.array(vol, { minLength: R, maxLength: R }), { minLength: 1, maxLength: 40 }),
        (rows) => {
          const ws: WireWells = {};
          rows.forEach((vs, k) => {
            const targets: WireWells[string]['targets'] = {};
            vs.forEach((v, r) => {
              if (v > 0) targets[bench[r].slug] = { target_nM: null, volume_uL: v };
            });
            ws[`A${k + 1}`] = { targets };
          });
          const o = computeMetrics(metricsInputFromPlate(plateDefn(1536), ws, bench));
          rows.forEach((vs, k) => {
            const sum = vs.reduce((a, b) => a + b, 0);
            expect(o.volumeUL[k]).toBeCloseTo(sum, 9);
            const max = Math.max(...vs);
            expect(o.dominant[k]).toBe(max > 0 ? vs.indexOf(max) : -1);
            // HEPES (made at 7.4) is the only buffer: its pH whenever it is in the well
            if (vs[2] > 0) expect(o.pH[k]).toBeCloseTo(7.4, 9);
            else expect(o.pH[k]).toBeNaN();
          });
        },
      ),
      { numRuns: 50 },
    );
  });
});
