// The server process: read config, open and migrate the database, listen, close cleanly.
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { resolveDevSecret } from './auth/dev-secret';
import { ConfigError, parseConfig, type Config } from './config';
import { openDatabase } from './db/connect';
import { startupLines } from './startup-lines';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  await database.migrate();
  const devSecret = await resolveDevSecret(config);
  const app = await buildApp(config, { database, devSecret });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  for (const line of startupLines(port, devSecret, config)) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
