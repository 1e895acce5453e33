// A cap on the event streams one user holds open in this process: each stream costs a
// connection, a heartbeat timer and a subscription, and a page reloaded in a loop (or a
// misbehaving script) must not pile up hundreds of them.
import type { FastifyRequest } from 'fastify';
import { userOf } from '../auth/request-user';
import { HttpError } from '../errors';

/** Open streams allowed per user and process; a few tabs per experiment fit easily. */
export const MAX_STREAMS_PER_USER = 20;

/** Counts open streams per user; acquire returns the release function, or throws 429. */
export function streamSlots(max = MAX_STREAMS_PER_USER) {
  const open = new Map<string, number>();
  return {
    acquire(request: FastifyRequest): () => void {
      const userId = userOf(request).id;
      const count = open.get(userId) ?? 0;
      if (count >= max) {
        throw new HttpError(
          429,
          `Too many open event streams (${max}). Close other tabs of this workspace.`,
        );
      }
      open.set(userId, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(userId) ?? 1) - 1;
        if (left === 0) open.delete(userId);
        else open.set(userId, left);
      };
    },
    /** Open streams of a user (tests and diagnostics). */
    count: (userId: string) => open.get(userId) ?? 0,
  };
}
