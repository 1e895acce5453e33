// Starts one private PostgreSQL cluster for the whole server test run (or uses
// TEST_DATABASE_URL) and hands its URL to the tests. Each test file then creates its own
// database on it. If PostgreSQL cannot start, the run fails: the tests never skip it.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

const run = promisify(execFile);
const scripts = fileURLToPath(new URL('../../scripts/', import.meta.url));

/** Vitest global setup: provides `postgresUrl`; returns the teardown that stops the cluster. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return async () => {};
  }
  let stdout: string;
  try {
    ({ stdout } = await run('bash', [`${scripts}start-postgres.sh`], { timeout: 60_000 }));
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(
      `Server tests need PostgreSQL and it did not start:\n${stderr ?? String(error)}`,
      { cause: error },
    );
  }
  const lines = stdout.trim().split('\n');
  const url = lines.at(-1) ?? '';
  const dataDir = lines.find((line) => line.startsWith('PG_DATA_DIR='))?.slice(12);
  if (!url.startsWith('postgres://') || !dataDir) {
    throw new Error(`start-postgres.sh printed no database URL:\n${stdout}`);
  }
  project.provide('postgresUrl', url);
  return async () => {
    await run('bash', [`${scripts}stop-postgres.sh`, dataDir], { timeout: 30_000 });
  };
}
