/**
 * A 10-point 3-fold series from 10 mM in DMSO into 5 uL at 2.5 nL droplets, DMSO limited to
 * 2 % (100 nL of 5 uL = 40 droplets), tolerance 5 %: a target is met when
 * |n * d - t| / t <= 5 % with n droplets of d = S * 2.5 nL / 5 uL each.
 *
 * One droplet (C1V1 = C2V2, C2 = C1 * 2.5 nL / 5 uL):
 *   10 mM -> 5 uM, 1 mM -> 500 nM, 100 uM -> 50 nM, 10 uM -> 5 nM, 1 uM -> 0.5 nM.
 * The 10 mM stock alone meets only the top point (2 droplets); the fewest sources meeting the
 * others are 1 mM, 100 uM, 10 uM and 1 uM (1:10 steps in DMSO), and 1 mM also meets the top
 * point (20 droplets = 50 nL, within the 100 nL budget), so the stock is not a source:
 *   k target(nM)  source  droplets  volume   why
 *   0 10000       1 mM    20        50 nL    20 x 500 = 10000, exact
 *   1 3333.3      1 mM    7         17.5 nL  6.67 -> 7: 3500, +5.0 % (100 uM needs 67 > 40)
 *   2 1111.1      100 uM  22        55 nL    22.2 -> 22: 1100, -1.0 % (1 mM: 2.2 -> 2, -10 %)
 *   3 370.37      -       -         -        1 mM 0.74 -> 1 (+35 %), 100 uM 7.4 -> 7 (-5.5 %),
 *                                            10 uM 74 > 40 droplets: unmet
 *   4 123.46      10 uM   25        62.5 nL  24.7 -> 25: 125, +1.25 %
 *   5 41.152      10 uM   8         20 nL    8.23 -> 8: 40, -2.8 %
 *   6 13.717      1 uM    27        67.5 nL  27.4 -> 27: 13.5, -1.6 %
 *   7 4.5725      1 uM    9         22.5 nL  9.1 -> 9: 4.5, -1.6 %
 *   8 1.5242      1 uM    3         7.5 nL   3.05 -> 3: 1.5, -1.6 %
 *   9 0.50805     1 uM    1         2.5 nL   1.02 -> 1: 0.5, -1.6 %
 * The unmet point's proposal: 10 droplets (50 / 5 % = 10, so one droplet is within +-5 %),
 * source = 370.37 nM x 5 uL / 25 nL = 74.1 uM.
 */
import { describe, expect, it } from 'vitest';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { planPlateTargets } from '../../../../src/domain/dispensing/well-targets';
import { computePlateState } from '../../../../src/domain/plate-state';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { BENCH, SERIES_NM } from './fixtures';

const ROWS: [factor: number | null, droplets: number][] = [
  [10, 20],
  [10, 7],
  [100, 22],
  [null, 0],
  [1000, 25],
  [1000, 8],
  [10000, 27],
  [10000, 9],
  [10000, 3],
  [10000, 1],
];
const defn = plateDefn(1536);
const ids = SERIES_NM.map((_, k) => `A${k + 1}`);

function design(settings: Parameters<typeof planPlateTargets>[3]) {
  const requests = Object.fromEntries(
    ids.map((id, k) => [
      id,
      { volume_uL: 5, vehicle: 'media', targets: [{ slug: 'cpd', target_nM: SERIES_NM[k] }] },
    ]),
  );
  const planned = planPlateTargets(requests, BENCH, 1536, settings);
  const wells: WireWells = {};
  for (const id of ids) wells[id] = { targets: planned[id].targets };
  return { planned, wells };
}

describe('10-point 3-fold series at 2.5 nL droplets, no backfill', () => {
  const settings = {};
  const { planned, wells } = design(settings);
  const plan = planDispense(defn, wells, BENCH, settings);
  const state = computePlateState({ defn, wells, version: 1, bench: BENCH, dispensing: settings });

  it('picks the sources and droplets of the hand-worked table', () => {
    ROWS.forEach(([factor, n], k) => {
      const t = planned[ids[k]].targets.cpd;
      expect(t.volume_uL).toBeCloseTo(n * 0.0025, 12);
      expect(t.dilution ?? null).toBe(factor === 1 ? null : factor);
    });
  });

  it('the vehicle fills each well to 5 uL on the bulk step of 0.1 uL', () => {
    // 5 - 0.05 = 4.95 -> 5.0 (round half up); 5 - 0.055 = 4.945 -> 4.9
    expect(planned.A1.targets.media.volume_uL).toBe(5);
    expect(planned.A3.targets.media.volume_uL).toBe(4.9);
  });

  it('says the unmet point and proposes the source that would meet it', () => {
    expect(planned.A4.unmet).toHaveLength(1);
    expect(planned.A4.unmet[0].proposal).toBe('a 74.1 µM source (25 nL a well) would meet it');
    expect(plan.unmet.map((u) => u.well)).toEqual(['A4']);
    expect(plan.unmet[0].proposal).toContain('74.1 µM');
    expect(state.wells.A4.targets.cpd.status).toBe('error');
  });

  it('predicts from the dispensed volumes: S * v / V with V the rounded well', () => {
    // A2: 1 mM x 17.5 nL / (17.5 nL + 5.0 uL) = 3487.8 nM, +4.6 %: good
    expect(state.wells.A2.predicted.cpd.nM).toBeCloseTo((1e6 * 0.0175) / 5.0175, 9);
    expect(state.wells.A2.targets.cpd.status).toBe('good');
    // A1: 1 mM x 50 nL / 5.05 uL = 9901 nM; DMSO 50 nL / 5.05 uL = 0.99 %
    expect(state.wells.A1.predicted.cpd.nM).toBeCloseTo((1e6 * 0.05) / 5.05, 9);
    expect(state.wells.A1.vehicle_vv_pct).toBeCloseTo((0.05 / 5.05) * 100, 9);
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
    // 1536LDV_DMSO: dead 1 uL; 1 mM gives 50 + 17.5 nL -> 1.0675 uL
    const oneMM = plan.sources.find((s) => s.concentration === 1e6)!;
    expect(oneMM).toMatchObject({ well: 'A1', type: '1536LDV_DMSO', diluent: 'DMSO' });
    expect(oneMM.fill_uL).toBeCloseTo(1.0675, 9);
    for (const s of plan.sources.filter((x) => x.type === '1536LDV_DMSO')) {
      const taken = plan.transfers
        .filter((t) => t.source_well === s.well && t.source_plate === s.plate)
        .reduce((a, t) => a + t.volume_nL / 1000, 0);
      expect(s.fill_uL).toBeCloseTo(Math.max(1, taken + 1), 9);
    }
  });

  it('prepares each intermediate from the one before, in DMSO', () => {
    expect(plan.intermediates.map((i) => [i.factor, i.from_concentration, i.diluent])).toEqual([
      [10, 1e7, 'DMSO'],
      [100, 1e6, 'DMSO'],
      [1000, 1e5, 'DMSO'],
      [10000, 1e4, 'DMSO'],
    ]);
    // 1:10000 wells need 1.1 uL (0.1 uL of transfers + 1 uL dead): made in a pipette's good
    // band (10 uL and more, 1 %; chain-accuracy.test.ts), 10 uL of 10 uM + 90 uL DMSO
    expect(plan.intermediates[3]).toMatchObject({ from_uL: 10, diluent_uL: 90, total_uL: 100 });
  });

  it('sends the medium to the bulk dispenser, not as droplets', () => {
    expect(plan.transfers.some((t) => t.reagent === 'media')).toBe(false);
    const total = plan.bulk.reduce((a, b) => a + b.wells.length, 0);
    // A4 is unmet: nothing of it is dispensed, its medium neither
    expect(total).toBe(9);
    expect(plan.bulk.some((b) => b.wells.includes('A4'))).toBe(false);
    expect(plan.transfers.some((t) => t.destination_well === 'A4')).toBe(false);
    expect(plan.sources.find((s) => s.reagent === 'media')?.type).toBe('6RES_AQ_BP2');
  });

  it("reports each well's DMSO load without a backfill", () => {
    // A2: 17.5 nL / 5.0175 uL = 0.349 %; A4: no DMSO
    expect(plan.wells.find((w) => w.well === 'A2')!.solvent_pct.dmso).toBeCloseTo(
      (0.0175 / 5.0175) * 100,
      9,
    );
    expect(plan.wells.find((w) => w.well === 'A4')!.solvent_pct.dmso).toBeUndefined();
  });
});

describe('the same series with a 2 % DMSO backfill', () => {
  const settings = { backfill: { solvent: 'dmso', percent: 2 } };
  const { planned, wells } = design(settings);
  const plan = planDispense(defn, wells, BENCH, settings);
  const state = computePlateState({ defn, wells, version: 1, bench: BENCH, dispensing: settings });

  it('keeps 2 % x 5 uL = 100 nL free for DMSO: the medium is 4.9 uL in every well', () => {
    for (const id of ids) expect(planned[id].targets.media.volume_uL).toBe(4.9);
  });

  it('backfills every well to exactly 2 % DMSO of 5 uL', () => {
    // A1: 50 nL of compound + 4.9 uL: b = (0.02 x 4.95 - 0.05) / 0.98 = 50 nL (20 droplets);
    // A4 (nothing dispensed): b = 0.02 x 4.9 / 0.98 = 100 nL (40 droplets)
    const bf = Object.fromEntries(plan.wells.map((w) => [w.well, w]));
    expect(bf.A1.backfill_uL).toBeCloseTo(0.05, 12);
    expect(bf.A4.backfill_uL).toBeCloseTo(0.1, 12);
    for (const id of ids) {
      expect(bf[id].volume_uL).toBeCloseTo(5, 12);
      expect(bf[id].solvent_pct.dmso).toBeCloseTo(2, 9);
    }
  });

  it('predicts on the 5 uL well: 1 mM x 50 nL / 5 uL = 10 uM exactly', () => {
    expect(state.wells.A1.predicted.cpd.nM).toBeCloseTo(10_000, 9);
    expect(state.wells.A1.metrics.backfillUl).toBeCloseTo(0.05, 12);
  });

  it('lists the backfill as droplets of DMSO from its own source well', () => {
    const bf = plan.transfers.filter((t) => t.reagent === 'dmso');
    // A4 is unmet and not dispensed: its 100 nL of backfill are not in the transfers
    expect(bf).toHaveLength(9);
    expect(bf.every((t) => t.volume_nL % 2.5 === 0)).toBe(true);
    // 9 wells: 50 + 82.5 + 45 + 37.5 + 80 + 32.5 + 77.5 + 92.5 + 97.5 nL = 595 nL
    const sum = bf.reduce((a, t) => a + t.volume_nL, 0);
    expect(sum).toBeCloseTo(595, 9);
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
