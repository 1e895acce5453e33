/**
 * A pipette plan on a 96-well plate: 100 uL wells, a 10 mM DMSO stock, a cell assay holding
 * DMSO to 0.5 % (0.5 uL of 100 uL). The pipette moves whole 0.1 uL, at least 0.5 uL; an
 * intermediate is diluted in the medium, so a 1:F intermediate carries 1/F of the DMSO.
 *
 *   target  direct (10 mM)      1:10 (1 mM, 10 % DMSO)    1:100 (100 uM, 1 % DMSO)
 *   1 uM    0.01 uL < 0.5: no   0.1 uL < 0.5: no          1.0 uL, DMSO 0.01 uL (0.01 %)
 *   10 uM   0.1 uL < 0.5: no    1.0 uL, DMSO 0.1 uL       10 uL, DMSO 0.1 uL (0.1 %)
 *   30 uM   0.3 uL < 0.5: no    3.0 uL, DMSO 0.3 uL       30 uL, DMSO 0.3 uL (0.3 %)
 *   100 uM  1 uL: DMSO 1 % > 0.5 %; 1:10: 10 uL, DMSO 1 uL; 1:100: the whole well. Unmet:
 *           whatever the dilution the DMSO comes along, 10 mM x 0.5 uL / 100 uL = 50 uM at most.
 * Each well is designed as the product sets it, with its own best source: of those that meet
 * it, the one whose transfer is in the pipette's good band (10 uL and more), then the one
 * made in the fewest steps (at most 1:100 a step: 10 uL to 1 mL), then the least diluted.
 * So 10 uM and 30 uM take 10 and 30 uL of the 1:100 (C1V1 = C2V2: 100 uM x 30 uL = 30 uM x
 * 100 uL), not 1 and 3 uL of the 1:10 (poor, moderate); 1 uM takes 10 uL of a 1:1000 (10 uM
 * x 10 uL = 1 uM x 100 uL), not 1 uL of the 1:100 (poor). The 1:1000 working stock is then
 * made from the 1:100 one.
 */
import { describe, expect, it } from 'vitest';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { planProtocolOps } from '../../../../src/domain/dispensing/protocol-steps';
import { computePlateState } from '../../../../src/domain/plate-state';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { CPD, designWells, DMSO, MEDIA } from './fixtures';

const bench = [CPD, { ...DMSO, max_concentration_percent: 0.5 }, MEDIA];
const defn = plateDefn(96);
const targets: Record<string, number> = { A1: 1000, A2: 10_000, A3: 30_000, A4: 100_000 };
const set = Object.fromEntries(
  Object.entries(targets).map(([id, t]) => [id, [{ slug: 'cpd', target_nM: t }]]),
);
const wells = designWells(defn, set, 100, {}, bench);
const plan = planDispense(defn, wells, bench, {});
const state = computePlateState({ defn, wells, version: 1, bench, dispensing: {} });

describe('pipette plan with an aqueous intermediate', () => {
  it('defaults a 96-well plate to the pipette', () => {
    expect(plan.settings.instrument).toBe('pipette');
  });

  it('chooses the hand-worked dilutions and volumes', () => {
    expect(wells.A1.targets.cpd).toMatchObject({ volume_uL: 10, dilution: 1000 });
    expect(wells.A2.targets.cpd).toMatchObject({ volume_uL: 10, dilution: 100 });
    expect(wells.A3.targets.cpd).toMatchObject({ volume_uL: 30, dilution: 100 });
    // the medium fills to 100 uL: 90, 90, 70
    expect(wells.A1.targets.media.volume_uL).toBe(90);
    expect(wells.A3.targets.media.volume_uL).toBe(70);
  });

  it('counts only the DMSO the diluted intermediate carries', () => {
    // A3: 30 uL of 100 uM in 1 % DMSO = 0.3 uL DMSO in 100 uL = 0.3 %; A1: 10 uL of 10 uM
    // in 0.1 % DMSO = 0.01 uL, 0.01 %
    expect(state.wells.A3.vehicle_vv_pct).toBeCloseTo(0.3, 9);
    expect(state.wells.A1.vehicle_vv_pct).toBeCloseTo(0.01, 9);
    expect(state.wells.A3.predicted.cpd.nM).toBeCloseTo(30_000, 9);
  });

  it('says the DMSO along the series, from 0.3 % to 0.01 %, and what keeps it constant', () => {
    // A3 0.3 uL of DMSO in 100 uL, A2 10 uL x 1 % = 0.1, A1 0.01 (the unmet A4 is not
    // dispensed): 30-fold
    expect(plan.warnings).toContain(
      'Cpd: DMSO runs from 0.30 % to 0.01 % along the series (working stocks diluted in ' +
        'media): a serial dilution in DMSO, then one fixed dilution into media, or a backfill ' +
        'of DMSO to 0.30 %, would keep it constant.',
    );
    // a backfill keeps it constant: no such warning
    const filled = planDispense(defn, wells, bench, {
      backfill: { solvent: 'dmso', percent: 0.5 },
    });
    expect(filled.warnings.some((w) => w.includes('along the series'))).toBe(false);
  });

  it('says that 100 uM from a 10 mM stock passes the 0.5 % DMSO limit', () => {
    // the set keeps the stock's nearest volume, 1 uL (1 % DMSO); the plan does not dispense it
    expect(wells.A4.targets.cpd).toMatchObject({ volume_uL: 1 });
    expect(wells.A4.targets.cpd.dilution).toBeUndefined();
    expect(plan.unmet.filter((u) => u.well === 'A4')).toEqual([
      {
        well: 'A4',
        reagent: 'dmso',
        reason: 'DMSO at 1.00% v/v is above its 0.5% limit',
        // the DMSO comes with the compound: 10 mM x 0.5 uL / 100 uL = 50 uM at most
        proposal:
          "Cpd: the stock's solvent limits it to 50.0 µM in the well (500 nL of solvent): a " +
          'more concentrated stock would meet it',
      },
    ]);
    expect(plan.transfers.some((t) => t.destination_well === 'A4')).toBe(false);
  });

  it('prepares the working stocks in the medium, each from the one before', () => {
    // 1:100 gives 10 + 30 = 40 uL of transfers, + 20 uL dead volume of a 96DW tube = 60 uL;
    // 1:1000 gives 10 uL: 30 uL. Each made in a pipette's good band (10 uL and more), the
    // least volume: the 1:1000 as 10 uL of the 1:100 + 90 uL medium (from the stock it would
    // be 10 uL in 10 mL); the 1:100 as 10 uL of stock + 990 uL medium (1 mL, the most a
    // preparation in the good band makes)
    expect(plan.sources.find((s) => s.concentration === 1e5)?.fill_uL).toBe(60);
    expect(plan.sources.find((s) => s.concentration === 1e4)?.fill_uL).toBe(30);
    expect(plan.intermediates).toEqual([
      {
        reagent: 'cpd',
        concentration: 1e5,
        factor: 100,
        from_concentration: 1e7,
        from_uL: 10,
        diluent: 'media',
        diluent_uL: 990,
        total_uL: 1000,
      },
      {
        reagent: 'cpd',
        concentration: 1e4,
        factor: 1000,
        from_concentration: 1e5,
        from_uL: 10,
        diluent: 'media',
        diluent_uL: 90,
        total_uL: 100,
      },
    ]);
  });

  it('says the band of each point: every one good, so no accuracy warning', () => {
    // each step counts 1 % a volume (good band): the 1:100 is off by 990 / 1000 x sqrt(1^2 +
    // 1^2) = 1.400 %, the 1:1000 by 90 / 100 x sqrt(2) = 1.273 % more, sqrt(1.4^2 + 1.273^2)
    // = 1.892 %; each 10-30 uL transfer adds 1 %: A1 sqrt(1.892^2 + 1) = 2.14 %, A2 and A3
    // sqrt(1.4^2 + 1) = 1.72 %. With 1 and 3 uL of the 1:10 (poor, moderate) A2 read 10 %.
    expect(plan.points.map((p) => [p.well, p.factor, p.error_pct, p.band, p.status])).toEqual([
      ['A1', 1000, 2.14, 'good', 'good'],
      ['A2', 100, 1.72, 'good', 'good'],
      ['A3', 100, 1.72, 'good', 'good'],
    ]);
    expect(plan.warnings.some((w) => w.includes('fed from working stocks'))).toBe(false);
  });

  it('writes a pipetting worklist in uL', () => {
    const a3 = plan.transfers.find((t) => t.destination_well === 'A3' && t.reagent === 'cpd')!;
    expect(a3.volume_nL).toBe(30_000);
    expect(a3.stock_nM).toBe(1e5);
  });

  it('protocol steps say the volumes exactly as pipetted', () => {
    const ops = planProtocolOps(defn, plan, bench);
    // the first preparation: 10 uL of stock into 990 uL of medium, as pipetted
    expect(ops[0].notes).toBe('Add 10 µL of Cpd stock to 990 µL media (100 µM); 1000 µL made');
    // A1: 90 uL of medium; the 10 uL transfer of the 1:1000 working stock
    const a1 = ops.filter((o) => o.sel === 'A1').map((o) => o.notes);
    expect(a1).toEqual(['Add 10 µL of Cpd working stock 1:1000', 'Add 90 µL of Media']);
  });

  it('lists a transfer under the pipette minimum as unmet, never as a transfer', () => {
    // 0.3 uL of the 10 mM stock (30 uM by C1V1, 3 % DMSO) is below the 0.5 uL minimum
    const low: WireWells = {
      B1: {
        targets: {
          cpd: { target_nM: 30_000, volume_uL: 0.3 },
          media: { target_nM: null, volume_uL: 99.7 },
        },
      },
    };
    const p = planDispense(defn, low, bench, {});
    expect(p.transfers.filter((t) => t.destination_well === 'B1' && t.reagent === 'cpd')).toEqual(
      [],
    );
    expect(p.unmet).toContainEqual(
      expect.objectContaining({
        well: 'B1',
        reagent: 'cpd',
        reason: expect.stringMatching(/^300 nL of Cpd is below the 500 nL minimum/),
      }),
    );
  });
});
