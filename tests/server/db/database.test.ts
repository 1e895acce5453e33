import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/connect';
import * as schema from '../../../src/server/db/schema';
import { DB_KINDS, openTestDatabase, tempDir } from '../helpers';

const TABLES = [
  'agent_observations',
  'agent_states',
  'bench_reagents',
  'campaign_layouts',
  'campaign_plates',
  'campaigns',
  'chat_messages',
  'chat_sessions',
  'chat_threads',
  'dev_sessions',
  'event_log',
  'experiment_texts',
  'experiments',
  'issue_reports',
  'layout_templates',
  'libraries',
  'library_columns',
  'library_wells',
  'plate_log',
  'plate_rows',
  'plate_versions',
  'plates',
  'rate_limits',
  'readouts',
  'reagent_definitions',
  'reagent_stocks',
  'transfer_logs',
];

describe.each(DB_KINDS)('database on %s', (kind) => {
  let fresh: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    fresh = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await fresh?.dispose();
  });

  it('reports its kind', () => {
    expect(fresh.database.kind).toBe(kind);
  });

  it('has every table of the schema after migration, and migrating again is a no-op', async () => {
    await fresh.database.migrate();
    const result = await fresh.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const { rows } = result as unknown as { rows: { table_name: string }[] };
    const names = rows.map((r) => r.table_name);
    expect(names).toEqual(TABLES);
  });

  it('deleting an experiment removes what hangs under it and keeps issue reports', async () => {
    const { db } = fresh.database;
    const [exp] = await db
      .insert(schema.experiments)
      .values({ ownerId: 'u', name: 'e', plateType: '96' })
      .returning();
    await db.insert(schema.plates).values({ experimentId: exp.id, state: {}, hash: 'h' });
    await db
      .insert(schema.plateVersions)
      .values({ experimentId: exp.id, version: 1, state: '{}', snapshot: { label: 'Snapshot 1' } });
    await db
      .insert(schema.benchReagents)
      .values({ experimentId: exp.id, slug: 'dmso', name: 'DMSO', reagentType: 'solvent' });
    await db
      .insert(schema.chatThreads)
      .values({ threadId: `exp_${exp.id}_1`, experimentId: exp.id, ownerId: 'u' });
    await db
      .insert(schema.chatMessages)
      .values({ threadId: `exp_${exp.id}_1`, role: 'user', content: 'hi' });
    const [report] = await db
      .insert(schema.issueReports)
      .values({ ownerId: 'u', experimentId: exp.id, description: 'broken' })
      .returning();

    await db.delete(schema.experiments).where(eq(schema.experiments.id, exp.id));

    for (const table of [
      schema.plates,
      schema.plateVersions,
      schema.benchReagents,
      schema.chatThreads,
      schema.chatMessages,
    ]) {
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
      expect(n).toBe(0);
    }
    const [kept] = await db
      .select()
      .from(schema.issueReports)
      .where(eq(schema.issueReports.id, report.id));
    expect(kept.experimentId).toBeNull();
    expect(kept.include).toEqual({});
  });

  it('keeps one bench reagent slug per experiment', async () => {
    const { db } = fresh.database;
    const [exp] = await db
      .insert(schema.experiments)
      .values({ ownerId: 'u', name: 'e', plateType: '96' })
      .returning();
    const row = { experimentId: exp.id, slug: 'hepes', name: 'HEPES', reagentType: 'buffer' };
    await db.insert(schema.benchReagents).values(row);
    await expect(db.insert(schema.benchReagents).values(row)).rejects.toThrow();
  });

  it('round-trips jsonb and timestamps', async () => {
    const { db } = fresh.database;
    const state = { defn: { format: 1536, rows: 32, cols: 48 }, wells: { AF48: { tags: ['x'] } } };
    const [exp] = await db
      .insert(schema.experiments)
      .values({ ownerId: 'u', name: 'json', plateType: '1536' })
      .returning();
    await db.insert(schema.plates).values({ experimentId: exp.id, state, hash: 'h' });
    const [plate] = await db
      .select()
      .from(schema.plates)
      .where(eq(schema.plates.experimentId, exp.id));
    expect(plate.state).toEqual(state);
    expect(plate.updatedAt).toBeInstanceOf(Date);
    expect(Math.abs(plate.updatedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe('PGlite on disk', () => {
  it('keeps data across a close and reopen of DATA_DIR/pglite', async () => {
    const tmp = await tempDir();
    try {
      const first = await openDatabase({ databaseUrl: null, dataDir: tmp.dir });
      await first.migrate();
      await first.db
        .insert(schema.experiments)
        .values({ ownerId: 'u', name: 'persisted', plateType: '96' });
      await first.close();

      const second = await openDatabase({ databaseUrl: null, dataDir: tmp.dir });
      await second.migrate();
      const rows = await second.db.select().from(schema.experiments);
      expect(rows.map((r) => r.name)).toEqual(['persisted']);
      await second.close();
    } finally {
      await tmp.remove();
    }
  });
});

describe('PostgreSQL connection', () => {
  it('fails at open with a message naming DATABASE_URL when the server is unreachable', async () => {
    await expect(
      openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', dataDir: '' }),
    ).rejects.toThrow(/Cannot connect to DATABASE_URL/);
  });
});
