// A plate whose DMSO load varies more than 2-fold across compound and control wells warns
// and proposes the backfill. Worked by hand on 1536 (2.5 nL droplets, 5 uL wells, Cpd 10 mM
// in DMSO): A1 10 droplets (25 nL) + 4.975 -> 5.0 uL medium: 0.025 / 5.025 = 0.4975 %
// DMSO; A2 the medium-only NEG control: 0 %. It ran from 0 to 0.5 % silently.
import { describe, expect, it } from 'vitest';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { BENCH } from './fixtures';

const defn = plateDefn(1536);
const WELLS: WireWells = {
  A1: {
    targets: {
      cpd: { target_nM: 50_000, volume_uL: 0.025 },
      media: { target_nM: null, volume_uL: 4.975 },
    },
  },
  A2: { targets: { media: { target_nM: null, volume_uL: 5 } }, tags: ['NEG'] },
  // a well of medium alone that is no control does not count
  A3: { targets: { media: { target_nM: null, volume_uL: 5 } } },
};

const quiet = (w: string) => !w.includes('varies from');

describe('solvent load across compound and control wells', () => {
  it('warns of a spread over 2-fold and proposes the backfill', () => {
    const plan = planDispense(defn, WELLS, BENCH, null);
    expect(plan.warnings).toContain(
      'DMSO varies from 0 % to 0.50 % across the compound and control wells: a backfill ' +
        'of DMSO to 0.50 % (dispensing settings) would keep it constant.',
    );
  });

  it('gives a low load that is not none its decimals', () => {
    // 1 droplet in the control: 2.5 nL / 5.0025 uL = 0.04998 % (0.05 %), under half of 0.4975 %
    const low = structuredClone(WELLS);
    low.A2.targets.dmso = { target_nM: null, volume_uL: 0.0025 };
    const spread = planDispense(defn, low, BENCH, null).warnings.filter((w) => !quiet(w));
    expect(spread).toEqual([
      'DMSO varies from 0.05 % to 0.50 % across the compound and control wells: a backfill ' +
        'of DMSO to 0.50 % (dispensing settings) would keep it constant.',
    ]);
  });

  it('is quiet within 2-fold, and with a backfill', () => {
    const near = structuredClone(WELLS);
    // 5 droplets in the control: 12.5 nL / 5.0125 uL = 0.249 %, half of 0.4975 % at most
    near.A2.targets.dmso = { target_nM: null, volume_uL: 0.0125 };
    expect(planDispense(defn, near, BENCH, null).warnings.every(quiet)).toBe(true);
    const filled = planDispense(defn, WELLS, BENCH, { backfill: { solvent: 'dmso', percent: 1 } });
    expect(filled.warnings.every(quiet)).toBe(true);
  });
});
