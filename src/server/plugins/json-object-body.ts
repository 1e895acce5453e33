// Every JSON body of the API is an object (spec section 7 and the API contract). A body that
// parses but is an array, a string, a number or null is refused before any route sees it, so
// no route can mistake it for an empty change.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

/** True when the request carried JSON (application/json or a +json type). */
export function isJsonRequest(request: FastifyRequest): boolean {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
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
  });
}
