// JSON bodies as fastify parses them (with its prototype-poisoning checks), except that:
// - an empty body reads as no body: clients that always send `Content-Type:
//   application/json` (also on DELETE or logout) must not get a 400 for sending nothing;
// - text holding a NUL character is refused with a 400, because PostgreSQL text and jsonb
//   cannot store it and would otherwise fail the request with a 500.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';

/** True when any string (value or key) inside a parsed JSON value holds U+0000. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v));
  }
  return false;
}

/** Replaces the application/json parser with the one described above. */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) done(error, undefined);
      // A NUL can only arrive escaped (\u0000): skip the walk when the text has no escape.
      else if (text.includes('\\u0000') && containsNul(parsed)) {
        done(new HttpError(400, 'Text must not contain NUL characters (\\u0000)'), undefined);
      } else done(null, parsed);
    });
  });
}
