import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueReports } from '../../../src/server/db/schema';
import { chatRepository } from '../../../src/server/repositories/chat';
import { REPORTS_PER_MINUTE } from '../../../src/server/routes/report-issue';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';

describe.each(DB_KINDS)('report issue on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;
  const ownerId = 'reporter';

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders(ownerId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiments/',
      headers: owner,
      payload: { name: 'Broken plate', plate_type: '96' },
    });
    id = res.json().id;
    const chat = chatRepository(t.database.db);
    const thread = await chat.createThread(ownerId, id);
    await chat.appendMessages(thread.threadId, [
      { role: 'user', content: 'Why is A1 red?' },
      { role: 'assistant', content: 'It is over-filled.' },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const report = (payload: unknown, headers = owner) =>
    t.app.inject({ method: 'POST', url: '/api/report-issue', headers, payload: payload as object });
  const stored = async (reportId: number) => {
    const [row] = await t.database.db
      .select()
      .from(issueReports)
      .where(eq(issueReports.id, reportId));
    return row;
  };

  it('stores the report with the plate and chat of the sender’s experiment', async () => {
    const res = await report({
      experiment_id: id,
      session_id: 'abc',
      description: '  The plate does not save  ',
      include: { chat: true, plate: true, logs: false, env: true },
      time_window_minutes: 30,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'submitted', issue_url: null });
    const row = await stored(res.json().report_id);
    expect(row).toMatchObject({
      ownerId,
      experimentId: id,
      sessionId: 'abc',
      description: 'The plate does not save',
    });
    const context = row.context as Record<string, any>;
    expect(context.experiment.name).toBe('Broken plate');
    expect(context.plate.version).toBe(0);
    expect(context.plate.state.defn).toEqual({ format: 96, rows: 8, cols: 12 });
    expect(context.chat.map((m: { content: string }) => m.content)).toEqual([
      'Why is A1 red?',
      'It is over-filled.',
    ]);
    expect(context.env.database).toBe(kind);
    expect(context.logs).toBeUndefined();
  });

  it('leaves out what include does not ask for', async () => {
    const res = await report({
      experiment_id: String(id),
      description: 'Only words',
      include: { chat: false, plate: false, logs: false, env: false },
    });
    expect(res.statusCode).toBe(201);
    const context = (await stored(res.json().report_id)).context;
    expect(Object.keys(context)).toEqual(['experiment']);
  });

  it('takes nothing from someone else’s experiment', async () => {
    const res = await report(
      { experiment_id: id, description: 'Peeking', include: { chat: true, plate: true } },
      await userHeaders('other-reporter'),
    );
    expect(res.statusCode).toBe(201);
    const row = await stored(res.json().report_id);
    expect(row.experimentId).toBeNull();
    expect(row.context.plate).toBeUndefined();
    expect(row.context.chat).toBeUndefined();
    expect(row.context.experiment).toBeUndefined();
  });

  it('refuses a blank description with the spec’s message and stores nothing', async () => {
    const [before] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(issueReports);
    const res = await report({ description: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('description: Description is required');
    expect(res.json().issues).toEqual([
      { path: 'description', message: 'Description is required' },
    ]);
    const [after] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(issueReports);
    expect(after.n).toBe(before.n);
    expect((await report({ description: 'x' }, {})).statusCode).toBe(401);
  });

  it('limits how many reports one address sends per minute', async () => {
    const limited = await createTestApp(kind);
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/report-issue',
          headers: owner,
          payload: { description: 'Again' },
        });
      for (let i = 0; i < REPORTS_PER_MINUTE; i++) expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^Too many attempts\. Try again in /);
    } finally {
      await limited.close();
    }
  });

  it('answers "disabled" and stores nothing when reporting is switched off', async () => {
    const off = await createTestApp(kind, { config: { reportingEnabled: false } });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/report-issue',
        headers: owner,
        payload: { description: 'Anything' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'disabled', message: 'Reporting is disabled' });
      const [count] = await off.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(issueReports);
      expect(count.n).toBe(0);
    } finally {
      await off.close();
    }
  });
});
