// The assistant through the real server: every request of the corpus is sent to POST /chat
// on a fresh experiment and the stored plate must change exactly as the corpus says (or not
// at all, with a clear message). Plus the chat response, threads, undo, events and limits.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import { wireWellsOf, type PlateState } from '../../../src/domain/plate-state';
import type { WireWells } from '../../../src/domain/plate-wire';
import { catalogToBench } from '../../../src/server/agent/reagent-match';
import { CATALOG_SEED } from '../../../src/server/catalog/catalog-seed';
import { plateLog } from '../../../src/server/db/schema';
import type { ExperimentEvent } from '../../../src/server/events/event-bus';
import { BENCH } from '../../unit/agent/agent-fixtures';
import { expectChange } from '../../unit/agent/corpus-check';
import { CORPUS, type CorpusCase } from '../../unit/agent/request-corpus';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call } from '../plate-fixtures';

const REAGENTS = [
  {
    name: 'Compound A',
    slug: 'compound-a',
    reagent_type: 'chemical',
    solvent: 'DMSO',
    default_concentration_value: 10,
    default_concentration_units: 'mM',
    molecular_weight_g_per_mol: 300,
  },
  {
    name: 'Compound B',
    slug: 'compound-b',
    reagent_type: 'chemical',
    solvent: 'DMSO',
    default_concentration_value: 1,
    default_concentration_units: 'mM',
    molecular_weight_g_per_mol: 350,
  },
  {
    name: 'Staurosporine',
    slug: 'staurosporine',
    reagent_type: 'chemical',
    solvent: 'DMSO',
    default_concentration_value: 1,
    default_concentration_units: 'mM',
    molecular_weight_g_per_mol: 466.53,
  },
  {
    name: 'HEPES Buffer',
    slug: 'hepes-buffer',
    reagent_type: 'buffer',
    solvent: 'water',
    default_concentration_value: 1,
    default_concentration_units: 'M',
    ph: 7.4,
  },
  {
    name: 'DMSO',
    slug: 'dmso',
    reagent_type: 'solvent',
    default_concentration_value: 100,
    default_concentration_units: '%',
    max_concentration_percent: 1,
  },
  { name: 'DMEM', slug: 'dmem', reagent_type: 'media', ph: 7.4 },
];

let t: TestApp;
let headers: Record<string, string>;

// Creating the app (a migrated PGlite) takes most of a minute on a busy machine.
beforeAll(async () => {
  t = await createTestApp('pglite');
  headers = await userHeaders();
}, 180_000);
afterAll(async () => t?.close());

/** An experiment of this format with the corpus bench and DMEM as default vehicle. */
async function experiment(format: number): Promise<number> {
  const res = await call(t.app, 'POST', '/api/experiments/', headers, {
    name: 'Screen',
    plate_type: String(format),
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  for (const r of REAGENTS) {
    const b = await call(t.app, 'POST', `/api/experiments/${id}/bench/reagents`, headers, r);
    expect(b.statusCode, b.body).toBe(201);
  }
  const v = await call(t.app, 'PATCH', `/api/experiments/${id}/vehicle`, headers, {
    vehicle_slug: 'dmem',
  });
  expect(v.statusCode, v.body).toBe(200);
  return id;
}

async function plate(id: number): Promise<PlateState> {
  const res = await call(t.app, 'GET', `/api/experiments/${id}/plate`, headers);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function send(
  id: number,
  message: string,
  threadId: string,
  extra: Record<string, unknown> = {},
) {
  return call(t.app, 'POST', `/api/experiments/${id}/chat`, headers, {
    message,
    thread_id: threadId,
    ...extra,
  });
}

function wire(state: PlateState): WireWells {
  return wireWellsOf(state);
}

describe('request corpus through POST /chat', () => {
  CORPUS.forEach((c: CorpusCase, n) => {
    it(`#${n + 1} (${c.format}) ${c.request.slice(0, 70) || '(empty)'}`, async () => {
      const id = await experiment(c.format);
      const thread = `exp_${id}_${1_700_000_000_000 + n}`;
      for (const s of c.setup ?? []) {
        const res = await send(id, s, thread);
        expect(res.statusCode, res.body).toBe(200);
        expect(
          res.json().version_id,
          `setup "${s}": ${res.json().messages?.[1]?.content}`,
        ).not.toBeNull();
      }
      const before = await plate(id);
      const res = await send(id, c.request, thread, c.selection ? { selection: c.selection } : {});
      if (c.request.trim() === '') {
        // The schema refuses a blank message before anything runs.
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toMatch(/Message is required/);
        expect((await plate(id)).version).toBe(before.version);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.thread_id).toBe(thread);
      expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
      const reply = body.messages[1].content as string;
      const after = await plate(id);
      if (c.refused || c.answer) {
        expect(reply).toMatch((c.refused ?? c.answer)!);
        expect(body.plate_v2).toBeNull();
        expect(body.version_id).toBeNull();
        expect(after.version).toBe(before.version);
        expect(after.hash).toBe(before.hash);
        return;
      }
      expect(body.version_id).toEqual(expect.any(Number));
      expect(body.plate_v2.version).toBe(after.version);
      expect(after.version).toBe(before.version + 1);
      const bench = [
        ...BENCH,
        ...(c.benchAdds ?? []).map((s) => catalogToBench(CATALOG_SEED.find((e) => e.slug === s)!)),
      ];
      expectChange(c, wire(before), wire(after), bench);
      if (c.benchAdds) {
        const list = await call(t.app, 'GET', `/api/experiments/${id}/bench/reagents`, headers);
        expect(list.json().map((r: { slug: string }) => r.slug)).toEqual(
          expect.arrayContaining(c.benchAdds),
        );
      }
    });
  });
});

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

describe.each(DB_KINDS)('POST /chat on %s', (kind) => {
  let pglite: TestApp;
  beforeAll(async () => {
    if (kind === 'pglite') return;
    pglite = t;
    t = await createTestApp(kind);
  }, 180_000);
  afterAll(async () => {
    if (kind === 'pglite') return;
    await t.close();
    t = pglite;
  });

  it('answers the contract shape, stores the thread and reports agent activity', async () => {
    const id = await experiment(1536);
    const events: ExperimentEvent[] = [];
    const stop = t.app.events.subscribe(id, (e) => events.push(e));
    const thread = `exp_${id}_1700000000001`;
    const res = await send(
      id,
      '3-fold dilution of compound A from 30 uM across row B, 10 points',
      thread,
    );
    // On PostgreSQL events come back through LISTEN/NOTIFY, a moment after the answer.
    // Each event is its own notification, so wait for the last of both kinds, in any order.
    await until(
      () =>
        events.some((e) => e.type === 'plate_changed') &&
        events.some((e) => e.type === 'agent_activity' && e.status === 'done'),
    );
    stop();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).toSorted()).toEqual([
      'messages',
      'plate_v2',
      'protocol_ops',
      'thread_id',
      'version_id',
    ]);
    expect(body.messages[0]).toMatchObject({
      role: 'user',
      content: '3-fold dilution of compound A from 30 uM across row B, 10 points',
      timestamp: expect.any(String),
    });
    expect(body.messages[1].content).toMatch(
      /^3-fold dilution series of Compound A, 10 points from 30\.0 µM to 1\.52 nM \(B1 to B10\)\./,
    );
    expect(body.plate_v2.defn).toEqual(plateDefn(1536));
    expect(Object.keys(body.plate_v2.wells)).toHaveLength(10);
    // 25-50 nL per well (5 % rounding of 2.5 nL droplets, 1 % DMSO of 5 uL): 3.33 uM (7
    // droplets of 1:10 would be +5.0 %), 1.11 uM, 370 and 123 nM and 13.7 nM come from
    // sources made for them (667, 222, 74.1, 24.7, 2.74 uM)
    expect(body.protocol_ops.map((o: { label: string }) => o.label)).toEqual([
      'Compound A working stock 1:15',
      'Compound A working stock 1:45',
      'Compound A working stock 1:135',
      'Compound A working stock 1:405',
      'Compound A working stock 1:1000',
      'Compound A working stock 1:3650',
      'Compound A working stock 1:10000',
    ]);
    // Each on whole 0.1 uL, at least 10 uL (a pipette's good band), exactly its factor, and
    // in the fewest such steps from the stock (at most 1 mL made), as checked by hand with
    // C1 V1 = C2 V2: 10 mM x 10 / 150 = 666.7 uM (1:15); 10 mM x 10 / 450 = 222.2 uM (1:45);
    // 222.2 x 10 / 30 = 74.07 uM (1:135); 222.2 x 10 / 90 = 24.69 uM (1:405); 222.2 x 10.8 /
    // 240 = 10.0 uM (1:1000); 10 x 10 / 36.5 = 2.740 uM (1:3650: from the 1:45 it would take
    // 10.8 uL to 865.2 uL, past 20 uL more than the least); 10 x 10 / 100 = 1.000 uM (1:10000).
    expect(body.protocol_ops.map((o: { notes: string }) => o.notes)).toEqual([
      'Add 10 µL of Compound A stock to 140 µL DMSO (667 µM); 150 µL made',
      'Add 10 µL of Compound A stock to 440 µL DMSO (222 µM); 450 µL made',
      'Add 10 µL of Compound A working stock 1:45 to 20 µL DMSO (74.1 µM); 30 µL made',
      'Add 10 µL of Compound A working stock 1:45 to 80 µL DMSO (24.7 µM); 90 µL made',
      'Add 10.8 µL of Compound A working stock 1:45 to 229.2 µL DMSO (10.0 µM); 240 µL made',
      'Add 10 µL of Compound A working stock 1:1000 to 26.5 µL DMSO (2.74 µM); 36.5 µL made',
      'Add 10 µL of Compound A working stock 1:1000 to 90 µL DMSO (1.00 µM); 100 µL made',
    ]);
    // the same preparations, with the same volumes, as the plate's dispense plan
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, headers)).json();
    expect(body.protocol_ops.map((o: { volume_uL: number }) => o.volume_uL)).toEqual(
      plan.intermediates.map((i: { from_uL: number }) => i.from_uL),
    );
    const versions = (await call(t.app, 'GET', `/api/experiments/${id}/versions`, headers)).json();
    expect(versions[0]).toMatchObject({
      id: body.version_id,
      summary: expect.stringMatching(/^3-fold dilution series of Compound A/),
    });
    const state = (
      await call(t.app, 'GET', `/api/experiments/${id}/threads/${thread}/state?ts=1`, headers)
    ).json();
    expect(state.state.messages).toHaveLength(2);
    const types = events.map((e) => `${e.type}:${String(e.status ?? '')}`);
    expect(types[0]).toBe('agent_activity:thinking');
    expect(types).toContain('agent_activity:done');
    expect(types).toContain('plate_changed:');
    const progress = await call(
      t.app,
      'GET',
      `/api/agents/plate-assistant/threads/${thread}/progress`,
      headers,
    );
    expect(progress.json()).toMatchObject({
      status: 'idle',
      steps: [{ tools: ['dilution_series'] }],
    });
  });

  it('answers the changed wells instead of the plate when asked (plate: "changes")', async () => {
    const id = await experiment(1536);
    const before = await plate(id);
    const res = await call(t.app, 'POST', `/api/experiments/${id}/chat`, headers, {
      message: 'add 10 uM staurosporine to column 23',
      plate: 'changes',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.plate_v2).toBeNull();
    const after = await plate(id);
    expect(body.plate_changes).toEqual({
      from: before.version,
      version: after.version,
      hash: after.hash,
      // the plate was empty: every well of it now is a change
      changed: wire(after),
      removed: [],
    });
    expect(Object.keys(body.plate_changes.changed)).toHaveLength(32);
    // a question changes nothing: no plate either way
    const q = await call(t.app, 'POST', `/api/experiments/${id}/chat`, headers, {
      message: 'what is in A23',
      plate: 'changes',
    });
    expect(q.json().plate_changes).toBeUndefined();
    expect(q.json().plate_v2).toBeNull();
  });

  it('undoes from the saved versions when the plate log no longer reaches back', async () => {
    const id = await experiment(384);
    const thread = `exp_${id}_1700000000003`;
    await send(id, 'add 10 uM staurosporine to A1', thread);
    const afterFirst = await plate(id);
    await send(id, 'add 1 uM compound B to A2', thread);
    // as if the log had been pruned past these writes
    await t.database.db.delete(plateLog).where(eq(plateLog.experimentId, id));
    const undo = (await send(id, 'undo', thread)).json();
    expect(undo.messages[1].content).toBe('Undone: Added 1.00 µM Compound B to A2.');
    expect(wire(undo.plate_v2)).toEqual(wire(afterFirst));
  });

  it('creates a thread when none is given and continues it with resume', async () => {
    const id = await experiment(96);
    const first = (
      await call(t.app, 'POST', `/api/experiments/${id}/chat`, headers, {
        message: 'add 10 uM staurosporine to A1',
      })
    ).json();
    expect(first.thread_id).toMatch(new RegExp(`^exp_${id}_\\d+$`));
    const res = await call(
      t.app,
      'POST',
      `/api/experiments/${id}/threads/${first.thread_id}/resume`,
      headers,
      { message: 'what is in A1' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().messages[1].content).toMatch(/^A1: Staurosporine 10\.0 µM/);
    const missing = await call(
      t.app,
      'POST',
      `/api/experiments/${id}/threads/exp_${id}_999/resume`,
      headers,
      { message: 'undo' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('undoes its own changes one by one and refuses when the plate was edited since', async () => {
    const id = await experiment(384);
    const thread = `exp_${id}_1700000000002`;
    await send(id, 'add 10 uM staurosporine to A1', thread);
    const afterFirst = await plate(id);
    await send(id, 'add 1 uM compound B to A2', thread);
    const undo1 = (await send(id, 'undo', thread)).json();
    expect(undo1.messages[1].content).toBe('Undone: Added 1.00 µM Compound B to A2.');
    expect(wire(undo1.plate_v2)).toEqual(wire(afterFirst));
    const undo2 = (await send(id, 'undo', thread)).json();
    expect(Object.keys(undo2.plate_v2.wells)).toEqual([]);
    const undo3 = (await send(id, 'undo', thread)).json();
    expect(undo3.messages[1].content).toBe(
      'There is no change of mine to undo in this conversation.',
    );

    await send(id, 'add 10 uM staurosporine to B1', thread);
    const current = await plate(id);
    const put = await call(t.app, 'PUT', `/api/experiments/${id}/plate`, headers, {
      version: current.version,
      defn: current.defn,
      wells: {},
    });
    expect(put.statusCode).toBe(200);
    const refused = (await send(id, 'undo', thread)).json();
    expect(refused.messages[1].content).toMatch(/^The plate was changed after my last change/);
    expect(refused.plate_v2).toBeNull();
  });

  it('refuses 10 kB of text with a clear message and changes nothing', async () => {
    const id = await experiment(96);
    const before = await plate(id);
    const res = await send(id, 'x'.repeat(10_240), `exp_${id}_1`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/at most 4000 characters/);
    expect((await plate(id)).version).toBe(before.version);
  });

  it('is 404 for someone else’s experiment', async () => {
    const id = await experiment(96);
    const other = await userHeaders();
    const res = await call(t.app, 'POST', `/api/experiments/${id}/chat`, other, {
      message: 'clear the whole plate',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Experiment not found' });
  });
});
