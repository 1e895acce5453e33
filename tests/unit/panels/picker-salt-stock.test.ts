// The picker passes a salt's ions and solubility on: 5 M NaCl from the catalog is its
// ordinary stock (the compound's 1.0 M rule refused it), 6.1 M is past the 5.42 M of a
// saturated solution and refused with the reason.
import { describe, expect, it } from 'vitest';
import type { CatalogReagent } from '../../../src/api/reagents';
import { planReagentCreate } from '../../../src/domain/reagent-validation';
import { catalogReagentInput } from '../../../src/panels/dialogs/picker-rules';

const NACL: CatalogReagent = {
  slug: 'sodium-chloride',
  name: 'Sodium chloride',
  reagent_type: 'chemical',
  default_concentration_value: 5,
  default_concentration_units: 'M',
  solvent: 'water',
  molecular_weight_g_per_mol: 58.44,
  ph: null,
  max_concentration_percent: null,
  cells_per_ml: null,
  description: null,
  aliases: [],
  ions: [
    { charge: 1, count: 1 },
    { charge: -1, count: 1 },
  ],
  solubility_m: 5.42,
};

describe('a salt from the picker', () => {
  it('takes 5 M NaCl', () => {
    const plan = planReagentCreate(catalogReagentInput(NACL), { experimentId: 1 });
    expect(plan.ok).toBe(true);
  });

  it('refuses 6.1 M, past saturation', () => {
    const input = { ...catalogReagentInput(NACL), default_concentration_value: 6.1 };
    const plan = planReagentCreate(input, { experimentId: 1 });
    expect(plan.ok).toBe(false);
    expect(plan.ok ? [] : plan.errors.map((e) => e.message)).toEqual([
      'Stock molarity cannot exceed 5.42 M (entered 6.1 M). Please use a smaller concentration or different unit.',
    ]);
  });
});
