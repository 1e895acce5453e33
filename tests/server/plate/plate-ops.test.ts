// PATCH /plate ops, the changes since a version, the compact form and the plate log, on
// both databases.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCompactPlate, type CompactPlate } from '../../../src/domain/plate/compact';
import { planAccuracyOf, withPlanStatus } from '../../../src/domain/dispensing/plan-status';
import {
  computePlateState,
  wireWellsOf,
  type BenchReagentInfo,
  type PlateState,
  type StateWell,
  type WireWells,
} from '../../../src/domain/plate-state';
import { plateLog, plateRows } from '../../../src/server/db/schema';
import { readStoredWells } from '../../../src/server/repositories/packed-wells';
import { loadPlate } from '../../../src/server/repositories/plates';
import { sha256HexNode } from '../../../src/server/plate/sha256-hex';
import { benchFacts } from '../../../src/server/plate/plate-service';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

/** A computed plate with the plan's statuses and unmet reasons, as the server answers it. */
function withPlan(state: PlateState, wells: WireWells, bench: readonly BenchReagentInfo[]) {
  const acc = planAccuracyOf(state.defn, wells, bench, null);
  const out: Record<string, StateWell> = {};
  for (const [id, w] of Object.entries(state.wells)) out[id] = withPlanStatus(w, acc);
  return { ...state, wells: out };
}

const plateUrl = (id: number) => `/api/experiments/${id}/plate`;

describe.each(DB_KINDS)('plate ops on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('ops-owner');
  });
  afterAll(async () => {
    await t?.close();
  });

  const patch = (id: number, version: number, ops: unknown[]) =>
    call(t.app, 'PATCH', plateUrl(id), owner, { version, ops });
  const read = async (id: number) => (await call(t.app, 'GET', plateUrl(id), owner)).json();

  it('set with a typed target and a volume: the changed well only, derived values computed', async () => {
    const id = await experimentWithBench(t.app, owner, '384');
    const res = await patch(id, 0, [
      {
        op: 'set',
        wells: ['A1'],
        reagent: 'staurosporine',
        target: { value: 10, unit: 'uM' },
        volume_uL: 0.1,
      },
      { op: 'set', wells: ['a01'], reagent: 'assay-medium', target: null, volume_uL: 9.9 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.version).toBe(1);
    expect(Object.keys(body.changed)).toEqual(['A1']);
    expect(body.removed).toEqual([]);
    const a1 = body.changed.A1;
    // 1 mM stock, 0.1 uL in 10 uL: 10 uM, exactly the target
    expect(a1.targets.staurosporine).toMatchObject({
      target_nM: 10_000,
      tol_pct: 5,
      volume_uL: 0.1,
    });
    expect(a1.predicted.staurosporine.nM).toBeCloseTo(10_000, 6);
    expect(a1.metrics.volumeUl).toBeCloseTo(10, 9);
    expect(a1.status).toBe('good');
    expect(body.indices_changed.by_target).toEqual({
      staurosporine: ['A1'],
      'assay-medium': ['A1'],
    });
    expect(body.indices_changed.by_col).toEqual({ '1': ['A1'] });
    const full = await read(id);
    expect(full.version).toBe(1);
    expect(full.hash).toBe(body.hash);
    expect(full.wells.A1).toEqual(a1);
  });

  it('set with a target and no volume plans the volume (working stock when too small)', async () => {
    const id = await experimentWithBench(t.app, owner, '384');
    await patch(id, 0, [{ op: 'set', wells: ['B2'], reagent: 'assay-medium', volume_uL: 9.9 }]);
    const res = await patch(id, 1, [
      { op: 'set', wells: ['B2'], reagent: 'staurosporine', target_nM: 1000 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // a 384 plate is dispensed acoustically by default (2.5 nL droplets): 1000 nM x 9.9 uL /
    // 1e6 nM = 9.9 nL, 3.96 droplets, so 4 droplets = 0.01 uL (1010 nM, +1 %, within 5 %)
    const planned = res.json().changed.B2.targets.staurosporine;
    expect(planned).toMatchObject({ target_nM: 1000, volume_uL: 0.01 });
    expect(planned.dilution ?? 1).toBe(1);
  });

  it('clear, tag, label, sample, put and ranges', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    let res = await patch(id, 0, [
      { op: 'set', wells: ['A1:B2'], reagent: 'dmso', volume_uL: 1 },
      { op: 'set', wells: ['A1:B2'], reagent: 'assay-medium', volume_uL: 99 },
      { op: 'tag', wells: ['A1', 'A2'], add: ['ctrl', 'x'] },
      { op: 'label', wells: ['B1'], label: 'blank' },
      { op: 'sample', wells: ['B1:B2'], sample: 'S7' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json().changed)).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(res.json().indices_changed.tags).toEqual({ ctrl: ['A1', 'A2'], x: ['A1', 'A2'] });
    expect(res.json().indices_changed.by_sample).toEqual({ S7: ['B1', 'B2'] });

    res = await patch(id, 1, [
      { op: 'tag', wells: ['A1'], remove: ['x'] },
      { op: 'clear', wells: ['A2'], reagent: 'dmso' },
      { op: 'clear', wells: ['B2'] },
      {
        op: 'put',
        wells: { C3: { targets: { dmso: { target_nM: null, volume_uL: 2 } } }, B1: null },
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body.changed)).toEqual(['A1', 'A2', 'C3']);
    expect(body.removed).toEqual(['B1', 'B2']);
    expect(body.changed.A1.tags).toEqual(['ctrl']);
    expect(Object.keys(body.changed.A2.targets)).toEqual(['assay-medium']);
    expect(body.indices_changed.by_sample).toEqual({ S7: [] });
    const full = await read(id);
    expect(Object.keys(full.wells)).toEqual(['A1', 'A2', 'C3']);
    expect(full.wells.C3.targets.dmso).toMatchObject({ volume_uL: 2, tol_pct: 5 });
  });

  it('expands a high-level series op into targets and tags, as one version', async () => {
    const id = await experimentWithBench(t.app, owner, '384');
    const res = await patch(id, 0, [
      {
        op: 'series',
        compounds: [{ reagent: 'staurosporine' }],
        top: { value: 10, unit: 'uM' },
        factor: 3,
        points: 4,
        replicates: 1,
        direction: 'rows',
        region: ['B1:B4'],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(1);
    const wells = (await read(id)).wells;
    expect(Object.keys(wells).toSorted()).toEqual(['B1', 'B2', 'B3', 'B4']);
    // 10 uM, then each point a third of the one before: 10, 3.333, 1.111, 0.3704 uM
    const expected = [10_000, 10_000 / 3, 10_000 / 9, 10_000 / 27];
    ['B1', 'B2', 'B3', 'B4'].forEach((w, k) => {
      expect(wells[w].targets.staurosporine.target_nM).toBeCloseTo(expected[k], 6);
      expect(wells[w].tags).toContain(`SERIES:staurosporine:${k + 1}`);
    });
  });

  it('is atomic: a refused op names its index, op and well, and nothing is written', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    let res = await patch(id, 0, [
      { op: 'label', wells: ['A1'], label: 'kept?' },
      { op: 'set', wells: ['A2'], reagent: 'not-on-bench', volume_uL: 1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ op_index: 1, op: 'set', well: 'A2' });
    expect(res.json().detail).toMatch(/not-on-bench/);
    res = await patch(id, 0, [{ op: 'label', wells: ['A1', 'Z99'], label: 'x' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ op_index: 0, op: 'label', well: 'Z99' });
    res = await patch(id, 0, [
      { op: 'label', wells: ['A1'], label: 'ok' },
      { op: 'series', n: 3 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ op_index: 1, op: 'series' });
    expect(res.json().detail).toMatch(/series/);
    res = await patch(id, 0, [{ op: 'frobnicate', wells: ['A1'] }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/Unknown op "frobnicate"/);
    res = await patch(id, 0, [{ op: 'set', wells: ['A1'], reagent: 'dmso', volume_uL: -1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ op_index: 0, op: 'set' });
    const full = await read(id);
    expect(full.version).toBe(0);
    expect(full.wells).toEqual({});
  });

  it('409 on a stale version with the ops applied since, so the client can rebase', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    expect((await patch(id, 0, [{ op: 'label', wells: ['A1'], label: 'first' }])).statusCode).toBe(
      200,
    );
    expect((await patch(id, 1, [{ op: 'sample', wells: ['A2'], sample: 'S' }])).statusCode).toBe(
      200,
    );
    const res = await patch(id, 0, [{ op: 'label', wells: ['A3'], label: 'late' }]);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.version).toBe(2);
    expect(body.since).toMatchObject({ from: 0, version: 2, removed: [] });
    expect(body.since.changed).toEqual({
      A1: { label: 'first', sample: '', tags: [], targets: {} },
      A2: { label: '', sample: 'S', tags: [], targets: {} },
    });
    expect(body.since.hash).toBe((await read(id)).hash);
  });

  it('since: the net changes from the plate log; 410 when the log does not reach back, 400 ahead of the plate', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    await patch(id, 0, [{ op: 'label', wells: ['A1', 'A2'], label: 'a' }]);
    await patch(id, 1, [
      { op: 'clear', wells: ['A1'] },
      { op: 'label', wells: ['A2'], label: 'b' },
    ]);
    const put = await call(t.app, 'PUT', plateUrl(id), owner, {
      version: 2,
      defn: { format: 96 },
      wells: { A2: { label: 'b' }, H12: { sample: 'Z' } },
    });
    expect(put.statusCode).toBe(200);
    let res = await call(t.app, 'GET', `${plateUrl(id)}?since=1`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: 1,
      version: 3,
      hash: put.json().hash,
      changed: {
        A2: { label: 'b', sample: '', tags: [], targets: {} },
        H12: { label: '', sample: 'Z', tags: [], targets: {} },
      },
      removed: ['A1'],
    });
    res = await call(t.app, 'GET', `${plateUrl(id)}?since=3`, owner);
    expect(res.json()).toMatchObject({ from: 3, version: 3, changed: {}, removed: [] });
    await t.database.db.delete(plateLog).where(eq(plateLog.version, 1));
    res = await call(t.app, 'GET', `${plateUrl(id)}?since=0`, owner);
    expect(res.statusCode).toBe(410);
    expect(res.json().detail).toMatch(/version 0/);
    // a version the plate has not reached is a wrong request (400), not a short log
    res = await call(t.app, 'GET', `${plateUrl(id)}?since=9`, owner);
    expect(res.statusCode).toBe(400);
  });

  it('compact form: the same wells as the full state, the same version and hash', async () => {
    const id = await experimentWithBench(t.app, owner, '384');
    await patch(id, 0, [
      { op: 'set', wells: ['A1:P24'], reagent: 'assay-medium', volume_uL: 30 },
      {
        op: 'set',
        wells: ['A1:P12'],
        reagent: 'staurosporine',
        target_nM: 100,
        volume_uL: 0.2,
        tol_pct: 10,
      },
      { op: 'sample', wells: ['C1:C24'], sample: 'S3' },
    ]);
    const res = await app().inject({
      method: 'GET',
      url: `${plateUrl(id)}?form=compact`,
      headers: owner,
    });
    expect(res.statusCode).toBe(200);
    const compact = res.json() as CompactPlate;
    const full = await read(id);
    const decoded = decodeCompactPlate(compact);
    expect(decoded.version).toBe(full.version);
    expect(decoded.hash).toBe(full.hash);
    expect(decoded.wells).toEqual(wireWellsOf(full));
    // the client computes the derived values with the same domain code
    const bench = await benchFacts(t.database.db, id);
    const recomputed = computePlateState({
      defn: decoded.defn,
      wells: decoded.wells,
      version: decoded.version,
      bench: bench.infos,
      hasher: sha256HexNode,
    });
    // and the well editor says the plan's statuses and reasons (withPlanStatus)
    expect(JSON.parse(JSON.stringify(withPlan(recomputed, decoded.wells, bench.infos)))).toEqual(
      full,
    );
  });

  it('stores wells by plate row: a one-well edit rewrites its row, an emptied row goes, a new format rewrites all', async () => {
    const id = await experimentWithBench(t.app, owner, '384');
    const stored = async () =>
      (
        await t.database.db
          .select()
          .from(plateRows)
          .where(eq(plateRows.experimentId, id))
          .orderBy(asc(plateRows.row))
      ).map((r) => [r.row, Object.keys(readStoredWells(r.wells))]);
    await patch(id, 0, [
      { op: 'label', wells: ['A1', 'A24', 'C5', 'P24'], label: 'x' },
      { op: 'sample', wells: ['C6'], sample: 'S' },
    ]);
    expect(await stored()).toEqual([
      [0, ['A1', 'A24']],
      [2, ['C5', 'C6']],
      [15, ['P24']],
    ]);
    // one well of row C: row C is written again with both its wells
    await patch(id, 1, [{ op: 'label', wells: ['C5'], label: 'y' }]);
    expect((await loadPlate(t.database.db, id))?.wells.C5.label).toBe('y');
    expect((await loadPlate(t.database.db, id))?.wells.C6.sample).toBe('S');
    await patch(id, 2, [{ op: 'clear', wells: ['P24'] }]);
    expect(await stored()).toEqual([
      [0, ['A1', 'A24']],
      [2, ['C5', 'C6']],
    ]);
    // 384 -> 96: every row of the old format that holds nothing now is gone
    const put = await call(t.app, 'PUT', plateUrl(id), owner, {
      version: 3,
      defn: { format: 96 },
      wells: { B2: { label: 'z' }, H12: { sample: 'Z' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await stored()).toEqual([
      [1, ['B2']],
      [7, ['H12']],
    ]);
    const plate = await loadPlate(t.database.db, id);
    expect(plate?.defn.format).toBe(96);
    expect(plate?.wells).toEqual({
      B2: { label: 'z', sample: '', tags: [], targets: {} },
      H12: { label: '', sample: 'Z', tags: [], targets: {} },
    });
  });

  it('PUT, restore and the plate log: every write is logged with its author', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    await patch(id, 0, [{ op: 'label', wells: ['A1'], label: 'v1' }]);
    const saved = await call(t.app, 'POST', `/api/experiments/${id}/versions`, owner, {
      summary: 'one',
    });
    await patch(id, 1, [
      { op: 'label', wells: ['A1'], label: 'v2' },
      { op: 'label', wells: ['B1'], label: 'b' },
    ]);
    const restore = await call(
      t.app,
      'POST',
      `/api/experiments/${id}/versions/${saved.json().id}/restore`,
      owner,
    );
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json().plate.version).toBe(3);
    const since = (await call(t.app, 'GET', `${plateUrl(id)}?since=2`, owner)).json();
    expect(since.changed).toEqual({ A1: { label: 'v1', sample: '', tags: [], targets: {} } });
    expect(since.removed).toEqual(['B1']);
    const rows = await t.database.db
      .select()
      .from(plateLog)
      .where(eq(plateLog.experimentId, id))
      .orderBy(asc(plateLog.version));
    expect(rows.map((r) => [r.version, r.baseVersion, r.author])).toEqual([
      [1, 0, 'ops-owner'],
      [2, 1, 'ops-owner'],
      [3, 2, `restore:${saved.json().id}`],
    ]);
    expect(readStoredWells(rows[1].before)).toEqual({
      A1: { label: 'v1', sample: '', tags: [], targets: {} },
      B1: null,
    });
  });

  it('the versions list says what changed since the version before, from the plate log', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    const versionsUrl = `/api/experiments/${id}/versions`;
    await patch(id, 0, [{ op: 'label', wells: ['A1'], label: 'a' }]);
    await call(t.app, 'POST', versionsUrl, owner, { summary: 'one' });
    await patch(id, 1, [{ op: 'set', wells: ['A2'], reagent: 'dmso', volume_uL: 1 }]);
    await patch(id, 2, [{ op: 'clear', wells: ['A1'] }]);
    await call(t.app, 'POST', versionsUrl, owner, { summary: 'two' });
    const list = (await call(t.app, 'GET', versionsUrl, owner)).json();
    expect(list.map((v: { summary: string }) => v.summary)).toEqual(['two', 'one']);
    expect(list[0].changes).toEqual({
      wells: { added: ['A2'], removed: ['A1'], changed: [] },
      reagents: { dmso: { added: ['A2'], removed: [], changed: [] } },
      reagents_added: ['dmso'],
      reagents_removed: [],
    });
    expect(list[1].changes).toEqual({
      wells: { added: ['A1'], removed: [], changed: [] },
      reagents: {},
      reagents_added: [],
      reagents_removed: [],
    });
  });

  it('refuses someone else’s experiment with 404', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    const stranger = await userHeaders('stranger');
    const res = await call(t.app, 'PATCH', plateUrl(id), stranger, {
      version: 0,
      ops: [{ op: 'label', wells: ['A1'], label: 'x' }],
    });
    expect(res.statusCode).toBe(404);
    const since = await call(t.app, 'GET', `${plateUrl(id)}?since=0`, stranger);
    expect(since.statusCode).toBe(404);
  });

  function app() {
    return t.app;
  }
});
