import { describe, expect, it } from 'vitest';
import { benchReagentInfo } from '../../../src/api/bench';
import { pickDefaultVehicle, reagentTypeColor } from '../../../src/domain/reagent-types';
import { DEMO_REAGENTS, findBenchReagent } from '../../../src/state/bench-store';

describe('the demo bench (spec section 8)', () => {
  it('holds Compound A, Compound B, HEPES Buffer and DMSO with their type colours', () => {
    expect(DEMO_REAGENTS.map((r) => [r.name, r.type])).toEqual([
      ['Compound A', 'compound'],
      ['Compound B', 'compound'],
      ['HEPES Buffer', 'buffer'],
      ['DMSO', 'solvent'],
    ]);
    for (const r of DEMO_REAGENTS) expect(r.color).toBe(reagentTypeColor(r.type));
  });

  it('has its buffer as its default vehicle (DMSO never fills wells)', () => {
    expect(pickDefaultVehicle(DEMO_REAGENTS)).toBe('hepes-buffer');
  });

  it('finds reagents by slug', () => {
    expect(findBenchReagent(DEMO_REAGENTS, 'hepes-buffer')?.name).toBe('HEPES Buffer');
    expect(findBenchReagent(DEMO_REAGENTS, null)).toBeUndefined();
  });
});

describe('benchReagentInfo', () => {
  it('turns a µM stock into nM and keeps a % stock as %', () => {
    const [a, , , dmso] = DEMO_REAGENTS.map(benchReagentInfo);
    expect(a).toMatchObject({
      slug: 'compound-a',
      type: 'chemical',
      stock_nM: 10_000_000,
      stock_pct: null,
    });
    expect(dmso).toMatchObject({ stock_nM: null, stock_pct: 100, max_concentration_percent: 0.1 });
  });
});
