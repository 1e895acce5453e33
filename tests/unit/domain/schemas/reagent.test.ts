import { describe, expect, it } from 'vitest';
import {
  benchReagentPatchSchema,
  reagentCreateSchema,
} from '../../../../src/domain/schemas/reagent';
import { payloadIssues } from '../../../../src/domain/schemas/issues';

describe('reagent create payload', () => {
  it('cleans a full compound payload', () => {
    const r = reagentCreateSchema.parse({
      name: '  Staurosporine ',
      reagent_type: 'compound',
      solvent: 'DMSO',
      default_concentration_units: 'µM',
      default_concentration_value: 10000,
      molecular_weight_g_per_mol: 466.5,
      description: '',
    });
    expect(r).toMatchObject({
      name: 'Staurosporine',
      reagent_type: 'chemical',
      solvent: 'DMSO',
      default_concentration_units: 'uM',
      default_concentration_value: 10000,
      molecular_weight_g_per_mol: 466.5,
      description: null,
      ph: null,
      slug: null,
    });
  });

  it('refuses unknown types, units and out-of-range numbers', () => {
    const r = reagentCreateSchema.safeParse({
      name: 'X',
      reagent_type: 'plasma',
      default_concentration_units: 'mg',
      ph: 15,
      max_concentration_percent: 120,
    });
    expect(r.success).toBe(false);
    const paths = r.success ? [] : payloadIssues(r.error).map((i) => i.path);
    expect(paths.toSorted()).toEqual([
      'default_concentration_units',
      'max_concentration_percent',
      'ph',
      'reagent_type',
    ]);
  });

  it('requires a name', () => {
    const r = reagentCreateSchema.safeParse({ name: '   ', reagent_type: 'other' });
    expect(r.success ? [] : payloadIssues(r.error)).toEqual([
      { path: 'name', message: 'Name is required' },
    ]);
  });

  it('refuses a malformed slug', () => {
    expect(
      reagentCreateSchema.safeParse({ name: 'A', reagent_type: 'other', slug: 'a b' }).success,
    ).toBe(false);
    expect(
      reagentCreateSchema.parse({ name: 'A', reagent_type: 'other', slug: 'dmso-1' }).slug,
    ).toBe('dmso-1');
  });
});

describe('bench reagent patch', () => {
  it('accepts limits and null to clear them', () => {
    expect(benchReagentPatchSchema.parse({ max_concentration_percent: 0.1 })).toEqual({
      max_concentration_percent: 0.1,
    });
    expect(
      benchReagentPatchSchema.parse({ max_concentration_percent: null, min_transfer_ul: 0 }),
    ).toEqual({ max_concentration_percent: null, min_transfer_ul: 0 });
  });

  it('refuses values outside 0-100 % and negative minimums', () => {
    for (const bad of [
      { max_concentration_percent: 100.01 },
      { max_concentration_percent: -1 },
      { min_transfer_ul: -0.1 },
    ]) {
      expect(benchReagentPatchSchema.safeParse(bad).success).toBe(false);
    }
    expect(
      benchReagentPatchSchema.parse({ max_concentration_percent: 100 }).max_concentration_percent,
    ).toBe(100);
  });
});
