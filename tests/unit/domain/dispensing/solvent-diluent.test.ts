/**
 * A pipette's working stocks made in DMSO (the settings' diluent) are all DMSO, worked by hand
 * on a 96-well plate of 100 uL wells, a 1 mM compound in DMSO and DMSO held to 1 % (1 uL).
 * Every uL of a DMSO stock brings its DMSO, so 5 uM is 0.5 % whatever the source when the
 * working stock is made in medium (50 uL of a 1:100: 50 x 1/100 = 0.5 uL). Made in DMSO, the
 * same 50 uL of the 1:100 is 50 uL of DMSO, 50 % of the well: the plan counted it as 0.5 %
 * and dispensed it. Now the source is one whose transfer stays within the 1 uL: the stock,
 * 5 uM x 100 uL / 1 mM = 0.5 uL (0.5 %); and 0.5 uM is 0.5 uL of the 1:10 in DMSO (100 uM,
 * 0.5 %), the stock's 0.05 uL being under the pipette's 0.5 uL.
 */
import { describe, expect, it } from 'vitest';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { CPD, designWells, DMSO, MEDIA } from './fixtures';

const defn = plateDefn(96);
const BENCH = [{ ...CPD, stock_nM: 1_000_000 }, { ...DMSO, max_concentration_percent: 1 }, MEDIA];
const IN_MEDIUM = { instrument: 'pipette', diluent: 'media' };
const IN_DMSO = { instrument: 'pipette', diluent: 'dmso' };
const targets = {
  A1: [{ slug: 'cpd', target_nM: 5000 }],
  A2: [{ slug: 'cpd', target_nM: 500 }],
};

describe('a pipette whose working stocks are made in DMSO', () => {
  it('in medium: 50 uL of the 1:100 brings 0.5 uL of DMSO, 0.5 %', () => {
    const wells = designWells(defn, targets, 100, IN_MEDIUM, BENCH);
    expect(wells.A1.targets.cpd).toMatchObject({ volume_uL: 50, dilution: 100 });
    const plan = planDispense(defn, wells, BENCH, IN_MEDIUM);
    expect(plan.unmet).toEqual([]);
    expect(plan.wells.find((w) => w.well === 'A1')!.solvent_pct.dmso).toBeCloseTo(0.5, 9);
  });

  it('in DMSO: takes the source whose transfer keeps the well within 1 %', () => {
    const wells = designWells(defn, targets, 100, IN_DMSO, BENCH);
    // 0.5 uL of the 1 mM stock: 1 mM x 0.5 / 100 = 5 uM
    expect(wells.A1.targets.cpd).toEqual({ target_nM: 5000, tol_pct: 5, volume_uL: 0.5 });
    // 0.5 uL of the 1:10 in DMSO (100 uM): 100 uM x 0.5 / 100 = 0.5 uM
    expect(wells.A2.targets.cpd).toMatchObject({ volume_uL: 0.5, dilution: 10 });
    const plan = planDispense(defn, wells, BENCH, IN_DMSO);
    expect(plan.unmet).toEqual([]);
    expect(plan.transfers.map((t) => [t.destination_well, t.volume_nL, t.stock_nM])).toEqual([
      ['A1', 500, 1_000_000],
      ['A2', 500, 100_000],
    ]);
    for (const well of ['A1', 'A2'])
      expect(plan.wells.find((w) => w.well === well)!.solvent_pct.dmso).toBeCloseTo(0.5, 9);
    expect(plan.intermediates).toMatchObject([{ factor: 10, diluent: 'dmso' }]);
  });

  it('in DMSO: a well planned with 50 uL of the 1:100 is 50 % DMSO, unmet and not dispensed', () => {
    const wells: WireWells = {
      A1: {
        targets: {
          cpd: { target_nM: 5000, volume_uL: 50, dilution: 100 },
          media: { target_nM: null, volume_uL: 50 },
        },
      },
    };
    const plan = planDispense(defn, wells, BENCH, IN_DMSO);
    expect(plan.wells.find((w) => w.well === 'A1')!.solvent_pct.dmso).toBeCloseTo(50, 9);
    expect(plan.unmet.map((u) => u.well)).toEqual(['A1']);
    expect(plan.unmet[0].reason).toBe('DMSO at 50.00% v/v is above its 1% limit');
    expect(plan.transfers).toEqual([]);
  });
});
