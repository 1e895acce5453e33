// Requests of the route catalog and the fixture they run against: an experiment of OWNER
// with a bench, a saved version, a thread, a session, an uploaded text, a reagent definition
// and a stock.
import { chatRepository } from '../../src/server/repositories/chat';
import type { TestApp } from './helpers';
import { call, experimentWithBench } from './plate-fixtures';
import { fillPath, MATRIX_TRANSFER_LOG, type Fixture, type RouteCase } from './route-catalog';

/** The user id the fixture belongs to (sign with userHeaders(OWNER)). */
export const OWNER = 'matrix-owner';

/** A text file as multipart/form-data, field "file". */
export function textUpload(text: string) {
  const boundary = '----matrix-boundary';
  return {
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The request a route case makes for these headers. */
export async function send(
  t: TestApp,
  route: RouteCase,
  f: Fixture,
  headers: Record<string, string>,
) {
  const url = fillPath(route.path, f) + (route.query ? `?${route.query}` : '');
  if (route.upload) {
    const body = textUpload(route.uploadText ?? 'matrix notes');
    return t.app.inject({
      method: route.method,
      url,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  }
  return call(t.app, route.method, url, headers, route.body?.(f));
}

/** An experiment with a bench, a saved version, a thread, a session and an uploaded text. */
export async function makeFixture(t: TestApp, owner: Record<string, string>): Promise<Fixture> {
  const id = await experimentWithBench(t.app, owner, '96');
  const version = await call(t.app, 'POST', `/api/experiments/${id}/versions`, owner, {
    summary: 'fixture',
  });
  const thread = await chatRepository(t.database.db).createThread(OWNER, id);
  const session = await call(t.app, 'POST', `/api/experiments/${id}/chat/sessions`, owner);
  const upload = textUpload('fixture text');
  await t.app.inject({
    method: 'POST',
    url: `/api/experiments/${id}/upload`,
    headers: { ...owner, 'content-type': upload.contentType },
    payload: upload.payload,
  });
  const reading = textUpload('well,value\nA1,5\n');
  const readout = await t.app.inject({
    method: 'POST',
    url: `/api/experiments/${id}/readouts`,
    headers: { ...owner, 'content-type': reading.contentType },
    payload: reading.payload,
  });
  const log = textUpload(MATRIX_TRANSFER_LOG);
  const transferLog = await t.app.inject({
    method: 'POST',
    url: `/api/experiments/${id}/transfer-logs`,
    headers: { ...owner, 'content-type': log.contentType },
    payload: log.payload,
  });
  const plate = await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner);
  const definition = await call(t.app, 'POST', '/api/reagents/definitions', owner, {
    name: 'Fixture buffer',
    reagent_type: 'other',
  });
  const stock = await call(
    t.app,
    'POST',
    `/api/reagents/definitions/${definition.json().id}/stocks`,
    owner,
    { concentration_value: 1, concentration_units: 'mM', experiment_id: id },
  );
  return {
    id,
    versionId: version.json().id,
    tid: thread.threadId,
    sid: session.json().session_id,
    plateVersion: plate.json().version,
    definitionId: definition.json().id,
    stockId: stock.json().id,
    readoutId: readout.json().readouts[0].id,
    transferLogId: transferLog.json().id,
  };
}
