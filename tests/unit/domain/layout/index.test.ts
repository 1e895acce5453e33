import { describe, expect, it } from 'vitest';
import { EXPANDERS, expandHighLevelOp } from '../../../../src/domain/layout';
import { HIGH_LEVEL_OP_NAMES } from '../../../../src/domain/plate/ops';
import { plateDefn } from '../../../../src/domain/plate-format';
import { highLevelOpSchema } from '../../../../src/domain/schemas/layout-ops';

const ctx = { defn: plateDefn(384), wells: {}, benchSlugs: ['cmpd', 'dmso'] };

describe('high-level ops', () => {
  it('has an expander for every op name of the plate ops', () => {
    expect(Object.keys(EXPANDERS).sort()).toEqual([...HIGH_LEVEL_OP_NAMES].sort());
  });

  it('validates a series op from the wire and expands it', () => {
    const op = highLevelOpSchema.parse({
      op: 'series',
      compounds: [{ reagent: 'cmpd' }],
      top: { value: 30, unit: 'uM' },
      factor: 3,
      points: 10,
      region: ['B1:B24'],
    });
    const result = expandHighLevelOp(op, ctx);
    expect(result.ok).toBe(true);
    expect(result.ok && result.ops.filter((o) => o.op === 'set')).toHaveLength(10);
  });

  it('bounds every number and list', () => {
    const bad = (value: unknown) => highLevelOpSchema.safeParse(value).success;
    const series = {
      op: 'series',
      compounds: [{ reagent: 'cmpd' }],
      top: { value: 1, unit: 'uM' },
      factor: 3,
      points: 10,
    };
    expect(bad(series)).toBe(true);
    expect(bad({ ...series, points: 49 })).toBe(false);
    expect(bad({ ...series, factor: 1 })).toBe(false);
    expect(bad({ ...series, top: { value: 1, unit: '%' } })).toBe(false);
    expect(bad({ ...series, compounds: [] })).toBe(false);
    expect(bad({ op: 'randomise', seed: 2 ** 32 })).toBe(false);
    expect(bad({ op: 'randomise', seed: 1.5 })).toBe(false);
    expect(bad({ op: 'randomise', seed: 0 })).toBe(true);
    expect(
      bad({ op: 'reformat', mode: 'combine', sources: [{ plate: 'p', format: 384, wells: {} }] }),
    ).toBe(false); // convention named
    expect(
      bad({
        op: 'reformat',
        mode: 'combine',
        convention: 'block',
        sources: [{ plate: 'p', format: 385, wells: {} }],
      }),
    ).toBe(false);
    expect(
      bad({ op: 'import', form: 'long', rows: Array.from({ length: 20_001 }, () => ['']) }),
    ).toBe(false);
    expect(bad({ op: 'import', form: 'long', rows: [['x'.repeat(1001)]] })).toBe(false);
    expect(bad({ op: 'controls', controls: [{ kind: 'MAYBE' }] })).toBe(false);
    expect(bad({ op: 'nothing' })).toBe(false);
  });
});
