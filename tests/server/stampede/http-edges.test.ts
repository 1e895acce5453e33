// Small edges of the HTTP boundary: one upper bound for target_nM on every write path, a 413
// a client sending a big body at once can read, JSON in charsets other than UTF-8 refused,
// ?since= ahead of the plate, a "__proto__" key, and a NUL in a path parameter.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, TEST_DEV_SECRET, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

const MB = 1024 * 1024;
const well = (target_nM: number) => ({
  targets: { staurosporine: { target_nM, volume_uL: 0.1 } },
});

/** One raw HTTP/1.1 request written at once; resolves with what came back or the error. */
function rawRequest(port: number, head: string, body: Buffer) {
  return new Promise<{ response: string; error: string | null }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let response = '';
    let error: string | null = null;
    socket.on('data', (chunk) => (response += chunk.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => resolve({ response, error }));
    socket.on('connect', () => {
      socket.write(Buffer.concat([Buffer.from(head), body]));
      // the response is read, then the client closes (a keep-alive server would wait)
      socket.setTimeout(3000, () => socket.end());
    });
    socket.on('data', () => {
      if (/\r\n\r\n[\s\S]*\}$/.test(response)) socket.end();
    });
  });
}

describe.each(DB_KINDS)('HTTP edges on %s', (kind) => {
  let t: TestApp;
  let dev: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { secret: TEST_DEV_SECRET },
    });
    const cookie = login.cookies.find((c) => c.name === 'plate_dev');
    dev = { cookie: `plate_dev=${cookie?.value}` };
    id = await experimentWithBench(t.app, dev, '96');
  }, 120_000);
  afterAll(async () => t?.close());

  const plateVersion = async () =>
    (await call(t.app, 'GET', `/api/experiments/${id}/plate`, dev)).json().version as number;

  describe('target_nM has one upper bound (1e15) on every write path', () => {
    it('PUT /plate refuses 1e308 naming the field, and stores 1e15', async () => {
      const version = await plateVersion();
      const defn = { format: 96 };
      const refused = await call(t.app, 'PUT', `/api/experiments/${id}/plate`, dev, {
        version,
        defn,
        wells: { A1: well(1e308) },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toMatch(/target_nM:? must be at most 1e15$/);
      expect(await plateVersion()).toBe(version);
      const stored = await call(t.app, 'PUT', `/api/experiments/${id}/plate`, dev, {
        version,
        defn,
        wells: { A1: well(1e15) },
      });
      expect(stored.statusCode).toBe(200);
    });

    it('PATCH put and set refuse above 1e15, and a set target in M above it', async () => {
      const version = await plateVersion();
      const patch = (ops: unknown[]) =>
        call(t.app, 'PATCH', `/api/experiments/${id}/plate`, dev, { version, ops });
      const put = await patch([{ op: 'put', wells: { B1: well(1e308) } }]);
      expect(put.statusCode).toBe(400);
      expect(put.json().detail).toMatch(/target_nM:? must be at most 1e15$/);
      const set = await patch([
        { op: 'set', wells: ['B2'], reagent: 'staurosporine', target_nM: 2e15 },
      ]);
      expect(set.statusCode).toBe(400);
      expect(set.json().detail).toMatch(/target_nM:? must be at most 1e15$/);
      const molar = await patch([
        {
          op: 'set',
          wells: ['B3'],
          reagent: 'staurosporine',
          target: { value: 1e15, unit: 'M' },
        },
      ]);
      expect(molar.statusCode).toBe(400);
      expect(molar.json().detail).toMatch(/at most 1e\+?15 nM/);
      expect(await plateVersion()).toBe(version);
    });
  });

  it('answers 413 to 11 MB of JSON sent at once, read by the client, not a reset', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = Buffer.alloc(11 * MB, ' ');
    body.write('{"summary":"');
    body.write('"}', body.length - 2);
    for (let i = 0; i < 3; i++) {
      const { response, error } = await rawRequest(
        port,
        `POST /api/experiments/${id}/versions HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Cookie: ${dev.cookie}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`,
        body,
      );
      expect(error).toBeNull();
      expect(response).toMatch(/^HTTP\/1\.1 413 /);
      expect(response).toMatch(/"detail"/);
    }
  }, 60_000);

  it('refuses JSON declared as UTF-16 (or latin1) with 415, and reads charset=utf-8', async () => {
    const url = `/api/experiments/${id}/versions`;
    for (const charset of ['utf-16', 'UTF-16LE', 'iso-8859-1']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...dev, 'content-type': `application/json; charset=${charset}` },
        payload: Buffer.from('{"summary":"x"}', charset === 'iso-8859-1' ? 'latin1' : 'utf16le'),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().detail).toMatch(/UTF-8 only/);
    }
    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...dev, 'content-type': 'application/json; charset="UTF-8"' },
      payload: Buffer.from('{"summary":"température"}'),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('answers ?since= a version ahead of the plate with 400, an old one with the changes', async () => {
    const version = await plateVersion();
    const ahead = await call(
      t.app,
      'GET',
      `/api/experiments/${id}/plate?since=${version + 5}`,
      dev,
    );
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().detail).toMatch(/newer than the plate/);
    const now = await call(t.app, 'GET', `/api/experiments/${id}/plate?since=${version}`, dev);
    expect(now.statusCode).toBe(200);
  });

  it('names a "__proto__" key, and still says why broken JSON is broken', async () => {
    for (const payload of [
      '{"summary":"x","__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
    ]) {
      const res = await call(t.app, 'POST', `/api/experiments/${id}/versions`, dev, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/"__proto__" or "constructor.prototype" key/);
    }
    const broken = await call(t.app, 'POST', `/api/experiments/${id}/versions`, dev, '{"summary":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/^The request body is not valid JSON: /);
  });

  it('answers a NUL in a path parameter or query with 400 from the boundary', async () => {
    for (const url of [
      `/api/experiments/${id}/bench/reagents/stauro%00sporine`,
      `/api/reagents/definitions/1%00`,
      `/api/experiments/${id}%00/plate`,
      `/api/experiments/${id}/plate?form=full%00`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: dev });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail, url).toMatch(/contains a NUL character \(%00\)/);
    }
  });
});
