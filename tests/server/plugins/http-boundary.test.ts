// The HTTP boundary as an attacker probes it: cross-site requests with the developer cookie,
// uploads over the limit, deeply nested JSON, cut-off multipart bodies, wrong types and the
// router's error shape. Every refusal is checked to leave the database as it was.
import { Readable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpTables } from '../db-dump';
import { createTestApp, DB_KINDS, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';
import { multipart, postFile } from '../multipart';

const MB = 1024 * 1024;
const EVIL = 'https://evil.example';

/** A multipart body carrying `size` bytes of text in the field "file". */
function bigUpload(size: number) {
  const boundary = '----boundary-test';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n` +
    `Content-Type: text/plain\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    parts: [Buffer.from(head), Buffer.alloc(size, 'z'), Buffer.from(tail)],
  };
}

/** [[[...]]] nested `depth` levels inside {"a": ...}. */
const nested = (depth: number) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;

describe.each(DB_KINDS)('HTTP boundary on %s', (kind) => {
  let t: TestApp;
  let dev: Record<string, string>;
  let id: number;
  let versionId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { secret: 'test-developer-secret' },
    });
    const cookie = login.cookies.find((c) => c.name === 'plate_dev');
    dev = { cookie: `plate_dev=${cookie?.value}` };
    id = await experimentWithBench(t.app, dev, '96');
    const version = await call(t.app, 'POST', `/api/experiments/${id}/versions`, dev, {
      summary: 'before',
    });
    expect(version.statusCode).toBe(201);
    versionId = version.json().id;
    const stored = await postFile(
      t.app,
      `/api/experiments/${id}/upload`,
      dev,
      multipart('kept text'),
    );
    expect(stored.statusCode).toBe(200);
    // A first PGlite of a worker takes long on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Sends the request and checks it is refused with this status, changing no table. */
  async function refused(request: InjectOptions, status: number): Promise<string> {
    const before = await dumpTables(t.database);
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    const { detail } = res.json() as { detail: unknown };
    expect(typeof detail).toBe('string');
    expect(await dumpTables(t.database)).toEqual(before);
    return detail as string;
  }

  describe('cross-site requests with the developer cookie (finding 1)', () => {
    it('refuses a restore posted by a foreign page as text/plain, or with no body', async () => {
      const url = `/api/experiments/${id}/versions/${versionId}/restore`;
      const detail = await refused(
        {
          method: 'POST',
          url,
          headers: { ...dev, origin: EVIL, 'content-type': 'text/plain' },
          payload: 'x=1',
        },
        403,
      );
      expect(detail).toMatch(/Cross-site request refused/);
      await refused({ method: 'POST', url, headers: { ...dev, origin: EVIL } }, 403);
      await refused(
        { method: 'POST', url, headers: { ...dev, 'sec-fetch-site': 'cross-site' } },
        403,
      );
      await refused(
        { method: 'POST', url, headers: { ...dev, 'sec-fetch-site': 'same-site' } },
        403,
      );
    });

    it('refuses a text/plain body even from this origin: JSON bodies must say so (415)', async () => {
      await refused(
        {
          method: 'POST',
          url: `/api/experiments/${id}/versions/${versionId}/restore`,
          headers: { ...dev, 'content-type': 'text/plain' },
          payload: '{}',
        },
        415,
      );
    });

    it('refuses a foreign multipart form upload and keeps the stored text', async () => {
      const upload = multipart('replaced by a foreign page');
      await refused(
        {
          method: 'POST',
          url: `/api/experiments/${id}/upload`,
          headers: { ...dev, origin: EVIL, ...upload.headers },
          payload: upload.payload,
        },
        403,
      );
      const text = await t.app.inject({ url: `/api/experiments/${id}/text`, headers: dev });
      expect(text.json().text).toBe('kept text');
    });

    it('refuses a foreign chat session creation', async () => {
      await refused(
        {
          method: 'POST',
          url: `/api/experiments/${id}/chat/sessions`,
          headers: { ...dev, origin: EVIL },
        },
        403,
      );
    });

    it('accepts the same request from this origin (Origin or Sec-Fetch-Site)', async () => {
      const url = `/api/experiments/${id}/chat/sessions`;
      const byOrigin = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...dev, host: 'plates.example:8080', origin: 'http://plates.example:8080' },
      });
      expect(byOrigin.statusCode).toBe(201);
      const byFetchSite = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...dev, origin: EVIL, 'sec-fetch-site': 'same-origin' },
      });
      expect(byFetchSite.statusCode).toBe(201);
    });

    it('lets reads through from anywhere (they change nothing)', async () => {
      const res = await t.app.inject({
        url: `/api/experiments/${id}`,
        headers: { ...dev, origin: EVIL, 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('uploads over 1 MB (finding 3)', () => {
    for (const size of [1.5 * MB, 2 * MB, 50 * MB, 120 * MB]) {
      it(`refuses ${size / MB} MB with 413 and keeps the stored text`, async () => {
        const { contentType, parts } = bigUpload(size);
        const detail = await refused(
          {
            method: 'POST',
            url: `/api/experiments/${id}/upload`,
            headers: { ...dev, 'content-type': contentType },
            payload: Buffer.concat(parts),
          },
          413,
        );
        expect(detail).toBe('The file is larger than 1 MB. Upload a smaller text file.');
      });
    }

    it('refuses 2 MB sent with no length (chunked) with 413, never storing the first 1 MB', async () => {
      const { contentType, parts } = bigUpload(2 * MB);
      await refused(
        {
          method: 'POST',
          url: `/api/experiments/${id}/upload`,
          headers: { ...dev, 'content-type': contentType, 'transfer-encoding': 'chunked' },
          payload: Readable.from(parts),
        },
        413,
      );
      const text = await t.app.inject({ url: `/api/experiments/${id}/text`, headers: dev });
      expect(text.json().text).toBe('kept text');
    });
  });

  describe('deeply nested JSON (finding 4)', () => {
    it('answers 400 for arrays 4,687 levels deep, on a route with a body and one without', async () => {
      for (const url of [`/api/experiments/${id}`, `/api/experiments/${id}/chat/sessions`]) {
        const detail = await refused(
          {
            method: url.endsWith('sessions') ? 'POST' : 'PUT',
            url,
            headers: { ...dev, 'content-type': 'application/json' },
            payload: nested(4687),
          },
          400,
        );
        expect(detail).toMatch(/nested deeper than 64 levels/);
      }
    });

    it('answers 400 for 100,000 levels with a NUL at the bottom', async () => {
      await refused(
        {
          method: 'PUT',
          url: `/api/experiments/${id}`,
          headers: { ...dev, 'content-type': 'application/json' },
          payload: `{"a":${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}}`,
        },
        400,
      );
    });

    it('still reads a body nested a few levels (a plate body)', async () => {
      const res = await call(t.app, 'PUT', `/api/experiments/${id}`, dev, {
        name: 'Nested ok',
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('multipart bodies the parser cannot finish (finding 5)', () => {
    it('answers 400 for a body without its closing boundary', async () => {
      const boundary = '----cut';
      const detail = await refused(
        {
          method: 'POST',
          url: `/api/experiments/${id}/upload`,
          headers: { ...dev, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload:
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
            `Content-Type: text/plain\r\n\r\nno end`,
        },
        400,
      );
      expect(detail).toMatch(/not valid multipart\/form-data/);
    });

    it('answers 400 for a body cut inside the part headers', async () => {
      const boundary = '----cut';
      await refused(
        {
          method: 'POST',
          url: `/api/experiments/${id}/upload`,
          headers: { ...dev, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: `--${boundary}\r\nContent-Disposition: form-da`,
        },
        400,
      );
    });
  });

  describe('wrong types and bounds (finding 8)', () => {
    it('refuses ph "seven" naming the field', async () => {
      const detail = await refused(
        {
          method: 'POST',
          url: `/api/experiments/${id}/bench/reagents`,
          headers: dev,
          payload: { name: 'Tris', reagent_type: 'media', ph: 'seven' },
        },
        400,
      );
      expect(detail).toBe('ph: must be a number');
    });

    it('refuses bytes that are not UTF-8', async () => {
      const detail = await refused(
        {
          method: 'PUT',
          url: `/api/experiments/${id}`,
          headers: { ...dev, 'content-type': 'application/json' },
          payload: Buffer.concat([
            Buffer.from('{"name":"a'),
            Buffer.from([0xc3, 0x28]),
            Buffer.from('"}'),
          ]),
        },
        400,
      );
      expect(detail).toMatch(/UTF-8/);
    });

    it('refuses a lone surrogate escape naming the field', async () => {
      const detail = await refused(
        {
          method: 'PUT',
          url: `/api/experiments/${id}`,
          headers: { ...dev, 'content-type': 'application/json' },
          payload: '{"name":"a\\ud800b"}',
        },
        400,
      );
      expect(detail).toMatch(/^name /);
    });

    it('refuses a concentration of 1e308', async () => {
      await refused(
        {
          method: 'POST',
          url: `/api/experiments/${id}/bench/reagents`,
          headers: dev,
          payload: {
            name: 'Huge',
            reagent_type: 'chemical',
            solvent: 'DMSO',
            default_concentration_value: 1e308,
            default_concentration_units: 'mM',
          },
        },
        400,
      );
    });

    it('answers a malformed URL with the {"detail"} shape', async () => {
      const res = await t.app.inject({ url: '/api/experiments/%E0%A4%A', headers: dev });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['detail']);
      const missing = await t.app.inject({ method: 'POST', url: '/api/nowhere', headers: dev });
      expect(missing.statusCode).toBe(404);
      expect(Object.keys(missing.json())).toEqual(['detail']);
    });
  });
});
