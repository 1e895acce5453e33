// Limits and stocks through the API: a salt goes to the solubility of its catalog entry (5 M
// NaCl is its ordinary stock; 6.1 M is past the 5.42 M of a saturated solution), DMSO has
// one limit in the catalog and the plan (0.5 %), a target past 1e15 nM is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SOLVENT_LIMIT_PCT } from '../../../src/domain/chemistry/solvents';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, createExperiment } from '../plate-fixtures';

describe.each(DB_KINDS)('stock limits on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;
  const add = (body: object) =>
    call(t.app, 'POST', `/api/experiments/${id}/bench/reagents`, owner, body);

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('stock-limits');
    id = await createExperiment(t.app, owner, '96');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes 5 M NaCl from the catalog and refuses 6.1 M, past saturation', async () => {
    const found = await call(t.app, 'GET', '/api/reagents/catalog?q=NaCl', owner);
    const nacl = found.json().find((c: { slug: string }) => c.slug === 'sodium-chloride');
    expect(nacl).toMatchObject({
      default_concentration_value: 5,
      default_concentration_units: 'M',
      solubility_m: 5.42,
      ions: [
        { charge: 1, count: 1 },
        { charge: -1, count: 1 },
      ],
    });
    // what the picker sends: the entry's fields, its ions and solubility with them
    const picked = {
      slug: nacl.slug,
      name: nacl.name,
      reagent_type: nacl.reagent_type,
      solvent: nacl.solvent,
      molecular_weight_g_per_mol: nacl.molecular_weight_g_per_mol,
      default_concentration_value: 6.1,
      default_concentration_units: 'M',
    };
    // 6.1 M, posted by slug without the facts: judged by the entry's solubility all the same
    const over = await add(picked);
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(
      'Stock molarity cannot exceed 5.42 M (entered 6.1 M). Please use a smaller concentration or different unit.',
    );
    const ok = await add({
      ...picked,
      default_concentration_value: 5,
      ions: nacl.ions,
      solubility_m: nacl.solubility_m,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().stock_molarity_M).toBe(5);
  });

  it('gives DMSO one limit in the catalog and the plan', async () => {
    const found = await call(t.app, 'GET', '/api/reagents/catalog?q=DMSO', owner);
    const dmso = found.json().find((c: { slug: string }) => c.slug === 'dmso');
    expect(dmso.max_concentration_percent).toBe(DEFAULT_SOLVENT_LIMIT_PCT.dmso);
    expect(dmso.max_concentration_percent).toBe(0.5);
  });

  it('refuses a target of 1e308 nM', async () => {
    const res = await call(t.app, 'PUT', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      defn: { format: 96, rows: 8, cols: 12 },
      wells: { A1: { targets: { 'sodium-chloride': { target_nM: 1e308, volume_uL: 1 } } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('target_nM');
  });
});
