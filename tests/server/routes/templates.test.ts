import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEMPLATES } from '../../../src/server/routes/templates';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';

const pair = {
  name: 'Control pair',
  wells: [
    { dr: 0, dc: 0, targets: { staurosporine: { target_nM: 1000, tol_pct: 10 } }, tags: ['POS'] },
    { dr: 1, dc: 0, targets: { dmso: { target_nM: null } }, tags: ['NEG'], label: 'vehicle' },
  ],
};

describe.each(DB_KINDS)('layout templates on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await userHeaders('templates-alice');
    bob = await userHeaders('templates-bob');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: object,
    payload?: object,
  ) => t.app.inject({ method, url, headers: headers as Record<string, string>, payload });

  it('saves, lists, replaces by name and deletes a user’s templates', async () => {
    const created = await call('POST', '/api/templates', alice, pair);
    expect(created.statusCode).toBe(201);
    const saved = created.json().template;
    expect(saved).toMatchObject({ name: 'Control pair', wells: pair.wells });
    expect(typeof saved.id).toBe('number');

    const second = await call('POST', '/api/templates', alice, { ...pair, name: 'A first' });
    expect(second.statusCode).toBe(201);
    const list = await call('GET', '/api/templates', alice);
    expect(list.json().templates.map((x: { name: string }) => x.name)).toEqual([
      'A first',
      'Control pair',
    ]);

    // the same name replaces the wells and keeps the id
    const replaced = await call('POST', '/api/templates', alice, {
      name: 'Control pair',
      wells: [pair.wells[0]],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().template).toMatchObject({ id: saved.id, wells: [pair.wells[0]] });

    // kept per user: bob sees none of them and cannot delete them
    expect((await call('GET', '/api/templates', bob)).json()).toEqual({ templates: [] });
    const theirs = await call('DELETE', `/api/templates/${saved.id}`, bob);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Template not found' });

    expect((await call('DELETE', `/api/templates/${saved.id}`, alice)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/templates/${saved.id}`, alice)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/templates/nope', alice)).statusCode).toBe(404);
    expect((await call('GET', '/api/templates', alice)).json().templates).toHaveLength(1);
  });

  it('refuses bad templates with 400 and strangers with 401', async () => {
    const bad = [
      { name: '', wells: pair.wells },
      { name: 'x', wells: [] },
      { name: 'x', wells: [{ dr: 32, dc: 0, targets: {} }] },
      { name: 'x', wells: [{ dr: 0, dc: 0, targets: { dmso: { target_nM: -1 } } }] },
      { name: 'x', wells: Array.from({ length: 1537 }, () => pair.wells[0]) },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/templates', alice, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await call('GET', '/api/templates', {})).statusCode).toBe(401);
    expect((await call('POST', '/api/templates', {}, pair)).statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_TEMPLATES} templates a user`, async () => {
    const carol = await userHeaders('templates-carol');
    const values = Array.from(
      { length: MAX_TEMPLATES },
      (_, k) => `('templates-carol', 't${k}', '[]'::jsonb)`,
    ).join(',');
    await t.database.db.execute(
      sql.raw(`insert into layout_templates (owner_id, name, wells) values ${values}`),
    );
    const res = await call('POST', '/api/templates', carol, { ...pair, name: 'one more' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: `You keep ${MAX_TEMPLATES} templates: delete one first` });
    // replacing an existing one is still allowed
    expect((await call('POST', '/api/templates', carol, { ...pair, name: 't7' })).statusCode).toBe(
      200,
    );
  });
});
