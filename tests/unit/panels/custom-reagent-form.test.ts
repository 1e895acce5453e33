import { describe, expect, it } from 'vitest';
import { REAGENT_MESSAGES } from '../../../src/domain/reagent-validation';
import {
  changeType,
  fieldsOf,
  initialValues,
  planCustomReagent,
  problemsByField,
  reagentInput,
} from '../../../src/panels/dialogs/custom-reagent-form';

describe('custom reagent form defaults (spec section 9)', () => {
  it('chemical: solvent DMSO and a 10000 µM stock', () => {
    const v = initialValues('compound');
    expect(v.solvent).toBe('DMSO');
    expect(v.stockValue).toBe('10000');
    expect(v.stockUnit).toBe('uM');
  });
  it('solvent: max 0.1 % and grade "Cell culture grade"', () => {
    const v = initialValues('solvent');
    expect(v.maxPercent).toBe('0.1');
    expect(v.purityGrade).toBe('Cell culture grade');
  });
  it('buffer and media: pH 7.4', () => {
    expect(initialValues('buffer').ph).toBe('7.4');
    expect(initialValues('media').ph).toBe('7.4');
  });
  it('biological and other: no defaults', () => {
    expect(initialValues('biological').solvent).toBe('');
    expect(initialValues('other').ph).toBe('');
  });
});

describe('changeType', () => {
  it('replaces untouched defaults and keeps what was typed', () => {
    const typed = { ...initialValues('compound'), name: 'Staurosporine', solvent: 'Ethanol' };
    const buffer = changeType(typed, 'buffer');
    expect(buffer.name).toBe('Staurosporine');
    expect(buffer.solvent).toBe('Ethanol');
    expect(buffer.ph).toBe('7.4');
    const untouched = changeType(initialValues('compound'), 'buffer');
    expect(untouched.solvent).toBe('');
    expect(untouched.stockValue).toBe('');
  });
});

describe('fields per type (spec section 3 table)', () => {
  it('shows the table fields', () => {
    expect(fieldsOf({ type: 'compound' })).toEqual([
      'name',
      'solvent',
      'stock_concentration',
      'molecular_weight_g_per_mol',
    ]);
    expect(fieldsOf({ type: 'media' })).toEqual(['name', 'supplements', 'ph']);
    expect(fieldsOf({ type: 'other' })).toEqual(['name', 'description']);
  });
  it('sends only the fields its type shows', () => {
    const v = { ...initialValues('media'), name: 'DMEM', solvent: 'DMSO', description: 'x' };
    const input = reagentInput(v);
    expect(input).not.toHaveProperty('solvent');
    expect(input).not.toHaveProperty('description');
    expect(input).toMatchObject({ reagent_type: 'media', name: 'DMEM', ph: '7.4' });
  });
});

function problems(v: ReturnType<typeof initialValues>, id: number | null = 1) {
  const plan = planCustomReagent(v, id);
  return plan.ok ? new Map<string, string>() : problemsByField(plan.errors);
}

describe('planCustomReagent', () => {
  it('names the missing name', () => {
    expect(problems(initialValues('other')).get('name')).toBe(REAGENT_MESSAGES.name);
  });
  it('biological: media and cells/mL or molecular weight', () => {
    const p = problems({ ...initialValues('biological'), name: 'HeLa' });
    expect(p.get('media')).toBe(REAGENT_MESSAGES.media);
    expect(p.get('cells_per_ml')).toBe(REAGENT_MESSAGES.cellsOrWeight);
    const ok = planCustomReagent(
      { ...initialValues('biological'), name: 'HeLa', media: 'DMEM', cellsPerMl: '100000' },
      1,
    );
    expect(ok.ok && ok.payload.solvent).toBe('DMEM');
  });
  it('chemical: solvent and molecular weight', () => {
    const p = problems({ ...initialValues('compound'), name: 'X', solvent: '' });
    expect(p.get('solvent')).toBe(REAGENT_MESSAGES.solvent);
    expect(p.get('molecular_weight_g_per_mol')).toBe(REAGENT_MESSAGES.weight);
  });
  it('buffer: pH', () => {
    expect(problems({ ...initialValues('buffer'), name: 'PBS', ph: '' }).get('ph')).toBe(
      REAGENT_MESSAGES.ph,
    );
  });
  it('solvent: max concentration %', () => {
    const p = problems({ ...initialValues('solvent'), name: 'DMSO', maxPercent: '' });
    expect(p.get('max_concentration_percent')).toBe(REAGENT_MESSAGES.maxPercent);
  });
  it('the 1.0 M limit is shown at the stock concentration field', () => {
    const p = problems({
      ...initialValues('compound'),
      name: 'X',
      molecularWeight: '300',
      stockValue: '2',
      stockUnit: 'M',
    });
    expect(p.get('stock_concentration')).toBe(
      'Stock molarity cannot exceed 1.0 M (entered 2 M). Please use a smaller concentration or different unit.',
    );
  });
  it('% stocks are not converted', () => {
    const plan = planCustomReagent(
      { ...initialValues('solvent'), name: 'DMSO', stockValue: '100', stockUnit: '%' },
      1,
    );
    expect(plan.ok).toBe(true);
  });
  it('needs an experiment context', () => {
    const p = problems({ ...initialValues('other'), name: 'Water' }, null);
    expect(p.get('experiment')).toBe(REAGENT_MESSAGES.context);
  });
  it('a valid chemical becomes the create payload', () => {
    const plan = planCustomReagent(
      { ...initialValues('compound'), name: 'Staurosporine', molecularWeight: '466.5' },
      7,
    );
    expect(plan).toMatchObject({
      ok: true,
      payload: {
        name: 'Staurosporine',
        reagent_type: 'chemical',
        solvent: 'DMSO',
        default_concentration_value: 10000,
        default_concentration_units: 'uM',
        molecular_weight_g_per_mol: 466.5,
      },
    });
  });
});

describe('custom reagent form: stocks in mass units and custom salts', () => {
  it('sends a compound ticked as a salt past 1.0 M, and refuses it unticked', () => {
    const koac = {
      ...initialValues('compound'),
      name: 'Potassium acetate',
      solvent: 'water',
      stockValue: '3',
      stockUnit: 'M',
      molecularWeight: '98.14',
    };
    const refused = planCustomReagent(koac, 5);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.errors[0].message).toContain('cannot exceed 1.0 M (entered 3 M)');
    const salt = planCustomReagent({ ...koac, salt: true }, 5);
    expect(salt.ok && salt.payload).toMatchObject({ salt: true, default_concentration_value: 3 });
  });

  it('sends a biological stock in mg/mL', () => {
    const igg = {
      ...initialValues('biological'),
      name: 'Anti-EGFR IgG',
      media: 'PBS',
      molecularWeight: '150000',
      stockValue: '1.5',
      stockUnit: 'mg/mL',
    };
    const plan = planCustomReagent(igg, 5);
    expect(plan.ok && plan.payload).toMatchObject({
      default_concentration_value: 1.5,
      default_concentration_units: 'mg/mL',
    });
  });
});
