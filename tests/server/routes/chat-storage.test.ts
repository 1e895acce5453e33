import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRepository } from '../../../src/server/repositories/agent';
import { chatRepository } from '../../../src/server/repositories/chat';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';

describe.each(DB_KINDS)('chat threads, sessions and agent feeds on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let id: number;
  const ownerId = 'chat-owner';

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders(ownerId);
    other = await userHeaders('chat-intruder');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiments/',
      headers: owner,
      payload: { name: 'Chatty', plate_type: '96' },
    });
    id = res.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers = owner) =>
    t.app.inject({ url: `/api/experiments/${id}${url}`, headers });

  it('stores turns through the repository and lists them in history, threads and state', async () => {
    const chat = chatRepository(t.database.db);
    const first = await chat.createThread(ownerId, id, { threadId: `exp_${id}_1000` });
    expect(first.status).toBe('active');
    // Creating it again returns the same thread.
    expect((await chat.createThread(ownerId, id, { threadId: `exp_${id}_1000` })).threadId).toBe(
      first.threadId,
    );
    await chat.appendMessages(first.threadId, [
      { role: 'user', content: 'Fill column 1 with 10 uM staurosporine' },
      { role: 'assistant', content: 'Done: 8 wells', data: { version_id: 3 } },
    ]);
    const second = await chat.createThread(ownerId, id);
    await chat.appendMessages(second.threadId, [{ role: 'user', content: 'Second thread' }]);

    const history = (await get('/chat/history')).json().messages;
    expect(history.map((m: { content: string }) => m.content)).toEqual([
      'Fill column 1 with 10 uM staurosporine',
      'Done: 8 wells',
      'Second thread',
    ]);
    expect(history[1]).toMatchObject({
      role: 'assistant',
      thread_id: first.threadId,
      data: { version_id: 3 },
    });
    expect(new Date(history[0].timestamp).toISOString()).toBe(history[0].timestamp);

    const threads = (await get('/threads')).json().threads;
    expect(threads.map((th: { thread_id: string }) => th.thread_id)).toEqual([
      second.threadId,
      first.threadId,
    ]);
    expect(threads[1]).toMatchObject({
      title: 'Fill column 1 with 10 uM staurosporine',
      message_count: 2,
      status: 'active',
    });
    expect((await get('/threads?limit=1')).json().threads).toHaveLength(1);

    const state = await get(`/threads/${first.threadId}/state?ts=123`);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ thread_id: first.threadId, status: 'active' });
    expect(state.json().state.messages).toHaveLength(2);
  });

  it('refuses a thread id of another experiment', async () => {
    const chat = chatRepository(t.database.db);
    await expect(chat.createThread(ownerId, id, { threadId: 'exp_999999_1' })).rejects.toThrow(
      /thread_id must look like exp_/,
    );
  });

  it('renames, archives, filters by status and deletes threads', async () => {
    const chat = chatRepository(t.database.db);
    const thread = await chat.createThread(ownerId, id, { threadId: `exp_${id}_2000` });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/experiments/${id}/threads/${thread.threadId}`,
      headers: owner,
      payload: { title: 'Dose series', status: 'archived' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Dose series', status: 'archived' });
    const archived = (await get('/threads?status=archived')).json().threads;
    expect(archived.map((th: { thread_id: string }) => th.thread_id)).toEqual([thread.threadId]);

    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/experiments/${id}/threads/${thread.threadId}`,
      headers: owner,
      payload: { status: 'gone' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(
      /status: must be one of active, running, idle, archived, error/,
    );

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/experiments/${id}/threads/${thread.threadId}`,
      headers: owner,
    });
    expect(del.statusCode).toBe(204);
    expect((await get(`/threads/${thread.threadId}/state`)).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/experiments/${id}/threads/${thread.threadId}`,
      headers: owner,
    });
    expect(again.json()).toEqual({ detail: 'Thread not found' });
  });

  it('creates sessions, lists the latest five, activates one and reads its messages', async () => {
    const created: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/experiments/${id}/chat/sessions`,
        headers: owner,
      });
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json()).toSorted()).toEqual(['created_at', 'session_id', 'thread_id']);
      created.push(res.json().session_id);
    }
    const sessions = (await get('/chat/sessions')).json().sessions;
    expect(sessions).toHaveLength(5);
    expect(sessions[0].session_id).toBe(created[5]);
    expect(sessions.filter((s: { active: boolean }) => s.active)).toHaveLength(1);
    expect((await get('/chat/sessions?limit=10')).json().sessions).toHaveLength(6);

    const activate = await t.app.inject({
      method: 'PATCH',
      url: `/api/experiments/${id}/chat/sessions/${created[0]}`,
      headers: owner,
    });
    expect(activate.statusCode).toBe(200);
    expect(activate.json()).toMatchObject({ session_id: created[0], active: true });
    const after = (await get('/chat/sessions?limit=10')).json().sessions;
    const active = after.filter((s: { active: boolean }) => s.active);
    expect(active.map((s: { session_id: string }) => s.session_id)).toEqual([created[0]]);

    const chat = chatRepository(t.database.db);
    await chat.appendMessages(active[0].thread_id, [{ role: 'user', content: 'hello' }]);
    const messages = (await get(`/chat/sessions/${created[0]}/messages`)).json().messages;
    expect(messages.map((m: { content: string }) => m.content)).toEqual(['hello']);
    expect((await get('/chat/sessions/999999/messages')).json()).toEqual({
      detail: 'Session not found',
    });
  });

  it('refuses a bad limit with a message naming the range', async () => {
    const res = await get('/threads?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('limit: must be a whole number from 1 to 500');
  });

  it('serves the agent state with an etag and answers 304 when it matches', async () => {
    const empty = await get('/agent-state');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().state).toEqual({});
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/experiments/${id}/agent-state`,
      headers: owner,
      payload: { step: 'planning', wells: ['A1', 'A2'] },
    });
    expect(put.statusCode).toBe(200);
    const { etag } = put.json();
    expect(etag).not.toBe(empty.json().etag);
    expect(put.headers.etag).toBe(`"${etag}"`);

    const read = await get('/agent-state');
    expect(read.json()).toEqual({ state: { step: 'planning', wells: ['A1', 'A2'] }, etag });
    expect((await get(`/agent-state?etag=${etag}`)).statusCode).toBe(304);
    const byHeader = await t.app.inject({
      url: `/api/experiments/${id}/agent-state`,
      headers: { ...owner, 'if-none-match': `"${etag}"` },
    });
    expect(byHeader.statusCode).toBe(304);
    expect(byHeader.body).toBe('');
    expect((await get('/agent-state?etag=stale')).statusCode).toBe(200);

    const notObject = await t.app.inject({
      method: 'PUT',
      url: `/api/experiments/${id}/agent-state`,
      headers: owner,
      payload: [1, 2],
    });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().detail).toBe('The request body must be a JSON object, not an array');
  });

  it('answers progress and observations of owned threads only', async () => {
    const chat = chatRepository(t.database.db);
    const agent = agentRepository(t.database.db);
    const thread = await chat.createThread(ownerId, id, { threadId: `exp_${id}_3000` });
    const base = `/api/agents/planner/threads/${thread.threadId}`;
    const idle = await t.app.inject({ url: `${base}/progress`, headers: owner });
    expect(idle.json()).toEqual({
      thread_id: thread.threadId,
      agent: 'planner',
      status: 'idle',
      steps: [],
      updated_at: null,
    });
    const rec = (what: 'step' | 'status' | 'observation', data: Record<string, unknown>) =>
      agent.record({
        experimentId: id,
        agent: 'planner',
        threadId: thread.threadId,
        kind: what,
        data,
      });
    await rec('step', { name: 'read plate' });
    await rec('step', { name: 'plan volumes' });
    await rec('status', { status: 'completed' });
    for (let i = 1; i <= 25; i++) await rec('observation', { n: i });

    const progress = (await t.app.inject({ url: `${base}/progress`, headers: owner })).json();
    expect(progress.status).toBe('completed');
    expect(progress.steps.map((s: { name: string }) => s.name)).toEqual([
      'read plate',
      'plan volumes',
    ]);
    const obs = (await t.app.inject({ url: `${base}/observations`, headers: owner })).json();
    expect(obs.observations.map((o: { data: { n: number } }) => o.data.n)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 6),
    );
    const five = await t.app.inject({ url: `${base}/observations?limit=5`, headers: owner });
    expect(five.json().observations).toHaveLength(5);

    const theirs = await t.app.inject({ url: `${base}/progress`, headers: other });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Thread not found' });
    expect((await t.app.inject({ url: `${base}/observations` })).statusCode).toBe(401);
  });

  it('hides every chat route of the experiment from someone else', async () => {
    for (const url of ['/chat/history', '/chat/sessions', '/threads', '/agent-state']) {
      const res = await get(url, other);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Experiment not found' });
    }
  });
});
