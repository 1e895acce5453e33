import { describe, expect, it } from 'vitest';
import {
  REAGENT_MESSAGES,
  optionalNumber,
  planReagentCreate,
  type ReagentContext,
} from '../../../src/domain/reagent-validation';

const ctx: ReagentContext = { experimentId: 12 };
const messages = (input: Record<string, unknown>, context: ReagentContext = ctx) => {
  const plan = planReagentCreate(input, context);
  return plan.ok ? [] : plan.errors.map((e) => e.message);
};

describe('planReagentCreate', () => {
  it('cleans a valid compound', () => {
    const plan = planReagentCreate(
      {
        name: ' Staurosporine ',
        reagent_type: 'compound',
        solvent: 'DMSO',
        default_concentration_value: '10000',
        default_concentration_units: 'µM',
        molecular_weight_g_per_mol: '466.5',
        ph: 'abc',
        cells_per_ml: '',
      },
      ctx,
    );
    expect(plan).toEqual({
      ok: true,
      payload: expect.objectContaining({
        name: 'Staurosporine',
        reagent_type: 'chemical',
        solvent: 'DMSO',
        default_concentration_value: 10000,
        default_concentration_units: 'uM',
        molecular_weight_g_per_mol: 466.5,
        ph: null,
        cells_per_ml: null,
      }),
    });
  });

  it('requires a name', () => {
    expect(messages({ name: '  ', reagent_type: 'other' })).toEqual(['Name is required']);
  });

  it('applies the biological rules', () => {
    expect(messages({ name: 'HeLa', reagent_type: 'biological' })).toEqual([
      'Media is required for biological reagents',
      'Either Cells/mL or Molecular weight is required for biological reagents',
    ]);
    expect(
      messages({ name: 'HeLa', reagent_type: 'biological', media: 'DMEM', cells_per_ml: 1e5 }),
    ).toEqual([]);
    const plan = planReagentCreate(
      {
        name: 'BSA',
        reagent_type: 'biological',
        solvent: 'PBS',
        molecular_weight_g_per_mol: 66_430,
      },
      ctx,
    );
    expect(plan.ok && plan.payload.solvent).toBe('PBS');
  });

  it('applies the chemical rules, with dropped non-numbers counting as missing', () => {
    expect(
      messages({ name: 'X', reagent_type: 'chemical', molecular_weight_g_per_mol: 'heavy' }),
    ).toEqual([
      'Solvent is required for chemical reagents',
      'Molecular weight is required for chemical reagents',
    ]);
  });

  it('applies the buffer and solvent rules', () => {
    expect(messages({ name: 'HEPES', reagent_type: 'buffer' })).toEqual([
      'pH is required for buffer reagents',
    ]);
    expect(messages({ name: 'HEPES', reagent_type: 'buffer', ph: '7.4' })).toEqual([]);
    expect(messages({ name: 'DMSO', reagent_type: 'solvent' })).toEqual([
      'Max concentration % is required for solvent reagents',
    ]);
    expect(
      messages({ name: 'DMSO', reagent_type: 'solvent', max_concentration_percent: 0.1 }),
    ).toEqual([]);
    expect(messages({ name: 'Misc', reagent_type: 'media' })).toEqual([]);
  });

  it('lets a salt (it names its ions) and a buffer go past 1.0 M to their solubility', () => {
    const nacl = {
      name: 'NaCl',
      reagent_type: 'other',
      ions: [
        { charge: 1, count: 1 },
        { charge: -1, count: 1 },
      ],
      solubility_m: 6.1,
    };
    expect(
      messages({ ...nacl, default_concentration_value: 5, default_concentration_units: 'M' }),
    ).toEqual([]);
    expect(
      messages({ ...nacl, default_concentration_value: 7, default_concentration_units: 'M' }),
    ).toEqual([
      'Stock molarity cannot exceed 6.1 M (entered 7 M). Please use a smaller concentration or different unit.',
    ]);
    expect(
      messages({
        name: 'Tris',
        reagent_type: 'buffer',
        ph: 8,
        default_concentration_value: 2,
        default_concentration_units: 'M',
      }),
    ).toEqual([]);
  });

  it('enforces the 1.0 M stock limit on other reagents, exactly 1.0 M accepted', () => {
    const base = { name: 'Misc', reagent_type: 'other' };
    expect(
      messages({ ...base, default_concentration_value: 1000, default_concentration_units: 'mM' }),
    ).toEqual([]);
    expect(
      messages({
        ...base,
        default_concentration_value: '1.0001',
        default_concentration_units: 'M',
      }),
    ).toEqual([
      'Stock molarity cannot exceed 1.0 M (entered 1.0001 M). Please use a smaller concentration or different unit.',
    ]);
    expect(
      messages({ ...base, default_concentration_value: 5000, default_concentration_units: '%' }),
    ).toEqual(['Stock concentration must be at most 100 for a % (v/v) stock']);
    expect(
      messages({ ...base, default_concentration_value: 50, default_concentration_units: '%' }),
    ).toEqual([]);
  });

  it('requires an experiment context', () => {
    expect(messages({ name: 'A', reagent_type: 'other' }, { experimentId: null })).toEqual([
      REAGENT_MESSAGES.context,
    ]);
    expect(messages({ name: 'A', reagent_type: 'other' }, {})).toEqual([
      'Bench reagents require an experiment context.',
    ]);
  });

  it('lists every problem with its field', () => {
    const plan = planReagentCreate({ name: '', reagent_type: 'buffer', ph: 20 }, {});
    expect(plan.ok).toBe(false);
    expect(plan.ok ? [] : plan.errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'experiment', message: 'Bench reagents require an experiment context.' },
      { field: 'ph', message: 'pH must be at most 14' },
    ]);
  });

  it('refuses an unknown type', () => {
    expect(messages({ name: 'A', reagent_type: 'plasma' })).toEqual([
      'Type must be one of chemical, biological, buffer, solvent, media, other',
    ]);
  });
});

describe('optionalNumber', () => {
  it('drops blanks and non-numbers', () => {
    expect(optionalNumber('7.4')).toBe(7.4);
    expect(optionalNumber(' 10 ')).toBe(10);
    expect(optionalNumber('')).toBeUndefined();
    expect(optionalNumber('7,4')).toBeUndefined();
    expect(optionalNumber('abc')).toBeUndefined();
    expect(optionalNumber(Number.NaN)).toBeUndefined();
    expect(optionalNumber(null)).toBeUndefined();
    expect(optionalNumber(0)).toBe(0);
  });
});
