import { describe, expect, it } from 'vitest';
import { captureTemplate, expandTemplate } from '../../../../src/domain/layout/templates';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { referenceApply } from './reference-apply';

const p96 = plateDefn(96);
const bench = ['staurosporine', 'dmso'];
const source: WireWells = {
  B2: {
    targets: {
      staurosporine: { target_nM: 1000, volume_uL: 0.5, tol_pct: 10 },
      dmso: { target_nM: null, volume_uL: 49.5 },
    },
    tags: ['POS'],
    label: 'top',
  },
  C3: { targets: { dmso: { target_nM: null, volume_uL: 50 } }, tags: ['NEG'], sample: 's1' },
  H12: { targets: { dmso: { target_nM: null, volume_uL: 50 } } },
};

describe('templates', () => {
  it('captures a selection relative to its top-left corner, without volumes or empty wells', () => {
    const t = captureTemplate('pair', p96, source, ['B2', 'b3', 'C2', 'C03'])!;
    expect(t).toEqual({
      name: 'pair',
      wells: [
        {
          dr: 0,
          dc: 0,
          targets: { staurosporine: { target_nM: 1000, tol_pct: 10 }, dmso: { target_nM: null } },
          tags: ['POS'],
          label: 'top',
        },
        { dr: 1, dc: 1, targets: { dmso: { target_nM: null } }, tags: ['NEG'], sample: 's1' },
      ],
    });
    expect(captureTemplate('none', p96, source, ['D4'])).toBeUndefined();
  });

  it('applies at an offset and replaces what was there', () => {
    const t = captureTemplate('pair', p96, source, ['B2', 'C3'])!;
    const old = { targets: { staurosporine: { target_nM: 7, volume_uL: 5 } }, tags: ['old'] };
    const before: WireWells = { E6: old, F6: old };
    const result = expandTemplate(
      { op: 'template', template: t, at: 'E5' },
      { defn: p96, wells: before, benchSlugs: bench },
    );
    if (!result.ok) throw new Error(result.message);
    const plate = referenceApply(p96, before, result.ops);
    expect(plate.E5.targets.staurosporine).toEqual({ target_nM: 1000, volume_uL: 0, tol_pct: 10 });
    expect(plate.E5.label).toBe('top');
    expect(plate.F6.tags).toEqual(['NEG']);
    expect(plate.F6.sample).toBe('s1');
    // F6 is replaced; E6 lies between the template's wells and is left alone
    expect(plate.F6.targets).toEqual({ dmso: { target_nM: null, volume_uL: 0 } });
    expect(plate.E6).toEqual(old);
    expect(result.ops.some((o) => o.op === 'set' && o.volume_uL !== undefined)).toBe(false);
  });

  it('refuses to run off the plate and warns of treatments on the edge', () => {
    const t = captureTemplate('pair', p96, source, ['B2', 'C3'])!;
    const ctx = { defn: p96, wells: {}, benchSlugs: bench };
    expect(expandTemplate({ op: 'template', template: t, at: 'H12' }, ctx)).toMatchObject({
      ok: false,
      well: 'H12',
    });
    const treat = {
      name: 't',
      wells: [{ dr: 0, dc: 0, targets: { staurosporine: { target_nM: 5 } } }],
    };
    const edge = expandTemplate({ op: 'template', template: treat, at: 'A5' }, ctx);
    expect(edge.ok && edge.warnings[0]).toMatch(/on the edge ring \(A5\)/);
    expect(
      expandTemplate(
        {
          op: 'template',
          template: {
            name: 'x',
            wells: [{ dr: 0, dc: 0, targets: { unknown: { target_nM: 1 } } }],
          },
          at: 'B2',
        },
        ctx,
      ).ok,
    ).toBe(false);
  });
});
