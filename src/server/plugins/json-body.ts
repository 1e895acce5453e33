// JSON bodies as fastify parses them (with its prototype-poisoning checks), except that an
// empty body reads as no body: clients that always send `Content-Type: application/json`
// (also on DELETE or logout) must not get a 400 for sending nothing. What a parsed body
// may hold (an object, no NUL characters, bounded depth) is checked in json-object-body.ts.
//
// fastify also parses text/plain by default. No route reads text, and text/plain is what a
// foreign page can post without asking (a "simple" request), so that parser is removed:
// a body in any type but JSON (or multipart, on the upload route) answers 415.
//
// JSON is UTF-8 (RFC 8259 section 8.1): a body declared in another charset (utf-16, latin1)
// answers 415 rather than being read as UTF-8 and stored garbled. A key that would set an
// object's prototype ("__proto__", "constructor": {"prototype": ...}) answers a 400 naming it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The charset parameter of the request's Content-Type, lower case; null when absent. */
function charsetOf(request: FastifyRequest): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(request.headers['content-type'] ?? '');
  return m ? m[1].toLowerCase() : null;
}

/** What was wrong with a body fastify's parser refused: JSON.parse's words, else the key. */
function parseRefusal(text: string): HttpError {
  try {
    JSON.parse(text);
  } catch (error) {
    return new HttpError(400, `The request body is not valid JSON: ${(error as Error).message}`);
  }
  // Valid JSON that the safe parser refused: it holds a prototype key.
  return new HttpError(
    400,
    'The request body holds a "__proto__" or "constructor.prototype" key: no field has that name; remove it and retry',
  );
}

/** Replaces the application/json parser with one that tolerates an empty body. */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = charsetOf(request);
    if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
      done(
        new HttpError(
          415,
          `JSON bodies are read as UTF-8 only (got charset=${charset}): send the body as UTF-8 with charset=utf-8 or no charset`,
        ),
      );
      return;
    }
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
    parseJson(request, text, (error, parsed) => {
      if (error) done(parseRefusal(text));
      else done(null, parsed);
    });
  });
}
