// The band of a reagent as its instrument dispenses it, against the instrument data of
// src/domain/dispensing/instruments.ts: acoustic droplets under 10 nL moderate (±5–8%),
// larger good (±2–5%); the pipette's (the spec's) bands: under 2 uL poor, under 10 uL
// moderate. Under the spec's bands alone every droplet would read "poor".
import { describe, expect, it } from 'vitest';
import {
  bandOfVolume,
  transferAccuracyLabel,
} from '../../../../src/domain/dispensing/transfer-band';
import { instrumentById } from '../../../../src/domain/dispensing/instruments';

const compound = { slug: 'cpd', name: 'Cpd', type: 'chemical', solvent: 'DMSO' } as const;
const medium = { slug: 'media', name: 'Medium', type: 'media', solvent: null } as const;

describe('transferAccuracyLabel', () => {
  it('reads acoustic droplets against the acoustic bands on a 1536 plate', () => {
    // 10 uM from 10 mM into 5 uL: 5 nL, two 2.5 nL droplets: under 10 nL, moderate.
    expect(
      transferAccuracyLabel(1536, compound, { target_nM: 10_000, volume_uL: 0.005 }, 0.005, null),
    ).toBe('moderate (±5–8%)');
    // 50 uM: 25 nL, ten droplets: good.
    expect(
      transferAccuracyLabel(1536, compound, { target_nM: 50_000, volume_uL: 0.025 }, 0.025, null),
    ).toBe('good (±2–5%)');
  });

  it('reads a pipetted volume against the pipette bands on a 96 plate (the spec)', () => {
    expect(transferAccuracyLabel(96, compound, { target_nM: 100_000, volume_uL: 1 }, 1, null)).toBe(
      'poor (±10–20%)',
    );
    expect(transferAccuracyLabel(96, compound, { target_nM: 1e6, volume_uL: 5 }, 5, null)).toBe(
      'moderate (±5–10%)',
    );
  });

  it('reads the medium against the bulk dispenser, and nothing dispensed as no band', () => {
    const bulk = transferAccuracyLabel(
      1536,
      medium,
      { target_nM: null, volume_uL: 4.995 },
      5,
      null,
    );
    expect(bulk).toBe('moderate (±5–10%)');
    expect(transferAccuracyLabel(1536, compound, { target_nM: 1, volume_uL: 0 }, 0, null)).toBe('');
  });
});

describe('bandOfVolume', () => {
  it('takes the first band whose limit the volume is under', () => {
    const acoustic = instrumentById('echo-650')?.bands ?? [];
    expect(acoustic.length).toBeGreaterThan(0);
    expect(bandOfVolume(acoustic, 0.0075)?.band).toBe('moderate');
    expect(bandOfVolume(acoustic, 0.01)?.band).toBe('good');
    expect(bandOfVolume(acoustic, Number.NaN)).toBeUndefined();
  });
});
