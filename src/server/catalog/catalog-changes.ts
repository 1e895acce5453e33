// Tells every server instance on the same PostgreSQL that the public catalog changed, so a
// new public definition shows in their searches at once rather than at their next periodic
// reload. LISTEN needs a session of its own (a pooled connection may serve anyone), so one
// dedicated connection listens; announcing is a NOTIFY through the pool. PGlite has a single
// process: nothing to tell.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import type { Database } from '../db/connect';
import type { DefinitionRow } from '../repositories/definitions';
import { ReagentCatalog } from './reagent-catalog';

export const CATALOG_CHANNEL = 'plate_catalog';
const RECONNECT_MS = 2000;

/** The change feed: announce() after a committed change; close() stops listening. */
export interface CatalogChanges {
  announce(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens for other instances' announcements and calls onChange for each. After a lost
 * connection it reconnects and calls onChange once, since announcements may have been missed.
 */
export async function catalogChanges(
  database: Database,
  onChange: () => void,
): Promise<CatalogChanges> {
  if (database.kind !== 'postgres' || !database.url) {
    return { announce: async () => {}, close: async () => {} };
  }
  const url = database.url;
  // Our own announcements come back too; the catalog that made the change is already fresh.
  const self = randomBytes(8).toString('hex');
  let client: Client | null = null;
  let closing = false;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url, application_name: 'plate-catalog-listener' });
    next.on('notification', (message) => {
      if (message.channel === CATALOG_CHANNEL && message.payload !== self) onChange();
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('error');
      next.on('error', () => {});
      void next.end().catch(() => {});
      if (!closing) retry();
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await next.query(`LISTEN ${CATALOG_CHANNEL}`);
    client = next;
  };

  const retry = () => {
    timer = setTimeout(() => {
      timer = null;
      connect().then(onChange, () => {
        if (!closing) retry();
      });
    }, RECONNECT_MS);
    timer.unref();
  };

  await connect();
  return {
    async announce() {
      await database.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${self})`);
    },
    async close() {
      closing = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
    },
  };
}

/** The app's catalog: announces its changes and reloads on other instances' announcements. */
export async function openReagentCatalog(
  app: FastifyInstance,
  database: Database,
  loadPublic: () => Promise<DefinitionRow[]>,
): Promise<ReagentCatalog> {
  let changes: CatalogChanges | null = null;
  const catalog = new ReagentCatalog(loadPublic, () => {
    changes
      ?.announce()
      .catch((error: Error) => app.log.warn({ err: error }, 'catalog change not announced'));
  });
  changes = await catalogChanges(database, () => catalog.reload());
  app.addHook('onClose', async () => changes?.close());
  return catalog;
}
