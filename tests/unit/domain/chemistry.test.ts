import { describe, expect, it } from 'vitest';
import {
  MAX_IONIC_STRENGTH_MM,
  capIonicStrength,
  countsAsSolventLoad,
  derivedPH,
  ionicContributionMM,
  solventVolumeUL,
  vehiclePct,
} from '../../../src/domain/chemistry';

describe('derived pH', () => {
  it('is 6 + 2 * buffer fraction', () => {
    expect(derivedPH(0, 50)).toBe(6);
    expect(derivedPH(5, 50)).toBeCloseTo(6.2, 12);
    expect(derivedPH(25, 50)).toBe(7);
    expect(derivedPH(50, 50)).toBe(8);
  });

  it('caps the fraction to [0, 1] and is NaN for an empty well', () => {
    expect(derivedPH(80, 50)).toBe(8);
    expect(derivedPH(-5, 50)).toBe(6);
    expect(derivedPH(0, 0)).toBeNaN();
  });
});

describe('ionic strength', () => {
  it('counts final molar concentrations through total / 10', () => {
    // 100 mM final (1e8 nM) -> 10 mM
    expect(ionicContributionMM(1e8, null, 5, 50)).toBe(10);
    expect(ionicContributionMM(1e5, null, 0.5, 50)).toBeCloseTo(0.01, 12);
  });

  it('dilutes a declared ionic strength instead', () => {
    // 150 mM declared, 10 uL in 50 uL -> 30 mM
    expect(ionicContributionMM(1e8, 150, 10, 50)).toBe(30);
  });

  it('ignores % stocks without a declared value and empty wells', () => {
    expect(ionicContributionMM(Number.NaN, null, 10, 50)).toBe(0);
    expect(ionicContributionMM(1e8, 150, 10, 0)).toBe(0);
  });

  it('caps at 300 mM', () => {
    expect(MAX_IONIC_STRENGTH_MM).toBe(300);
    expect(capIonicStrength(120)).toBe(120);
    expect(capIonicStrength(450)).toBe(300);
  });
});

describe('solvent load', () => {
  it('counts solvents and stocks dissolved in organic solvents', () => {
    expect(countsAsSolventLoad('solvent', null)).toBe(true);
    expect(countsAsSolventLoad('chemical', 'DMSO')).toBe(true);
    expect(countsAsSolventLoad('compound', 'ethanol')).toBe(true);
    expect(countsAsSolventLoad('buffer', 'DMSO')).toBe(true);
  });

  it('does not count aqueous stocks, media or cells', () => {
    expect(countsAsSolventLoad('compound', 'water')).toBe(false);
    expect(countsAsSolventLoad('compound', 'PBS')).toBe(false);
    expect(countsAsSolventLoad('compound', '')).toBe(false);
    expect(countsAsSolventLoad('compound', null)).toBe(false);
    expect(countsAsSolventLoad('buffer', 'Water')).toBe(false);
    expect(countsAsSolventLoad('biological', 'DMEM')).toBe(false);
    expect(countsAsSolventLoad('media', 'DMSO')).toBe(false);
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
