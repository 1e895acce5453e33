// JSON bodies as fastify parses them (with its prototype-poisoning checks), except that an
// empty body reads as no body: clients that always send `Content-Type: application/json`
// (also on DELETE or logout) must not get a 400 for sending nothing. What a parsed body
// may hold (an object, no NUL characters) is checked in json-object-body.ts.
import type { FastifyInstance } from 'fastify';

/** Replaces the application/json parser with one that tolerates an empty body. */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
