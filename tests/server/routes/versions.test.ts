import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

const WELL = {
  targets: {
    staurosporine: { target_nM: 10000, volume_uL: 0.5 },
    'assay-medium': { target_nM: null, volume_uL: 49.5 },
  },
};

const base = (id: number) => `/api/experiments/${id}`;

describe.each(DB_KINDS)('versions and snapshots on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders();
  });
  afterAll(async () => {
    await t?.close();
  });

  const putPlate = (id: number, version: number, wells: object, format = 384) =>
    call(t.app, 'PUT', `${base(id)}/plate`, owner, { version, defn: { format }, wells });

  it('saves a version of the current plate, lists it newest first and reads it back', async () => {
    const id = await experimentWithBench(t.app, owner);
    const saved = (await putPlate(id, 0, { B2: WELL })).json();

    const first = await call(t.app, 'POST', `${base(id)}/versions`, owner, { summary: ' first ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      experiment_id: id,
      version: 1,
      summary: 'first',
      label: null,
      has_snapshot: false,
    });
    const second = await call(t.app, 'POST', `${base(id)}/versions`, owner);
    expect(second.statusCode).toBe(201);
    expect(second.json().summary).toBeNull();

    const list = (await call(t.app, 'GET', `${base(id)}/versions`, owner)).json();
    expect(list.map((v: { id: number }) => v.id)).toEqual([second.json().id, first.json().id]);

    const one = await call(t.app, 'GET', `${base(id)}/versions/${first.json().id}`, owner);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ ...first.json(), snapshot: null });
    expect(one.json().state).toEqual(saved);
  });

  it('a snapshot keeps label, subsection, plate type and inventory for any browser', async () => {
    const id = await experimentWithBench(t.app, owner);
    await putPlate(id, 0, { A1: WELL });
    const inventory = (await call(t.app, 'GET', `${base(id)}/bench/reagents`, owner)).json();
    const snapshot = { label: 'Snapshot 1', subsection: 2, plate_type: '384', inventory };
    const res = await call(t.app, 'POST', `${base(id)}/versions`, owner, { snapshot });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ label: 'Snapshot 1', has_snapshot: true });

    // Another browser of the same user (a new token) sees it.
    const elsewhere = await userHeaders(await subOf(owner));
    const got = await call(t.app, 'GET', `${base(id)}/versions/${res.json().id}`, elsewhere);
    expect(got.statusCode).toBe(200);
    expect(got.json().snapshot).toEqual(snapshot);
    expect(Object.keys(got.json().state.wells)).toEqual(['A1']);
  });

  it('restores a snapshot: new plate version with the saved wells, bench replaced', async () => {
    const id = await experimentWithBench(t.app, owner);
    await putPlate(id, 0, { A1: WELL });
    const inventory = (await call(t.app, 'GET', `${base(id)}/bench/reagents`, owner)).json();
    const snap = (
      await call(t.app, 'POST', `${base(id)}/versions`, owner, {
        summary: 'before',
        snapshot: { label: 'Before', subsection: 0, plate_type: '384', inventory },
      })
    ).json();

    // Later: another plate and a reagent removed.
    await putPlate(id, 1, { P24: WELL });
    await call(t.app, 'DELETE', `${base(id)}/bench/reagents/dmso`, owner);

    const res = await call(t.app, 'POST', `${base(id)}/versions/${snap.id}/restore`, owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.plate.version).toBe(3);
    expect(Object.keys(body.plate.wells)).toEqual(['A1']);
    expect(body.plate.wells.A1.predicted.staurosporine.nM).toBeCloseTo(10000, 6);
    expect(body.bench.map((b: { slug: string }) => b.slug).toSorted()).toEqual([
      'assay-medium',
      'dmso',
      'staurosporine',
    ]);
    expect(body.experiment).toMatchObject({ id, plate_type: '384' });
    expect(body.snapshot.label).toBe('Before');

    const plate = (await call(t.app, 'GET', `${base(id)}/plate`, owner)).json();
    expect(plate).toEqual(body.plate);
    const bench = (await call(t.app, 'GET', `${base(id)}/bench/reagents`, owner)).json();
    expect(bench).toEqual(body.bench);
  });

  it('restoring a plain version keeps the bench and brings back its format', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    await putPlate(id, 0, { H12: WELL }, 96);
    const v = (await call(t.app, 'POST', `${base(id)}/versions`, owner, {})).json();
    await putPlate(id, 1, { AF48: WELL }, 1536);
    const res = await call(t.app, 'POST', `${base(id)}/versions/${v.id}/restore`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().plate.defn.format).toBe(96);
    expect(res.json().experiment.plate_type).toBe('96');
    expect(res.json().bench).toHaveLength(3);
  });

  it('404s: missing version, someone else’s experiment; 400 for a bad snapshot', async () => {
    const id = await experimentWithBench(t.app, owner);
    const missing = await call(t.app, 'GET', `${base(id)}/versions/999999`, owner);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Version not found' });
    const v = (await call(t.app, 'POST', `${base(id)}/versions`, owner)).json();
    const intruder = await userHeaders();
    for (const [method, url] of [
      ['GET', `${base(id)}/versions`],
      ['POST', `${base(id)}/versions`],
      ['GET', `${base(id)}/versions/${v.id}`],
      ['POST', `${base(id)}/versions/${v.id}/restore`],
    ] as const) {
      const res = await call(t.app, method, url, intruder);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Experiment not found' });
    }
    const bad = await call(t.app, 'POST', `${base(id)}/versions`, owner, {
      snapshot: { label: '', subsection: 0, plate_type: '384', inventory: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('label');
    const list = (await call(t.app, 'GET', `${base(id)}/versions`, owner)).json();
    expect(list).toHaveLength(1);
  });
});

/** The `sub` of the token in these headers. */
async function subOf(headers: Record<string, string>): Promise<string> {
  const token = headers.authorization.split(' ')[1];
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return payload.sub as string;
}
