/**
 * Three compounds in one 100 uL well of a 96-well pipette plate, each a 1 mM stock in DMSO
 * (DMSO held to 5 %), worked by hand. Alone, 5 uM is 50 uL of the 1:100 (10 uM x 50 / 100),
 * the pipette's good band. Each compound took its good-band volume whatever the well held:
 * 6 uM of cpd is 60 uL of the 1:100, and 5 uM of cpd2 beside it took 50 uL more, a 110 uL
 * well (cpd2 4.55 uM, -9.1 %, unmet, and cpd with it). Now a transfer fits in the room the
 * well's other liquids leave (its medium, which fills the rest, not counted), and a poor
 * volume comes after a moderate one:
 *   cpd   6 uM, room 100 uL: 60 uL of the 1:100 (good)
 *   cpd2  5 uM, room 40 uL:  the 1:100's 50 uL does not fit; 5 uL of the 1:10 (moderate, one
 *         step) before 0.5 uL of the stock (poor): 100 uM x 5 / 100 = 5 uM
 *   cpd3  5 uM, room 35 uL:  5 uL of the 1:10 again
 *   medium: 100 - 70 = 30 uL. DMSO: 60/100 + 5/10 + 5/10 = 1.6 uL, 1.6 %.
 */
import { describe, expect, it } from 'vitest';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { planWellTargets } from '../../../../src/domain/dispensing/well-targets';
import { plateDefn } from '../../../../src/domain/plate-format';
import { CPD, designWells, DMSO, MEDIA } from './fixtures';

const defn = plateDefn(96);
const compound = (slug: string) => ({ ...CPD, slug, name: slug, stock_nM: 1_000_000 });
const BENCH = [
  compound('cpd'),
  compound('cpd2'),
  compound('cpd3'),
  { ...DMSO, max_concentration_percent: 5 },
  MEDIA,
];
const SETTINGS = { instrument: 'pipette' };
const three = [
  { slug: 'cpd', target_nM: 6000 },
  { slug: 'cpd2', target_nM: 5000 },
  { slug: 'cpd3', target_nM: 5000 },
];

describe('the room a well leaves for its next transfer', () => {
  it('plans three compounds into one 100 uL well: 60, 5 and 5 uL, 30 uL of medium', () => {
    const wells = designWells(defn, { A1: three }, 100, SETTINGS, BENCH);
    expect(wells.A1.targets).toMatchObject({
      cpd: { volume_uL: 60, dilution: 100 },
      cpd2: { volume_uL: 5, dilution: 10 },
      cpd3: { volume_uL: 5, dilution: 10 },
      media: { volume_uL: 30 },
    });
    const plan = planDispense(defn, wells, BENCH, SETTINGS);
    expect(plan.unmet).toEqual([]);
    expect(plan.transfers.map((t) => [t.reagent, t.volume_nL, t.stock_nM])).toEqual([
      ['cpd', 60_000, 10_000],
      ['cpd2', 5000, 100_000],
      ['cpd3', 5000, 100_000],
    ]);
    const well = plan.wells.find((w) => w.well === 'A1')!;
    expect(well.volume_uL).toBeCloseTo(100, 9);
    expect(well.solvent_pct.dmso).toBeCloseTo(1.6, 9);
  });

  it('the well editor plans the same three targets the same way', () => {
    const plan = planWellTargets(
      { volume_uL: 100, targets: three, vehicle: 'media', adopt_proposals: true },
      BENCH,
      96,
      SETTINGS,
    );
    expect(plan.unmet).toEqual([]);
    expect(plan.targets).toMatchObject({
      cpd: { volume_uL: 60, dilution: 100 },
      cpd2: { volume_uL: 5, dilution: 10 },
      cpd3: { volume_uL: 5, dilution: 10 },
      media: { volume_uL: 30 },
    });
  });

  it('alone, 5 uM is still 50 uL of the 1:100', () => {
    const wells = designWells(
      defn,
      { A1: [{ slug: 'cpd', target_nM: 5000 }] },
      100,
      SETTINGS,
      BENCH,
    );
    expect(wells.A1.targets).toMatchObject({
      cpd: { volume_uL: 50, dilution: 100 },
      media: { volume_uL: 50 },
    });
  });
});
