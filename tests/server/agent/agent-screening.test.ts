// A sample of the screening corpus through the real server (POST /chat on PGlite), graded
// as on the pure path, and a question with choices answered over two messages and undone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireWellsOf, type PlateState } from '../../../src/domain/plate-state';
import { SCREENING_CORPUS } from '../../unit/agent/request-corpus-screening';
import { gradeOutcome } from '../../unit/agent/screening-run';
import { createTestApp, userHeaders, type TestApp } from '../helpers';
import { call } from '../plate-fixtures';

// The bench of tests/unit/agent/agent-fixtures.ts, as the bench API takes it.
const REAGENTS = [
  ['Compound A', 'compound-a', 'chemical', 'DMSO', 10, 'mM', 300],
  ['Compound B', 'compound-b', 'chemical', 'DMSO', 1, 'mM', 350],
  ['Staurosporine', 'staurosporine', 'chemical', 'DMSO', 1, 'mM', 466.53],
  ['HEPES Buffer', 'hepes-buffer', 'buffer', 'water', 1, 'M', null],
].map(([name, slug, reagent_type, solvent, v, u, mw]) => ({
  name,
  slug,
  reagent_type,
  solvent,
  default_concentration_value: v,
  default_concentration_units: u,
  ...(mw ? { molecular_weight_g_per_mol: mw } : { ph: 7.4 }),
}));
const EXTRA = [
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

async function experiment(format: number): Promise<number> {
  const res = await call(t.app, 'POST', '/api/experiments/', headers, {
    name: 'Screen',
    plate_type: String(format),
  });
  const id = res.json().id as number;
  for (const r of [...REAGENTS, ...EXTRA]) {
    const b = await call(t.app, 'POST', `/api/experiments/${id}/bench/reagents`, headers, r);
    expect(b.statusCode, b.body).toBe(201);
  }
  await call(t.app, 'PATCH', `/api/experiments/${id}/vehicle`, headers, { vehicle_slug: 'dmem' });
  return id;
}

async function plate(id: number): Promise<PlateState> {
  return (await call(t.app, 'GET', `/api/experiments/${id}/plate`, headers)).json();
}

async function benchSlugs(id: number): Promise<string[]> {
  const list = await call(t.app, 'GET', `/api/experiments/${id}/bench/reagents`, headers);
  return list.json().map((r: { slug: string }) => r.slug);
}

async function send(id: number, message: string, thread: string) {
  const res = await call(t.app, 'POST', `/api/experiments/${id}/chat`, headers, {
    message,
    thread_id: thread,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

// Every 9th case (96 and 384 plates keep the server runs short), none with a selection.
const SAMPLE = SCREENING_CORPUS.map((c, n) => ({ c, n })).filter(
  ({ c, n }) => n % 9 === 0 && !c.selection && c.format !== 1536,
);

describe('screening corpus sample through POST /chat', () => {
  it('has a sample of every class it draws from', () => {
    expect(SAMPLE.length).toBeGreaterThanOrEqual(20);
  });

  SAMPLE.forEach(({ c, n }) => {
    it(`#${n + 1} [${c.cls}] (${c.format}) ${c.request.slice(0, 60)}`, async () => {
      const id = await experiment(c.format);
      const thread = `exp_${id}_${1_700_000_000_000 + n}`;
      for (const s of c.setup ?? []) await send(id, s, thread);
      const before = await plate(id);
      const benchBefore = await benchSlugs(id);
      const body = await send(id, c.request, thread);
      const after = await plate(id);
      const adds = (await benchSlugs(id)).filter((s) => !benchBefore.includes(s));
      const g = gradeOutcome(c, {
        before: wireWellsOf(before),
        after: wireWellsOf(after),
        reply: body.messages[1].content,
        asked: body.messages[1].data?.question !== undefined,
        adds,
      });
      expect(g.why).toBe('');
      expect(g.grade).toBe('exact');
    });
  });
});

describe('a question with choices over POST /chat', () => {
  it('asks, writes nothing, applies the picked choice as one version and undoes it', async () => {
    const id = await experiment(384);
    const thread = `exp_${id}_1700000000001`;
    const v0 = (await plate(id)).version;
    const q = await send(id, 'add 1 uM staurosporine to quadrant 1', thread);
    expect(q.version_id).toBeNull();
    expect(q.messages[1].content).toMatch(/reads two ways/);
    expect(q.messages[1].data.question.choices.map((ch: { label: string }) => ch.label)).toEqual([
      'interleaved quadrant 1 (A1, A3, ...)',
      'block quadrant 1 (A1 to H12)',
    ]);
    expect((await plate(id)).version).toBe(v0);

    const a = await send(id, '2', thread);
    expect(a.version_id).toEqual(expect.any(Number));
    const after = await plate(id);
    expect(after.version).toBe(v0 + 1);
    // Block quadrant 1 of a 384 plate: rows A-H, columns 1-12, 96 wells.
    const ids = Object.keys(after.wells).toSorted();
    expect(ids).toHaveLength(96);
    expect(ids).toContain('H12');
    expect(ids).not.toContain('A13');
    expect(after.wells.H12.targets.staurosporine.target_nM).toBe(1000);

    const u = await send(id, 'undo', thread);
    expect(u.messages[1].content).toMatch(/^Undone:/);
    expect(Object.keys((await plate(id)).wells)).toEqual([]);
  });
});
