// The pH of buffered wells as the product computes it: through the metrics kernel, which
// solves each well's balance with balancePH (chemistry/buffer-ph.ts).
import { describe, expect, it } from 'vitest';
import { baseFraction, pKaAt } from '../../../../src/domain/chemistry/buffer-ph';
import { computeMetrics, metricsInputFromPlate } from '../../../../src/domain/metrics-kernel';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWells } from '../../../../src/domain/plate-wire';
import { indexOfWellId } from '../../../../src/domain/well-id';

// 1 M stocks; pKa at 25 C and dpKa/dT (Good et al. 1966)
const buffer = (slug: string, pKa: number, dpKa_dT: number, ph: number): BenchReagentInfo => ({
  slug,
  name: slug,
  type: 'buffer',
  stock_nM: 1e9,
  stock_pct: null,
  solvent: 'water',
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
  pKa,
  dpKa_dT,
  ph,
});
const BENCH = [
  buffer('hepes-pka', 7.48, -0.014, 7.48),
  buffer('hepes-72', 7.48, -0.014, 7.2),
  buffer('mes', 6.1, -0.011, 6.1),
];
const defn = plateDefn(96);
const WELLS: WireWells = {
  A1: { targets: { 'hepes-pka': { target_nM: null, volume_uL: 2.5 } } },
  A2: { targets: { 'hepes-72': { target_nM: null, volume_uL: 0.5 } } },
  // equal MES and HEPES, each at its pKa
  A3: {
    targets: {
      mes: { target_nM: null, volume_uL: 5 },
      'hepes-pka': { target_nM: null, volume_uL: 5 },
    },
  },
};

function pHs(temperature_C?: number): (id: string) => number {
  const input = metricsInputFromPlate(
    defn,
    WELLS,
    BENCH,
    temperature_C === undefined ? undefined : { temperature_C },
  );
  const out = computeMetrics(input);
  return (id) => out.pH[indexOfWellId(id, defn)];
}

describe('buffer pH by Henderson-Hasselbalch balance', () => {
  const pH = pHs();

  it('HEPES made at its pKa gives its pKa (half deprotonated)', () => {
    expect(baseFraction(7.48, 7.48)).toBe(0.5);
    expect(pH('A1')).toBeCloseTo(7.48, 9);
  });

  it('one buffer diluted keeps the pH it was made at', () => {
    expect(pH('A2')).toBeCloseTo(7.2, 9);
  });

  it('two buffers mixed land between: equal MES and HEPES at their pKa give the midpoint', () => {
    // 1/(1 + 10^(6.10 - pH)) + 1/(1 + 10^(7.48 - pH)) = 1 at pH = (6.10 + 7.48) / 2 = 6.79,
    // since 1/(1 + x) + 1/(1 + 1/x) = 1
    expect(pH('A3')).toBeCloseTo(6.79, 9);
  });

  it('temperature shifts the pKa: HEPES at 37 C is 7.48 - 0.014 x 12 = 7.312', () => {
    expect(pKaAt(7.48, -0.014, 37)).toBeCloseTo(7.312, 12);
    expect(pHs(37)('A1')).toBeCloseTo(7.312, 9);
  });

  it('no buffer: no pH', () => {
    expect(pH('B1')).toBeNaN();
  });
});
