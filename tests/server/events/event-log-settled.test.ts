// A plate write answers before its plate_changed event is logged, so the log's publishes
// can be under way when a caller looks: `settled` and `close` wait for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessEventBus } from '../../../src/server/events/event-bus';
import { eventsAfter, loggedEventBus } from '../../../src/server/events/event-log';
import { experimentsRepository } from '../../../src/server/repositories/experiments';
import { DB_KINDS, openTestDatabase } from '../helpers';

describe.each(DB_KINDS)('event log publishes under way on %s', (kind) => {
  let fresh: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  // A first PGlite of a worker takes long on a busy machine.
  beforeAll(async () => {
    fresh = await openTestDatabase(kind);
  }, 180_000);
  afterAll(async () => {
    await fresh?.dispose();
  });

  async function opened() {
    const { db } = fresh!.database;
    const experiment = await experimentsRepository(db).create('settled-owner', {
      name: 'Log',
      description: null,
      plate_type: '96',
    });
    return { db, experimentId: experiment.id };
  }

  it('settled resolves once every publish begun is stored', async () => {
    const { db, experimentId } = await opened();
    const bus = loggedEventBus(inProcessEventBus(), db);
    // Not awaited, as the plate writer's listener does not await it.
    for (let etag = 1; etag <= 5; etag++) {
      void bus.publish(experimentId, { type: 'agent_activity', etag: String(etag) });
    }
    await bus.settled();
    const logged = await eventsAfter(db, experimentId, 0);
    // On PostgreSQL the five inserts run on several connections: any order.
    const etags = logged.map((e) => (e as { etag?: string }).etag).toSorted();
    expect(etags).toEqual(['1', '2', '3', '4', '5']);
    await bus.close();
  });

  it('close waits for a publish under way, so it is not lost', async () => {
    const { db, experimentId } = await opened();
    const bus = loggedEventBus(inProcessEventBus(), db);
    void bus.publish(experimentId, { type: 'agent_activity', etag: 'last' });
    await bus.close();
    expect((await eventsAfter(db, experimentId, 0)).length).toBe(1);
  });

  it('a failed publish does not hold settled forever', async () => {
    const { db, experimentId } = await opened();
    // The delivery fails after the row is stored (a lost NOTIFY connection, say).
    const down = { ...inProcessEventBus(), publish: () => Promise.reject(new Error('down')) };
    const bus = loggedEventBus(down, db);
    const refused = bus.publish(experimentId, { type: 'agent_activity', etag: 'x' });
    await expect(refused).rejects.toThrow('down');
    await bus.settled();
    await bus.close();
  });
});
