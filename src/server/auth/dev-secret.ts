// The developer-mode secret (ARCHITECTURE.md, Flows, Sign-in): none when developer mode is
// off (config.devMode); DEV_MODE_SECRET if set; otherwise, outside production, one generated
// once and kept in DATA_DIR/dev-secret.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

export type DevSecretSource = 'env' | 'file' | 'generated' | 'disabled';

/** The secret (null when developer mode is off) and where it came from. */
export interface DevSecret {
  secret: string | null;
  source: DevSecretSource;
}

export const DEV_SECRET_FILE = 'dev-secret';

/** Resolves the developer secret; may create DATA_DIR/dev-secret (mode 600). */
export async function resolveDevSecret(
  config: Pick<Config, 'devModeSecret' | 'nodeEnv' | 'dataDir'> & Partial<Pick<Config, 'devMode'>>,
): Promise<DevSecret> {
  if (config.devMode === false) return { secret: null, source: 'disabled' };
  if (config.devModeSecret) return { secret: config.devModeSecret, source: 'env' };
  if (config.nodeEnv === 'production') return { secret: null, source: 'disabled' };
  const file = path.join(config.dataDir, DEV_SECRET_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 8) return { secret: stored, source: 'file' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(18).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return { secret, source: 'generated' };
}

/** Constant-time comparison: hashing first makes both sides the same length. */
export function secretsMatch(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The cookie-signing key: derived from the secret so a new secret voids old cookies. */
export function cookieSigningKey(secret: string): string {
  return createHmac('sha256', secret).update('plate_dev cookie signing').digest('base64url');
}
