import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, createExperiment, STAUROSPORINE } from '../plate-fixtures';

const DEFS = '/api/reagents/definitions';

const names = (res: { json(): { name: string }[] }) => res.json().map((r) => r.name);

describe.each(DB_KINDS)('reagent catalog, definitions and stocks on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await userHeaders();
    bob = await userHeaders();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('searches the catalog with the seed, ranked, filtered by type', async () => {
    const res = await call(t.app, 'GET', '/api/reagents/catalog?q=hepes', alice);
    expect(res.statusCode).toBe(200);
    const [first] = res.json();
    expect(first).toMatchObject({ name: 'HEPES', reagent_type: 'buffer' });
    expect(Object.keys(first).toSorted()).toEqual(
      [
        'slug',
        'name',
        'reagent_type',
        'default_concentration_value',
        'default_concentration_units',
        'solvent',
        'molecular_weight_g_per_mol',
        'ph',
        'max_concentration_percent',
        'cells_per_ml',
        'description',
        'aliases',
        // chemistry facts the picker passes on to the bench
        'ions',
        'pka',
        'dpka_dt',
        'acid_charge',
        'solubility_m',
      ].toSorted(),
    );
    const media = await call(t.app, 'GET', '/api/reagents/catalog?q=&reagent_type=media', alice);
    expect(media.json().every((r: { reagent_type: string }) => r.reagent_type === 'media')).toBe(
      true,
    );
    const compound = await call(
      t.app,
      'GET',
      '/api/reagents/catalog?q=staurosporin&reagent_type=compound',
      alice,
    );
    expect(names(compound)[0]).toBe('Staurosporine');
    const limited = await call(t.app, 'GET', '/api/reagents/catalog?limit=3', alice);
    expect(limited.json()).toHaveLength(3);
    const bad = await call(t.app, 'GET', '/api/reagents/catalog?reagent_type=plasma', alice);
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/reagents/catalog?q=x', {})).statusCode).toBe(401);
  });

  it('a public definition joins the catalog; a private one stays its owner’s', async () => {
    const pub = await call(t.app, 'POST', DEFS, alice, {
      ...STAUROSPORINE,
      name: 'Zorbamycin',
      aliases: ['ZBM-1'],
      visibility: 'public',
    });
    expect(pub.statusCode).toBe(201);
    expect(pub.json()).toMatchObject({
      slug: 'zorbamycin',
      visibility: 'public',
      is_owner: true,
      reagent_type: 'chemical',
      type: 'compound',
      aliases: ['ZBM-1'],
    });
    const priv = await call(t.app, 'POST', DEFS, alice, {
      name: 'Secret buffer',
      reagent_type: 'buffer',
      ph: 7.2,
    });
    expect(priv.json().visibility).toBe('private');

    const found = await call(t.app, 'GET', '/api/reagents/catalog?q=zbm-1', bob);
    expect(names(found)).toEqual(['Zorbamycin']);
    const hidden = await call(t.app, 'GET', '/api/reagents/catalog?q=secret', bob);
    expect(names(hidden)).not.toContain('Secret buffer');

    expect(names(await call(t.app, 'GET', `${DEFS}?visibility=private`, alice))).toEqual([
      'Secret buffer',
    ]);
    expect(names(await call(t.app, 'GET', `${DEFS}?visibility=private`, bob))).toEqual([]);
    expect(names(await call(t.app, 'GET', `${DEFS}?visibility=public`, bob))).toContain(
      'Zorbamycin',
    );
    const all = names(await call(t.app, 'GET', `${DEFS}?search=ecret&reagent_type=buffer`, alice));
    expect(all).toEqual(['Secret buffer']);

    const privId = priv.json().id;
    expect((await call(t.app, 'GET', `${DEFS}/${privId}`, bob)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${DEFS}/${pub.json().id}`, bob)).json().is_owner).toBe(false);
    const steal = await call(t.app, 'PATCH', `${DEFS}/${pub.json().id}`, bob, { name: 'Mine' });
    expect(steal.statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `${DEFS}/${privId}`, bob)).statusCode).toBe(404);

    // Made private by its owner: gone from the catalog at once.
    const hide = await call(t.app, 'PATCH', `${DEFS}/${pub.json().id}`, alice, {
      visibility: 'private',
      description: 'in review',
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ visibility: 'private', description: 'in review' });
    expect(names(await call(t.app, 'GET', '/api/reagents/catalog?q=zorbamycin', bob))).toEqual([]);
    expect((await call(t.app, 'DELETE', `${DEFS}/${privId}`, alice)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', `${DEFS}/${privId}`, alice)).statusCode).toBe(404);
  });

  it('validates a definition with the add-reagent messages', async () => {
    const res = await call(t.app, 'POST', DEFS, alice, { name: 'X', reagent_type: 'chemical' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Solvent is required for chemical reagents');
    const vis = await call(t.app, 'POST', DEFS, alice, {
      name: 'X',
      reagent_type: 'other',
      visibility: 'everyone',
    });
    expect(vis.statusCode).toBe(400);
    expect(vis.json().issues[0].path).toBe('visibility');
  });

  it('stocks of a definition: created, listed per experiment, changed, deleted by their owner', async () => {
    const def = (
      await call(t.app, 'POST', DEFS, alice, { ...STAUROSPORINE, visibility: 'public' })
    ).json();
    const experiment = await createExperiment(t.app, alice);
    const stocksUrl = `${DEFS}/${def.id}/stocks`;
    const made = await call(t.app, 'POST', stocksUrl, alice, {
      concentration_value: 10,
      concentration_units: 'mM',
      experiment_id: experiment,
      label: 'Box 3',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      definition_id: def.id,
      experiment_id: experiment,
      concentration_value: 10,
      concentration_units: 'mM',
      stock_nM: 1e7,
      stock_pct: null,
      label: 'Box 3',
    });
    const loose = await call(t.app, 'POST', stocksUrl, alice, {
      concentration_value: 1,
      concentration_units: 'uM',
    });
    expect(loose.json().experiment_id).toBeNull();

    expect((await call(t.app, 'GET', stocksUrl, alice)).json()).toHaveLength(2);
    const forExperiment = await call(
      t.app,
      'GET',
      `${stocksUrl}?experiment_id=${experiment}`,
      alice,
    );
    expect(forExperiment.json().map((s: { id: number }) => s.id)).toEqual([made.json().id]);
    const ofExperiment = await call(
      t.app,
      'GET',
      `/api/reagents/experiments/${experiment}/stocks`,
      alice,
    );
    expect(ofExperiment.json().map((s: { id: number }) => s.id)).toEqual([made.json().id]);
    expect(
      (await call(t.app, 'GET', `/api/reagents/experiments/${experiment}/stocks`, bob)).statusCode,
    ).toBe(404);
    // Bob sees the public definition but none of Alice's stocks, and cannot use her experiment.
    expect((await call(t.app, 'GET', stocksUrl, bob)).json()).toEqual([]);
    const intrude = await call(t.app, 'POST', stocksUrl, bob, {
      concentration_value: 1,
      concentration_units: 'mM',
      experiment_id: experiment,
    });
    expect(intrude.statusCode).toBe(404);
    expect(intrude.json()).toEqual({ detail: 'Experiment not found' });

    const stockUrl = `/api/reagents/stocks/${made.json().id}`;
    expect((await call(t.app, 'GET', stockUrl, bob)).statusCode).toBe(404);
    const tooStrong = await call(t.app, 'PATCH', stockUrl, alice, { concentration_units: 'M' });
    expect(tooStrong.statusCode).toBe(400);
    expect(tooStrong.json().detail).toBe(
      'Stock molarity cannot exceed 1.0 M (entered 10 M). Please use a smaller concentration or different unit.',
    );
    const patched = await call(t.app, 'PATCH', stockUrl, alice, { concentration_value: 5 });
    expect(patched.json()).toMatchObject({ concentration_value: 5, stock_nM: 5e6, label: 'Box 3' });
    expect((await call(t.app, 'DELETE', stockUrl, bob)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', stockUrl, alice)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', stockUrl, alice)).statusCode).toBe(404);
  });
});
