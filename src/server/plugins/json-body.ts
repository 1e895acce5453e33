// JSON bodies as fastify parses them (with its prototype-poisoning checks), except that an
// empty body reads as no body: clients that always send `Content-Type: application/json`
// (also on DELETE or logout) must not get a 400 for sending nothing. What a parsed body
// may hold (an object, no NUL characters, bounded depth) is checked in json-object-body.ts.
//
// fastify also parses text/plain by default. No route reads text, and text/plain is what a
// foreign page can post without asking (a "simple" request), so that parser is removed:
// a body in any type but JSON (or multipart, on the upload route) answers 415.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Replaces the application/json parser with one that tolerates an empty body. */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      // Bytes that are not UTF-8 would otherwise become U+FFFD silently and be stored so.
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      done(new HttpError(400, 'The request body is not valid UTF-8: send JSON as UTF-8 text'));
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
