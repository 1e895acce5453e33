// A NUL character in a path parameter or a query value answers 400 at once, before any
// handler (and so any database query) runs: PostgreSQL refuses NUL in text, and would log
// each such request as an error of its own.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';

const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : Array.isArray(value) && value.some((v) => typeof v === 'string' && v.includes('\u0000'));

export function registerNulInUrl(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    for (const [where, values] of [
      ['path', request.params],
      ['query', request.query],
    ] as const) {
      for (const [name, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
        if (holdsNul(value)) {
          throw new HttpError(
            400,
            `The ${where} parameter "${name}" contains a NUL character (%00): remove it and retry`,
          );
        }
      }
    }
  });
}
