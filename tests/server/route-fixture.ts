// Requests of the route catalog and the fixture they run against: an experiment of OWNER
// with a bench, a saved version, a thread, a session, an uploaded text, a reagent definition
// and a stock.
import { chatRepository } from '../../src/server/repositories/chat';
import type { TestApp } from './helpers';
import { multipart, postFile } from './multipart';
import { call, experimentWithBench } from './plate-fixtures';
import { fillPath, MATRIX_TRANSFER_LOG, type Fixture, type RouteCase } from './route-catalog';

/** The user id the fixture belongs to (sign with userHeaders(OWNER)). */
export const OWNER = 'matrix-owner';

/** The request a route case makes for these headers. */
export async function send(
  t: TestApp,
  route: RouteCase,
  f: Fixture,
  headers: Record<string, string>,
) {
  const url = fillPath(route.path, f) + (route.query ? `?${route.query}` : '');
  if (route.upload)
    return postFile(t.app, url, headers, multipart(route.uploadText ?? 'matrix notes'));
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
  const base = `/api/experiments/${id}`;
  await postFile(t.app, `${base}/upload`, owner, multipart('fixture text'));
  const readout = await postFile(t.app, `${base}/readouts`, owner, multipart('well,value\nA1,5\n'));
  const transferLog = await postFile(
    t.app,
    `${base}/transfer-logs`,
    owner,
    multipart(MATRIX_TRANSFER_LOG),
  );
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
  // Plate writes log their plate_changed after answering: a table dump taken next must see them.
  await t.app.events.settled();
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
