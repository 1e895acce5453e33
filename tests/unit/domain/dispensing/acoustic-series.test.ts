/**
 * A 10-point 3-fold series from 10 mM in DMSO into 5 uL at 2.5 nL droplets, DMSO limited to
 * 2 % (100 nL of 5 uL = 40 droplets), tolerance 5 %: a target is met when
 * |n * d - t| / t <= 5 % with n droplets of d = S * 2.5 nL / 5 uL each.
 *
 * One droplet (C1V1 = C2V2, C2 = C1 * 2.5 nL / 5 uL):
 *   10 mM -> 5 uM, 1 mM -> 500 nM, 100 uM -> 50 nM, 10 uM -> 5 nM, 1 uM -> 0.5 nM.
 * The wells are set as the product sets them: each well its own best source, the least
 * dilution that meets its target; where no round source meets it, or the one that does lands
 * it past 4/5 of its tolerance (4 %), a working stock made for it when its droplets land it
 * nearer (serial dilution in DMSO, 10 droplets = 25 nL):
 *   k target(nM)  source   droplets  volume   why
 *   0 10000       10 mM    2         5 nL     2 x 5000 = 10000, exact
 *   1 3333.3      1:15     10        25 nL    1 mM: 6.67 -> 7, +5.0 % (past 4 %); 666.7 uM
 *                                             made for it: 10 x 333.3, exact
 *   2 1111.1      100 uM   22        55 nL    22.2 -> 22: 1100, -1.0 % (1 mM: 2.2 -> 2, -10 %)
 *   3 370.37      1:135    10        25 nL    1 mM 0.74 -> 1 (+35 %), 100 uM 7.4 -> 7 (-5.5 %):
 *                                             none round; 370.37 x 5 uL / 25 nL = 74.1 uM
 *   4 123.46      10 uM    25        62.5 nL  24.7 -> 25: 125, +1.25 %
 *   5 41.152      10 uM    8         20 nL    8.23 -> 8: 40, -2.8 %
 *   6 13.717      1 uM     27        67.5 nL  27.4 -> 27: 13.5, -1.6 %
 *   7 4.5725      1 uM     9         22.5 nL  9.1 -> 9: 4.5, -1.6 %
 *   8 1.5242      1 uM     3         7.5 nL   3.05 -> 3: 1.5, -1.6 %
 *   9 0.50805     1 uM     1         2.5 nL   1.02 -> 1: 0.5, -1.6 %
 */
import { describe, expect, it } from 'vitest';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import type { DispenseSettings } from '../../../../src/domain/dispensing/settings';
import { computePlateState } from '../../../../src/domain/plate-state';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { BENCH, designWells, SERIES_NM } from './fixtures';

const ROWS: [factor: number, droplets: number][] = [
  [1, 2],
  [15, 10],
  [100, 22],
  [135, 10],
  [1000, 25],
  [1000, 8],
  [10000, 27],
  [10000, 9],
  [10000, 3],
  [10000, 1],
];
const defn = plateDefn(1536);
const ids = SERIES_NM.map((_, k) => `A${k + 1}`);

/** The series as the designer sets it, with these dispensing settings. */
function design(settings: Partial<DispenseSettings>): WireWells {
  const set = Object.fromEntries(
    ids.map((id, k) => [id, [{ slug: 'cpd', target_nM: SERIES_NM[k] }]]),
  );
  return designWells(defn, set, 5, settings);
}

describe('10-point 3-fold series at 2.5 nL droplets, no backfill', () => {
  const settings = {};
  const wells = design(settings);
  const plan = planDispense(defn, wells, BENCH, settings);
  const state = computePlateState({ defn, wells, version: 1, bench: BENCH, dispensing: settings });

  it('picks the sources and droplets of the hand-worked table', () => {
    ROWS.forEach(([factor, n], k) => {
      const t = wells[ids[k]].targets.cpd;
      expect(t.volume_uL).toBeCloseTo(n * 0.0025, 12);
      expect(t.dilution ?? 1).toBe(factor);
    });
  });

  it('the vehicle fills each well to 5 uL on the bulk step of 0.1 uL', () => {
    // 5 - 0.025 = 4.975 -> 5.0 (round half up); 5 - 0.055 = 4.945 -> 4.9
    expect(wells.A2.targets.media.volume_uL).toBe(5);
    expect(wells.A3.targets.media.volume_uL).toBe(4.9);
  });

  it('meets every point, the one no round source meets from a working stock made for it', () => {
    expect(plan.unmet).toEqual([]);
    expect(state.wells.A4.targets.cpd.status).toBe('good');
    // 74.1 uM x 25 nL / (25 nL + 5.0 uL) = 368.5 nM, -0.5 %
    expect(state.wells.A4.predicted.cpd.nM).toBeCloseTo((1e7 / 135) * (0.025 / 5.025), 9);
  });

  it('predicts from the dispensed volumes: S * v / V with V the rounded well', () => {
    // A2: 666.7 uM x 25 nL / (25 nL + 5.0 uL) = 3316.7 nM, -0.5 %: good
    expect(state.wells.A2.predicted.cpd.nM).toBeCloseTo(((1e7 / 15) * 0.025) / 5.025, 9);
    expect(state.wells.A2.targets.cpd.status).toBe('good');
    // A1: 10 mM x 5 nL / 5.005 uL = 9990 nM; DMSO 5 nL / 5.005 uL = 0.0999 %
    expect(state.wells.A1.predicted.cpd.nM).toBeCloseTo((1e7 * 0.005) / 5.005, 9);
    expect(state.wells.A1.vehicle_vv_pct).toBeCloseTo((0.005 / 5.005) * 100, 9);
  });

  it('transfers summed per well give exactly the predicted concentrations', () => {
    for (const id of ids) {
      const sum = plan.transfers
        .filter((t) => t.destination_well === id && t.reagent === 'cpd')
        .reduce((a, t) => a + ((t.stock_nM ?? 0) * t.volume_nL) / 1000, 0);
      const V = plan.wells.find((w) => w.well === id)!.volume_uL;
      expect(sum / V).toBeCloseTo(state.wells[id].predicted.cpd?.nM ?? 0, 9);
    }
  });

  it('fills each source well with its transfers plus the 1 uL dead volume', () => {
    // 1536LDV_DMSO: dead 1 uL; 10 uM (1:1000) gives 62.5 + 20 nL -> 1.0825 uL
    const tenUM = plan.sources.find((s) => s.concentration === 1e4)!;
    expect(tenUM).toMatchObject({ well: 'A5', type: '1536LDV_DMSO', diluent: 'DMSO' });
    expect(tenUM.fill_uL).toBeCloseTo(1.0825, 9);
    for (const s of plan.sources.filter((x) => x.type === '1536LDV_DMSO')) {
      const taken = plan.transfers
        .filter((t) => t.source_well === s.well && t.source_plate === s.plate)
        .reduce((a, t) => a + t.volume_nL / 1000, 0);
      expect(s.fill_uL).toBeCloseTo(Math.max(1, taken + 1), 9);
    }
  });

  it('prepares each intermediate in the fewest good-band steps from the stock, in DMSO', () => {
    // 10 uL and more of each volume, at most 1 mL made (1:100 a step at most): 1:15 and 1:100
    // from the stock, 1:135, 1:1000 and 1:10000 from the 1:100 (chain-accuracy.test.ts)
    expect(plan.intermediates.map((i) => [i.factor, i.from_concentration, i.diluent])).toEqual([
      [15, 1e7, 'DMSO'],
      [100, 1e7, 'DMSO'],
      [135, 1e5, 'DMSO'],
      [1000, 1e5, 'DMSO'],
      [10000, 1e5, 'DMSO'],
    ]);
    // 1:10000 wells need 1.1 uL (0.1 uL of transfers + 1 uL dead): 10 uL of 100 uM + 990 uL
    // DMSO (1 uM), the least a 1:100 step makes in the good band
    expect(plan.intermediates[4]).toMatchObject({ from_uL: 10, diluent_uL: 990, total_uL: 1000 });
    // the 1:100 gives 30 + 10 + 10 uL to the others and fills its own source well: 1 mL holds it
    expect(plan.intermediates[1]).toMatchObject({ from_uL: 10, diluent_uL: 990, total_uL: 1000 });
  });

  it('sends the medium to the bulk dispenser, not as droplets', () => {
    expect(plan.transfers.some((t) => t.reagent === 'media')).toBe(false);
    const total = plan.bulk.reduce((a, b) => a + b.wells.length, 0);
    // every well is met: each gets its medium
    expect(total).toBe(10);
    expect(plan.sources.find((s) => s.reagent === 'media')?.type).toBe('6RES_AQ_BP2');
  });

  it("reports each well's DMSO load without a backfill", () => {
    // A2: 25 nL / 5.025 uL = 0.4975 %; A10: 2.5 nL / 5.0025 uL = 0.04998 %
    expect(plan.wells.find((w) => w.well === 'A2')!.solvent_pct.dmso).toBeCloseTo(
      (0.025 / 5.025) * 100,
      9,
    );
    expect(plan.wells.find((w) => w.well === 'A10')!.solvent_pct.dmso).toBeCloseTo(
      (0.0025 / 5.0025) * 100,
      9,
    );
  });
});

describe('the same series with a 2 % DMSO backfill', () => {
  const settings = { backfill: { solvent: 'dmso', percent: 2 } };
  const wells = design(settings);
  const plan = planDispense(defn, wells, BENCH, settings);
  const state = computePlateState({ defn, wells, version: 1, bench: BENCH, dispensing: settings });
  const bf = Object.fromEntries(plan.wells.map((w) => [w.well, w]));
  // compound in each well, nL: the droplets of the table above x 2.5
  const compoundNL = ROWS.map(([, n]) => n * 2.5);

  it('fills the medium leaving the backfill its room: 4.9 uL in every well', () => {
    // fill = V - c - (p V - c) = 5 - 0.1 = 4.9 uL whatever the compound (it is all DMSO);
    // the fill that ignored the backfill gave A1 5 - 0.005 = 4.995 -> 5.0 uL
    for (const id of ids) expect(wells[id].targets.media.volume_uL).toBe(4.9);
  });

  it('backfills each well to exactly 2 % DMSO of 5 uL, none past the limit', () => {
    // b = (0.02 (4.9 + c) - c) / 0.98 = 0.1 - c: A1 100 - 5 = 95 nL (38 droplets), A3
    // 100 - 55 = 45 nL, A10 100 - 2.5 = 97.5 nL; the well is 4.9 + c + b = 5.0 uL at 100 nL
    // of DMSO, 2.000 % (A1 was 5.1025 uL at 102.5 nL, 2.009 %, above the 2 % limit)
    ids.forEach((id, k) => {
      expect(bf[id].backfill_uL).toBeCloseTo((100 - compoundNL[k]) / 1000, 12);
      expect(bf[id].volume_uL).toBeCloseTo(5, 12);
      expect(bf[id].solvent_pct.dmso).toBeCloseTo(2, 9);
    });
    expect(bf.A1.backfill_uL).toBeCloseTo(0.095, 12);
    expect(plan.unmet).toEqual([]);
  });

  it('predicts on the 5 uL well: 100 uM x 55 nL / 5 uL = 1.1 uM exactly', () => {
    expect(state.wells.A3.predicted.cpd.nM).toBeCloseTo(1100, 9);
    expect(state.wells.A3.metrics.backfillUl).toBeCloseTo(0.045, 12);
    // A1: 10 mM x 5 nL / 5 uL = 10 uM, on target (it was 10 mM x 5 nL / 5.1025 = 9.80 uM)
    expect(state.wells.A1.predicted.cpd.nM).toBeCloseTo(10_000, 9);
  });

  it('lists the backfill as droplets of DMSO from its own source well', () => {
    const drops = plan.transfers.filter((t) => t.reagent === 'dmso');
    expect(drops.map((t) => t.destination_well)).toEqual(ids);
    expect(drops.every((t) => t.volume_nL % 2.5 === 0)).toBe(true);
    // 10 x 100 nL less the 292.5 nL of compound = 707.5 nL
    const sum = drops.reduce((a, t) => a + t.volume_nL, 0);
    expect(sum).toBeCloseTo(707.5, 9);
  });
});

describe('a fill the bulk dispenser rounds up, at a 0.5 % DMSO backfill', () => {
  // 5 nL of 10 mM in 5 uL: the fill is 5 - 0.005 - (0.025 - 0.005) = 4.975 uL, 4.98 on no
  // step of 0.1 uL: 5.0. The well holds 5.005 uL before its backfill, which is
  // (0.005 x 5.005 - 0.005) / 0.995 = 20.13 nL: 8 whole droplets (20 nL), rounded down, as a
  // ninth would pass 0.5 %. 25 nL of DMSO in 5.025 uL = 0.4975 %.
  const settings = { backfill: { solvent: 'dmso', percent: 0.5 } };
  const wells = designWells(defn, { A1: [{ slug: 'cpd', target_nM: 10_000 }] }, 5, settings);
  const plan = planDispense(defn, wells, BENCH, settings);

  it('never backfills past the percentage', () => {
    expect(wells.A1.targets.media.volume_uL).toBe(5);
    expect(plan.wells[0].backfill_uL).toBeCloseTo(0.02, 12);
    expect(plan.wells[0].solvent_pct.dmso).toBeCloseTo((0.025 / 5.025) * 100, 9);
    expect(plan.unmet).toEqual([]);
  });
});

describe('volumes written off the step', () => {
  // 13.3 nL of 10 mM into 5 uL was predicted 26.6 uM "on target"; 12.5 nL (5 droplets) are
  // dispensed: 10 mM x 12.5 nL / (12.5 nL + 5 uL) = 24.94 uM, -6.2 %: a warning, not good.
  // 1.2 nL rounds to no droplet at all: unmet, never dropped in silence.
  const wells: WireWells = {
    A1: {
      targets: {
        cpd: { target_nM: 26_600, volume_uL: 0.0133 },
        media: { target_nM: null, volume_uL: 5 },
      },
    },
    A2: {
      targets: {
        cpd: { target_nM: 2400, volume_uL: 0.0012 },
        media: { target_nM: null, volume_uL: 5 },
      },
    },
  };
  const state = computePlateState({ defn, wells, version: 1, bench: BENCH, dispensing: {} });
  const plan = planDispense(defn, wells, BENCH, {});

  it('predicts from the dispensed 12.5 nL, and does not dispense the unmet well', () => {
    expect(state.wells.A1.predicted.cpd.nM).toBeCloseTo((1e7 * 0.0125) / 5.0125, 9);
    expect(state.wells.A1.targets.cpd.status).toBe('warning');
    expect(state.indices.unmet).toContain('A1');
    expect(plan.transfers.find((t) => t.destination_well === 'A1')).toBeUndefined();
    // dispensed anyway on the user's word, and marked so
    const anyway = planDispense(defn, wells, BENCH, { dispense_unmet: true });
    expect(anyway.transfers.find((t) => t.destination_well === 'A1')).toMatchObject({
      volume_nL: 12.5,
      unmet: true,
    });
  });

  it('lists a volume below one droplet as unmet', () => {
    expect(state.wells.A2.targets.cpd.status).toBe('error');
    const reasons = plan.unmet.filter((u) => u.well === 'A2').map((u) => u.reason);
    expect(reasons[0]).toContain('below one 2.5 nL step');
    expect(plan.transfers.some((t) => t.destination_well === 'A2' && t.reagent === 'cpd')).toBe(
      false,
    );
  });

  it("keeps today's unrounded behaviour without settings", () => {
    const raw = computePlateState({ defn, wells, version: 1, bench: BENCH });
    expect(raw.wells.A1.predicted.cpd.nM).toBeCloseTo((1e7 * 0.0133) / 5.0133, 9);
  });
});
