import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experimentTexts } from '../../../src/server/db/schema';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { multipart, postFile, type FileBody } from '../multipart';

describe.each(DB_KINDS)('uploads on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('uploader');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiments/',
      headers: owner,
      payload: { name: 'Upload target', plate_type: '96' },
    });
    id = res.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (body: FileBody, headers = owner) =>
    postFile(t.app, `/api/experiments/${id}/upload`, headers, body);
  const storedCount = async () => {
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(experimentTexts);
    return row.n;
  };

  it('says so when nothing was uploaded yet', async () => {
    const res = await t.app.inject({ url: `/api/experiments/${id}/text`, headers: owner });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/No file has been uploaded/);
  });

  it('stores a text file and reads it back', async () => {
    const text = 'Plate notes\nDMSO 0.1 %\nµL and ü survive\n';
    const res = await upload(multipart(text, { filename: 'plate notes.txt' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      experiment_id: id,
      filename: 'plate notes.txt',
      size: Buffer.byteLength(text),
      stored: true,
    });
    const back = await t.app.inject({ url: `/api/experiments/${id}/text`, headers: owner });
    expect(back.statusCode).toBe(200);
    expect(back.json().text).toBe(text);
  });

  it('replaces the earlier upload', async () => {
    await upload(multipart('second version', { type: 'text/plain; charset=utf-8' }));
    const back = await t.app.inject({ url: `/api/experiments/${id}/text`, headers: owner });
    expect(back.json().text).toBe('second version');
    expect(await storedCount()).toBe(1);
  });

  it('refuses a file of another type with 415', async () => {
    const res = await upload(
      multipart('{"a":1}', { type: 'application/json', filename: 'a.json' }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe(
      'Only plain text files (text/plain) can be uploaded; this file is application/json.',
    );
  });

  it('refuses a file over 1 MB with 413 and keeps the stored text', async () => {
    const res = await upload(multipart('x'.repeat(1024 * 1024 + 1)));
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('The file is larger than 1 MB. Upload a smaller text file.');
    const back = await t.app.inject({ url: `/api/experiments/${id}/text`, headers: owner });
    expect(back.json().text).toBe('second version');
  });

  it('accepts exactly 1 MB', async () => {
    const res = await upload(multipart('y'.repeat(1024 * 1024)));
    expect(res.statusCode).toBe(200);
    expect(res.json().size).toBe(1024 * 1024);
  });

  it('refuses a file in another field, bytes that are not UTF-8, and NUL characters', async () => {
    const wrongField = await upload(multipart('text', { field: 'document' }));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().detail).toBe(
      'The file must be sent in the field "file", not "document".',
    );
    const binary = await upload(multipart(Buffer.from([0xff, 0xfe, 0x00, 0xc3])));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().detail).toMatch(/not UTF-8 text/);
    const nul = await upload(multipart('a\u0000b'));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().detail).toMatch(/NUL/);
  });

  it('refuses a JSON body with 415 naming the form field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/experiments/${id}/upload`,
      headers: owner,
      payload: { file: 'text' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Send the file as multipart/form-data in the field "file".');
  });

  it('answers 404 for someone else and 401 without credentials', async () => {
    const other = await userHeaders('someone-else');
    expect((await upload(multipart('mine now'), other)).statusCode).toBe(404);
    const text = await t.app.inject({ url: `/api/experiments/${id}/text`, headers: other });
    expect(text.statusCode).toBe(404);
    expect(text.json()).toEqual({ detail: 'Experiment not found' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/experiments/${id}/upload`,
      ...multipart('x'),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
