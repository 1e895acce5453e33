// What the server prints once it listens: its address and, for a secret it made itself
// outside production, the developer secret to sign in with.
import type { DevSecret } from './auth/dev-secret';
import type { Config } from './config';

export function startupLines(
  port: number,
  devSecret: DevSecret,
  config: Pick<Config, 'nodeEnv'>,
): string[] {
  const lines = [`Plate Workstation running at http://localhost:${port}`];
  // A secret the operator gave (DEV_MODE_SECRET) is theirs already: never echo it to logs,
  // which other people and log collectors read.
  if (devSecret.secret && devSecret.source !== 'env' && config.nodeEnv !== 'production') {
    lines.push(`Developer secret: ${devSecret.secret}`);
  }
  return lines;
}
