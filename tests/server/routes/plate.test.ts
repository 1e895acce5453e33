import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import { plateHash } from '../../../src/domain/plate-state';
import { canonicalizeWells } from '../../../src/domain/plate-wells';
import { buildApp } from '../../../src/server/app';
import { plates } from '../../../src/server/db/schema';
import { createTestApp, DB_KINDS, testConfig, userHeaders, type TestApp } from '../helpers';
import { call, createExperiment, experimentWithBench } from '../plate-fixtures';

// Hand calculation: staurosporine stock 1 mM = 1e6 nM. C5 gets 0.5 uL in a 50 uL well
// (0.5 + 49.5 uL medium): 1e6 * 0.5 / 50 = 10000 nM, on target. E1 gets 0.6 uL in 50 uL:
// 12000 nM, +20 % against 10000 nM, above twice the 5 % tolerance: an error, so E1 is unmet.
const WELLS = {
  c05: {
    targets: {
      staurosporine: { target_nM: 10000, volume_uL: 0.5 },
      'assay-medium': { target_nM: null, volume_uL: 49.5 },
    },
    sample: 'S1',
    tags: ['TARGET:staurosporine@10000'],
  },
  E1: {
    targets: {
      staurosporine: { target_nM: 10000, tol_pct: 5, volume_uL: 0.6 },
      'assay-medium': { target_nM: null, volume_uL: 49.4 },
    },
    label: 'high',
  },
};

const plateUrl = (id: number) => `/api/experiments/${id}/plate`;

describe.each(DB_KINDS)('plate on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders();
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (id: number, body: unknown, headers = owner) =>
    call(t.app, 'PUT', plateUrl(id), headers, body);

  it('a new experiment starts with an empty plate of its format at version 0', async () => {
    const id = await createExperiment(t.app, owner, '96');
    const res = await call(t.app, 'GET', plateUrl(id), owner);
    expect(res.statusCode).toBe(200);
    const defn = plateDefn(96);
    expect(res.json()).toEqual({
      defn,
      wells: {},
      indices: { by_sample: {}, by_col: {}, tags: {}, by_target: {}, unmet: [] },
      version: 0,
      hash: plateHash(defn, {}),
    });
  });

  it('round-trips a plate with targets: predictions, indices, version and hash', async () => {
    const id = await experimentWithBench(t.app, owner);
    const before = (await call(t.app, 'GET', `/api/experiments/${id}`, owner)).json();
    const res = await put(id, {
      version: 0,
      defn: { format: 384, rows: 16, cols: 24 },
      wells: WELLS,
    });
    expect(res.statusCode).toBe(200);
    const state = res.json();
    expect(state.version).toBe(1);
    expect(Object.keys(state.wells)).toEqual(['C5', 'E1']);

    const c5 = state.wells.C5;
    expect(c5.predicted.staurosporine.nM).toBeCloseTo(10000, 6);
    expect(c5.predicted.staurosporine.err_pct).toBeCloseTo(0, 6);
    expect(c5.targets.staurosporine).toMatchObject({
      target_nM: 10000,
      tol_pct: 5,
      status: 'good',
    });
    expect(c5.targets.staurosporine.final_vol_uL).toBeCloseTo(50, 9);
    expect(c5.metrics.volumeUl).toBeCloseTo(50, 9);
    expect(c5.metrics.reagentDisplayNames).toEqual({
      staurosporine: 'Staurosporine',
      'assay-medium': 'Assay medium',
    });
    // Staurosporine's stock is in DMSO: 0.5 uL of it in 50 uL is 1 % v/v.
    expect(c5.vehicle_vv_pct).toBeCloseTo(1, 9);

    const e1 = state.wells.E1;
    expect(e1.predicted.staurosporine.nM).toBeCloseTo(12000, 6);
    expect(e1.predicted.staurosporine.err_pct).toBeCloseTo(20, 6);
    expect(e1.targets.staurosporine.status).toBe('error');

    expect(state.indices).toEqual({
      by_sample: { S1: ['C5'] },
      by_col: { '5': ['C5'], '1': ['E1'] },
      tags: { 'TARGET:staurosporine@10000': ['C5'] },
      by_target: { staurosporine: ['C5', 'E1'], 'assay-medium': ['C5', 'E1'] },
      unmet: ['E1'],
    });
    const defn = plateDefn(384);
    expect(state.hash).toBe(plateHash(defn, canonicalizeWells(defn, WELLS)));

    const got = await call(t.app, 'GET', plateUrl(id), owner);
    expect(got.json()).toEqual(state);
    const after = (await call(t.app, 'GET', `/api/experiments/${id}`, owner)).json();
    expect(after.updated_at > before.updated_at).toBe(true);
  });

  it('sends the state gzipped to a client that accepts it', async () => {
    const id = await experimentWithBench(t.app, owner);
    const saved = (await put(id, { version: 0, defn: { format: 384 }, wells: WELLS })).json();
    const res = await t.app.inject({
      url: plateUrl(id),
      headers: { ...owner, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(saved);
  });

  it('ignores derived fields a client sends back and recomputes them', async () => {
    const id = await experimentWithBench(t.app, owner);
    const first = (await put(id, { version: 0, defn: { format: 384 }, wells: WELLS })).json();
    const echoed = structuredClone(first);
    echoed.wells.C5.predicted.staurosporine.nM = 1;
    echoed.wells.C5.metrics.volumeUl = 999;
    echoed.hash = 'forged';
    const res = await put(id, echoed);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.version).toBe(2);
    expect(second.wells).toEqual(first.wells);
    expect(second.hash).toBe(first.hash);
  });

  it('a plate of another format changes the experiment’s plate type', async () => {
    const id = await experimentWithBench(t.app, owner, '384');
    const res = await put(id, { version: 0, defn: { format: 1536 }, wells: { AF48: WELLS.E1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().defn).toEqual({ format: 1536, rows: 32, cols: 48 });
    const experiment = (await call(t.app, 'GET', `/api/experiments/${id}`, owner)).json();
    expect(experiment.plate_type).toBe('1536');
  });

  describe('refuses a bad plate with 400 naming the well and field, and writes nothing', () => {
    const cases: [string, unknown, string, RegExp][] = [
      [
        'a well outside the format',
        { version: 0, defn: { format: 96 }, wells: { Q1: WELLS.E1 } },
        'wells.Q1',
        /Q1.*96-well/,
      ],
      [
        'an unknown reagent',
        {
          version: 0,
          defn: { format: 96 },
          wells: { B2: { targets: { imatinib: { target_nM: 5, volume_uL: 1 } } } },
        },
        'wells.B2.targets.imatinib',
        /B2.*imatinib.*bench/,
      ],
      [
        'a negative volume',
        {
          version: 0,
          defn: { format: 96 },
          wells: { B2: { targets: { staurosporine: { target_nM: 5, volume_uL: -1 } } } },
        },
        'wells.B2.targets.staurosporine.volume_uL',
        />= 0/,
      ],
      [
        'a negative target',
        {
          version: 0,
          defn: { format: 96 },
          wells: { B2: { targets: { staurosporine: { target_nM: -5, volume_uL: 1 } } } },
        },
        'wells.B2.targets.staurosporine.target_nM',
        />= 0/,
      ],
      [
        'a non-finite number',
        '{"version":0,"defn":{"format":96},"wells":{"B2":{"targets":{"staurosporine":{"target_nM":5,"volume_uL":1e999}}}}}',
        'wells.B2.targets.staurosporine.volume_uL',
        /./,
      ],
    ];
    it.each(cases)('%s', async (_what, body, path, message) => {
      const id = await experimentWithBench(t.app, owner, '96');
      const res = await put(id, body);
      expect(res.statusCode).toBe(400);
      const { detail, issues } = res.json();
      expect(typeof detail).toBe('string');
      const issue = issues.find((i: { path: string }) => i.path === path);
      expect(issue, JSON.stringify(issues)).toBeDefined();
      expect(issue.message).toMatch(message);
      const [row] = await t.database.db.select().from(plates).where(eq(plates.experimentId, id));
      expect(row.version).toBe(0);
    });
  });

  it('refuses a stale version with 409 and the current state, changing nothing', async () => {
    const id = await experimentWithBench(t.app, owner);
    const first = (await put(id, { version: 0, defn: { format: 384 }, wells: WELLS })).json();
    const stale = await put(id, { version: 0, defn: { format: 384 }, wells: { A1: WELLS.E1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      detail: 'The plate was changed elsewhere (now version 1). Reload to continue.',
      current: first,
    });
    const ahead = await put(id, { version: 7, defn: { format: 384 }, wells: {} });
    expect(ahead.statusCode).toBe(409);
    expect((await call(t.app, 'GET', plateUrl(id), owner)).json()).toEqual(first);
  });

  it('answers the state computed with the current bench after a bench change', async () => {
    const id = await experimentWithBench(t.app, owner);
    await put(id, { version: 0, defn: { format: 384 }, wells: WELLS });
    const patched = await call(
      t.app,
      'DELETE',
      `/api/experiments/${id}/bench/reagents/staurosporine`,
      owner,
    );
    expect(patched.statusCode).toBe(204);
    const state = (await call(t.app, 'GET', plateUrl(id), owner)).json();
    expect(state.version).toBe(1);
    // No stock any more: no prediction, but the volume stays in the well.
    expect(state.wells.C5.predicted.staurosporine).toBeUndefined();
    expect(state.wells.C5.metrics.volumeUl).toBeCloseTo(50, 9);
  });

  it('someone else’s plate is 404 and unchanged; no credentials is 401', async () => {
    const id = await experimentWithBench(t.app, owner);
    const intruder = await userHeaders();
    const get = await call(t.app, 'GET', plateUrl(id), intruder);
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ detail: 'Experiment not found' });
    const res = await put(id, { version: 0, defn: { format: 384 }, wells: {} }, intruder);
    expect(res.statusCode).toBe(404);
    expect((await call(t.app, 'GET', plateUrl(id), {})).statusCode).toBe(401);
    expect((await call(t.app, 'GET', plateUrl(id), owner)).json().version).toBe(0);
  });

  it('a second server on the same database never answers a stale cached plate', async () => {
    const other = await buildApp(testConfig(), { database: t.database, distDir: null });
    try {
      const id = await experimentWithBench(t.app, owner);
      const here = (await put(id, { version: 0, defn: { format: 384 }, wells: WELLS })).json();
      expect((await call(other, 'GET', plateUrl(id), owner)).json()).toEqual(here);
      const there = await call(other, 'PUT', plateUrl(id), owner, {
        version: 1,
        defn: { format: 384 },
        wells: { A1: WELLS.E1 },
      });
      expect(there.statusCode).toBe(200);
      const seen = (await call(t.app, 'GET', plateUrl(id), owner)).json();
      expect(seen).toEqual(there.json());
      expect(Object.keys(seen.wells)).toEqual(['A1']);
      // A bench change made through one server shows in the other's next answer.
      await call(other, 'DELETE', `/api/experiments/${id}/bench/reagents/staurosporine`, owner);
      const after = (await call(t.app, 'GET', plateUrl(id), owner)).json();
      expect(after.version).toBe(2);
      expect(after.wells.A1.predicted.staurosporine).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('two writers racing on one plate: no update is lost (one gets 409)', async () => {
    const id = await experimentWithBench(t.app, owner);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (body: unknown) =>
      fetch(`http://127.0.0.1:${port}${plateUrl(id)}`, {
        method: 'PUT',
        headers: { ...owner, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (let round = 0; round < 20; round++) {
      const version = round;
      const mine = { version, defn: { format: 384 }, wells: { A1: WELLS.E1 } };
      const theirs = { version, defn: { format: 384 }, wells: { P24: WELLS.c05 } };
      const [a, b] = await Promise.all([send(mine), send(theirs)]);
      const statuses = [a.status, b.status].toSorted();
      expect(statuses).toEqual([200, 409]);
      const winner = a.status === 200 ? mine : theirs;
      const got = await fetch(`http://127.0.0.1:${port}${plateUrl(id)}`, { headers: owner });
      const state = (await got.json()) as { version: number; wells: object };
      expect(state.version).toBe(version + 1);
      expect(Object.keys(state.wells)).toEqual(Object.keys(winner.wells));
      const loser = (await (a.status === 409 ? a : b).json()) as { current: { version: number } };
      expect(loser.current.version).toBe(version + 1);
    }
  });
});
