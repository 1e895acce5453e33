// Every JSON body of the API is an object (spec section 7 and the API contract). A body that
// parses but is an array, a string, a number or null is refused before any route sees it, so
// no route can mistake it for an empty change. Text with a NUL character is refused too:
// PostgreSQL cannot store it, and no person types one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

/** True when the request carried JSON (application/json or a +json type). */
export function isJsonRequest(request: FastifyRequest): boolean {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

// Whether any string (key or value) holds a NUL character; builds no paths, since almost no
// body has one and a full plate holds tens of thousands of keys.
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const child of value as unknown[]) if (holdsNul(child)) return true;
    return false;
  }
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (key.includes('\u0000') || holdsNul(obj[key])) return true;
  }
  return false;
}

/** The dotted path of the first string (key or value) holding a NUL character, or null. */
export function pathOfNul(value: unknown, path = ''): string | null {
  if (path === '' && !holdsNul(value)) return null;
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(body)' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = pathOfNul(child, at);
    if (found) return found;
  }
  return null;
}

/** Refuses JSON bodies that are not objects with a 400 saying what to send. */
export function registerJsonObjectBodies(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || !isJsonRequest(request)) return;
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      const got = body === null ? 'null' : Array.isArray(body) ? 'an array' : `a ${typeof body}`;
      throw new HttpError(400, `The request body must be a JSON object, not ${got}`);
    }
    const nul = pathOfNul(body);
    if (nul) {
      throw new HttpError(400, `${nul} contains a NUL character (\\u0000): remove it and retry`, [
        { path: nul, message: 'must not contain a NUL character' },
      ]);
    }
  });
}
