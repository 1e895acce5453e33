// Every JSON body of the API is an object (spec section 7 and the API contract). A body that
// parses but is an array, a string, a number or null is refused before any route sees it, so
// no route can mistake it for an empty change. Bodies nested too deep or holding a NUL
// character are refused too (json-shape.ts says why).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { jsonShapeProblem, MAX_JSON_DEPTH } from './json-shape';

/** True when the request carried JSON (application/json or a +json type). */
export function isJsonRequest(request: FastifyRequest): boolean {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/** Refuses JSON bodies that are not objects, too deep or holding NUL, with a 400 saying why. */
export function registerJsonObjectBodies(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // No body where the route declares one reads as {}: each field then says it is missing.
    if (request.body === undefined) {
      if (request.routeOptions.schema?.body) request.body = {};
      return;
    }
    if (!isJsonRequest(request)) return;
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      const got = body === null ? 'null' : Array.isArray(body) ? 'an array' : `a ${typeof body}`;
      throw new HttpError(400, `The request body must be a JSON object, not ${got}`);
    }
    const problem = jsonShapeProblem(body);
    if (problem?.kind === 'too-deep') {
      throw new HttpError(
        400,
        `The request body is nested deeper than ${MAX_JSON_DEPTH} levels: no request needs that`,
      );
    }
    if (problem?.kind === 'broken-text') {
      throw new HttpError(
        400,
        `${problem.path} holds a lone surrogate (\\ud800-\\udfff): it is not a character`,
        [{ path: problem.path, message: 'must be well-formed Unicode text' }],
      );
    }
    if (problem?.kind === 'nul') {
      const at = problem.path;
      throw new HttpError(400, `${at} contains a NUL character (\\u0000): remove it and retry`, [
        { path: at, message: 'must not contain a NUL character' },
      ]);
    }
  });
}
