import { describe, expect, it } from 'vitest';
import { benchWithFill } from '../../../src/domain/dispensing/fill-liquid';
import { runCalls } from '../../../src/server/agent/run-calls';
import { BENCH, context } from './agent-fixtures';

const set = {
  name: 'set_reagent' as const,
  args: { wells: ['A1'], reagent: 'staurosporine', target_nM: 1000 },
};
const NOTE = /^Water fills the wells, as the bench has no medium or buffer/;

describe('the reply names the liquid that fills the wells', () => {
  it('says water fills them when the bench holds only a buffer stock, DMSO and compounds', () => {
    // the HEPES of the fixture is a 1 M stock: it is diluted to a target, never fills
    const bench = benchWithFill(
      BENCH.filter((b) => b.slug !== 'dmem'),
      null,
    );
    const r = runCalls({ ...context(96), bench, vehicleSlug: null }, [set]);
    expect(r.error).toBeUndefined();
    expect(Object.keys(r.wells!.A1.targets).toSorted()).toEqual(['staurosporine', 'water']);
    expect(r.warnings.filter((w) => NOTE.test(w))).toHaveLength(1);
  });

  it('says nothing when a medium fills them, or when no well took the fill', () => {
    expect(runCalls(context(96), [set]).warnings.some((w) => NOTE.test(w))).toBe(false);
    const bench = benchWithFill(
      BENCH.filter((b) => b.slug !== 'dmem'),
      null,
    );
    const r = runCalls({ ...context(96), bench, vehicleSlug: null }, [
      { name: 'describe_wells', args: { wells: ['A1'] } },
    ]);
    expect(r.warnings).toEqual([]);
  });
});
