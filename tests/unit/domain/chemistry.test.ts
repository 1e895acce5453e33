import { describe, expect, it } from 'vitest';
import {
  solventOfReagent,
  ionicContributionMM,
  solventVolumeUL,
  vehiclePct,
} from '../../../src/domain/chemistry';

describe('ionic strength contribution', () => {
  it('counts the ions of a salt: I = c * 1/2 sum(count z^2)', () => {
    // NaCl (factor 1) at 100 mM final (1e8 nM) -> 100 mM
    expect(ionicContributionMM(1e8, null, 1, 5, 50)).toBe(100);
    // MgCl2 (factor 3) at 50 mM final -> 150 mM
    expect(ionicContributionMM(5e7, null, 3, 5, 50)).toBe(150);
  });

  it('a reagent without ions (a neutral compound) brings none', () => {
    expect(ionicContributionMM(1e8, null, Number.NaN, 5, 50)).toBe(0);
  });

  it('dilutes a declared ionic strength instead', () => {
    // 150 mM declared, 10 uL in 50 uL -> 30 mM
    expect(ionicContributionMM(1e8, 150, 1, 10, 50)).toBe(30);
  });

  it('ignores % stocks without a declared value and empty wells', () => {
    expect(ionicContributionMM(Number.NaN, null, 1, 10, 50)).toBe(0);
    expect(ionicContributionMM(1e8, 150, 1, 10, 0)).toBe(0);
  });
});

describe('solvent load', () => {
  it('counts solvents and stocks dissolved in organic solvents', () => {
    expect(solventOfReagent('solvent', null, null)).not.toBeNull();
    expect(solventOfReagent('chemical', 'DMSO', null)).not.toBeNull();
    expect(solventOfReagent('compound', 'ethanol', null)).not.toBeNull();
    expect(solventOfReagent('buffer', 'DMSO', null)).not.toBeNull();
  });

  it('does not count aqueous stocks, media or cells', () => {
    expect(solventOfReagent('compound', 'water', null)).toBeNull();
    expect(solventOfReagent('compound', 'PBS', null)).toBeNull();
    expect(solventOfReagent('compound', '', null)).toBeNull();
    expect(solventOfReagent('compound', null, null)).toBeNull();
    expect(solventOfReagent('buffer', 'Water', null)).toBeNull();
    expect(solventOfReagent('biological', 'DMEM', null)).toBeNull();
    expect(solventOfReagent('media', 'DMSO', null)).toBeNull();
  });

  it('takes the solvent share of a % stock', () => {
    expect(solventVolumeUL(2, null)).toBe(2);
    expect(solventVolumeUL(2, 50)).toBe(1);
    expect(solventVolumeUL(2, 100)).toBe(2);
  });

  it('expresses it as % v/v of the well', () => {
    expect(vehiclePct(0.5, 50)).toBe(1);
    expect(vehiclePct(0.05, 50)).toBeCloseTo(0.1, 12);
    expect(vehiclePct(1, 0)).toBe(0);
  });
});
