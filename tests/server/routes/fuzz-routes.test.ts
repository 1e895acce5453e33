// Generated requests over every route of the catalog: bodies of any JSON shape (and the
// route's valid body with fields replaced), any content type, any query, odd path values.
// None may answer 5xx, and the tables must be unchanged over any run of refused requests.
import * as fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/connect';
import { dumpTables } from '../db-dump';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { fillPath, ROUTES, type Fixture } from '../route-catalog';
import { multipart } from '../multipart';
import { makeFixture, OWNER } from '../route-fixture';

/** 10,000 requests in all, half on each database. */
const RUNS_PER_DATABASE = Number(process.env.FUZZ_RUNS ?? 5_000);
/** Requests between two checks that refused requests left the tables as they were. */
const WINDOW = 250;

/**
 * One md5 over every row of every table, in one query: cheap enough to take after each
 * refused write, so that each one is shown to have changed nothing (dumpTables shows what).
 */
async function fingerprinter(database: Database): Promise<() => Promise<string>> {
  const tables = (await database.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('rate_limits') order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const parts = tables.rows.map(
    ({ table_name }) =>
      sql`select ${table_name} || ':' || coalesce(string_agg(to_jsonb(t)::text, ',' order by to_jsonb(t)::text), '') as r from ${sql.identifier(table_name)} t`,
  );
  const query = sql`select md5(string_agg(r, ';' order by r)) as h from (${sql.join(parts, sql` union all `)}) all_tables`;
  return async () => {
    const result = (await database.db.execute(query)) as unknown as { rows: { h: string }[] };
    return result.rows[0].h;
  };
}

// A stream never ends, so it cannot be answered through inject().
const routes = ROUTES.filter((r) => !r.stream);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/octet-stream',
  undefined,
];

/** A value of any JSON shape, with odd strings and numbers among them. */
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom('\u0000', '\ud800', 'x'.repeat(5000), -1, 1e308, -0, 1.5, '', null),
);

/** The valid body with one field replaced, or a field added. */
function mutated(valid: unknown) {
  const base = valid && typeof valid === 'object' ? (valid as Record<string, unknown>) : {};
  const keys = Object.keys(base);
  return fc
    .tuple(fc.constantFrom(...keys, 'extra', '__proto__', 'constructor'), anyJson)
    .map(([key, value]) => JSON.stringify({ ...base, [key]: value }));
}

const requestArb = fc.record({
  route: fc.constantFrom(...routes),
  bodyKind: fc.constantFrom('none', 'any', 'mutated', 'upload', 'raw'),
  seed: fc.integer({ min: 0, max: 2 ** 30 }),
  contentType: fc.constantFrom(...CONTENT_TYPES),
  query: fc.dictionary(
    fc.constantFrom('slug', 'limit', 'ts', 'instrument', 'q', 'visibility', 'experiment_id', 'x'),
    fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String), fc.constant('%00')),
    { maxKeys: 3 },
  ),
  param: fc.option(
    fc.oneof(fc.constantFrom('0', '-1', '99999999999', 'abc', '%E0%A4', '1e3', '%00'), fc.string()),
    { freq: 5 },
  ),
});

type RequestShape = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

/** The body text of one generated request (deterministic from its seed). */
function bodyOf(shape: RequestShape, f: Fixture): string | undefined {
  const valid = shape.route.body?.(f);
  const [sample] = (() => {
    switch (shape.bodyKind) {
      case 'none':
        return [undefined];
      case 'any':
        return fc.sample(
          anyJson.map((v) => JSON.stringify(v)),
          { seed: shape.seed, numRuns: 1 },
        );
      case 'mutated':
        return fc.sample(mutated(valid), { seed: shape.seed, numRuns: 1 });
      case 'upload':
        return [multipart('fuzz').payload.toString()];
      default:
        return fc.sample(fc.string({ maxLength: 200 }), { seed: shape.seed, numRuns: 1 });
    }
  })();
  return sample;
}

function urlOf(shape: RequestShape, f: Fixture): string {
  let url = fillPath(shape.route.path, f);
  if (shape.param !== null) {
    url = url.replace(String(f.id), encodeURIComponent(shape.param).replace('%25', '%'));
  }
  const query = new URLSearchParams(shape.query).toString();
  return query ? `${url}?${query}` : url;
}

// The two databases run side by side: each waits on its own I/O while the other works.
describe.concurrent('generated requests', () => {
  it.for(DB_KINDS)(
    `on %s: ${RUNS_PER_DATABASE} requests answer below 500, refused ones writing nothing`,
    { timeout: 300_000 },
    async (kind) => {
      const t: TestApp = await createTestApp(kind);
      try {
        await fuzz(t, await userHeaders(OWNER));
      } finally {
        await t.close();
      }
    },
  );
});

async function fuzz(t: TestApp, owner: Record<string, string>): Promise<void> {
  let f = await makeFixture(t, owner);
  const fingerprint = await fingerprinter(t.database);
  let before = await fingerprint();
  let baseline = await dumpTables(t.database);
  let acceptedWrite = false;
  let refusedWrites = 0;
  let count = 0;
  const statuses = new Map<number, number>();

  await fc.assert(
    fc.asyncProperty(requestArb, async (shape) => {
      const payload = bodyOf(shape, f);
      const headers: Record<string, string> = { ...owner };
      if (shape.contentType && payload !== undefined) headers['content-type'] = shape.contentType;
      const url = urlOf(shape, f);
      const res = await t.app.inject({ method: shape.route.method, url, headers, payload });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const what = `${shape.route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, what).toBeLessThan(500);
      const writes = shape.route.method !== 'GET';
      if (res.statusCode >= 400) {
        expect(typeof res.json().detail, what).toBe('string');
        if (writes) {
          // A refused request wrote nothing: every table is as it was before it.
          expect(await fingerprint(), what).toBe(before);
          refusedWrites += 1;
        }
      } else if (writes) {
        acceptedWrite = true;
        // Its plate_changed event is logged after the answer: wait for it to be stored.
        await t.app.events.settled();
        before = await fingerprint();
      }
      count += 1;
      if (count % WINDOW !== 0) return;
      const now = await dumpTables(t.database);
      // Over a window of only refused (or reading) requests nothing may have changed.
      if (!acceptedWrite) expect(now).toEqual(baseline);
      // A deleted fixture would leave later requests nothing to reach: make a new one.
      if (acceptedWrite) {
        f = await makeFixture(t, owner);
        before = await fingerprint();
      }
      baseline = acceptedWrite ? await dumpTables(t.database) : now;
      acceptedWrite = false;
    }),
    { numRuns: RUNS_PER_DATABASE, endOnFailure: true },
  );
  expect(count).toBe(RUNS_PER_DATABASE);
  // The generator must reach both outcomes, or the property says little.
  expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
  expect([...statuses.keys()].some((s) => s >= 400)).toBe(true);
  expect(refusedWrites).toBeGreaterThan(RUNS_PER_DATABASE / 10);
}
