import { describe, expect, it } from 'vitest';
import { EXPANDERS, expandHighLevelOp, expandWireOp } from '../../../../src/domain/layout';
import { HIGH_LEVEL_OP_NAMES } from '../../../../src/domain/plate/ops';
import { plateDefn } from '../../../../src/domain/plate-format';
import { highLevelOpSchema } from '../../../../src/domain/schemas/layout-ops';

const valid = (value: unknown) => highLevelOpSchema.safeParse(value).success;
const ctx = { defn: plateDefn(384), wells: {}, benchSlugs: ['cmpd', 'dmso'] };

describe('high-level ops', () => {
  it('has an expander for every op name of the plate ops', () => {
    expect(Object.keys(EXPANDERS).toSorted()).toEqual([...HIGH_LEVEL_OP_NAMES].toSorted());
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
    const series = {
      op: 'series',
      compounds: [{ reagent: 'cmpd' }],
      top: { value: 1, unit: 'uM' },
      factor: 3,
      points: 10,
    };
    expect(valid(series)).toBe(true);
    expect(valid({ ...series, points: 49 })).toBe(false);
    expect(valid({ ...series, factor: 1 })).toBe(false);
    expect(valid({ ...series, top: { value: 1, unit: '%' } })).toBe(false);
    expect(valid({ ...series, compounds: [] })).toBe(false);
    expect(valid({ op: 'randomise', seed: 2 ** 32 })).toBe(false);
    expect(valid({ op: 'randomise', seed: 1.5 })).toBe(false);
    expect(valid({ op: 'randomise', seed: 0 })).toBe(true);
    expect(
      valid({ op: 'reformat', mode: 'combine', sources: [{ plate: 'p', format: 384, wells: {} }] }),
    ).toBe(false); // convention named
    expect(
      valid({
        op: 'reformat',
        mode: 'combine',
        convention: 'block',
        sources: [{ plate: 'p', format: 385, wells: {} }],
      }),
    ).toBe(false);
    expect(
      valid({ op: 'import', form: 'long', rows: Array.from({ length: 20_001 }, () => ['']) }),
    ).toBe(false);
    expect(valid({ op: 'import', form: 'long', rows: [['x'.repeat(1001)]] })).toBe(false);
    expect(valid({ op: 'controls', controls: [{ kind: 'MAYBE' }] })).toBe(false);
    expect(valid({ op: 'nothing' })).toBe(false);
  });
});

describe('ops from the wire', () => {
  it('checks the parameters before expanding, with a set of bench slugs', () => {
    const wire = expandWireOp(
      {
        op: 'series',
        compounds: [{ reagent: 'cmpd' }],
        top: { value: 1, unit: 'uM' },
        factor: 2,
        points: 49,
      },
      { ...ctx, benchSlugs: new Set(['cmpd']) },
    );
    expect(wire).toEqual({ ok: false, message: 'Invalid series op: points must be at most 48' });
    const good = expandWireOp(
      { op: 'controls', columns: [1], controls: [{ kind: 'NEG', reagent: 'dmso' }] },
      { ...ctx, benchSlugs: new Set(['dmso']) },
    );
    expect(good.ok && good.ops).toEqual([
      {
        op: 'clear',
        wells: Array.from({ length: 16 }, (_, r) => `${String.fromCharCode(65 + r)}1`),
      },
      {
        op: 'set',
        wells: Array.from({ length: 16 }, (_, r) => `${String.fromCharCode(65 + r)}1`),
        reagent: 'dmso',
        target_nM: null,
      },
      {
        op: 'tag',
        wells: Array.from({ length: 16 }, (_, r) => `${String.fromCharCode(65 + r)}1`),
        add: ['NEG'],
      },
    ]);
  });
});
