// A body refused for its size (413) is read and thrown away before the connection is left,
// so a client that sent it at once reads its 413. Closing the socket with the body unread
// makes the kernel answer the rest with a reset: the client then sees ECONNRESET, not 413.
// Only a declared length up to DRAIN_LIMIT is read through; past it (or with no length) the
// connection is closed as before, as reading an unbounded body would be the attack itself.
import type { FastifyInstance } from 'fastify';

/** Bodies declared up to this size are drained after their 413. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

export function registerDrainRefusedBody(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 413 || request.raw.complete) return payload;
    const declared = Number(request.headers['content-length']);
    if (!Number.isFinite(declared) || declared > DRAIN_LIMIT) return payload;
    // fastify asked for the connection to close after a refused body; keep it open while the
    // rest arrives (discarded: no data listener), then it ends or serves the next request.
    reply.removeHeader('connection');
    request.raw.resume();
    return payload;
  });
}
