// Server configuration from environment variables (ARCHITECTURE.md, Configuration).
// Empty strings count as unset, as a blank line in an env file means "not configured".
import { z } from 'zod';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The validated configuration every server module reads. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  devModeSecret: string | null;
  /**
   * Developer mode (sign-in with the developer secret): DEV_MODE when given; otherwise on when
   * DEV_MODE_SECRET is set, or when the server listens on a loopback address outside
   * production. Never merely because HOST is 0.0.0.0.
   */
  devMode: boolean;
  supabaseUrl: string | null;
  supabaseAnonKey: string | null;
  supabaseJwtSecret: string | null;
  llmBaseUrl: string | null;
  llmApiKey: string | null;
  llmModel: string | null;
  reportingEnabled: boolean;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  /**
   * Which proxies to believe about the client (X-Forwarded-For) and the scheme
   * (X-Forwarded-Proto): false (none, the default), true (any), a hop count, or addresses
   * and CIDR ranges. Rate limits key on the client address this yields; the session cookie
   * is Secure when the scheme is https.
   */
  trustProxy: TrustProxy;
  /** Requests in flight per process before 503 (MAX_IN_FLIGHT); null: by database kind. */
  maxInFlight: number | null;
  /**
   * The queue wait a served request may meet before new ones get 503 (QUEUE_BUDGET_MS; 50 ms
   * by default: half of what a served request may take in all).
   */
  queueBudgetMs: number;
  /** Bytes all the server's caches may hold together (CACHE_BYTES; 256 MB by default). */
  cacheBytes: number;
}

export type TrustProxy = boolean | number | string[];

/** Thrown by parseConfig; the message names every variable that is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optional = z.string().optional();
const optionalHttpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''))
  .optional();

const BOOLEANS: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  on: true,
  false: false,
  '0': false,
  no: false,
  off: false,
};

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .refine((n) => n <= 65535, 'must be a whole number from 0 to 65535')
    .optional(),
  HOST: optional,
  DATA_DIR: optional,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DEV_MODE_SECRET: z.string().min(8, 'must be at least 8 characters long').optional(),
  DEV_MODE: z
    .string()
    .transform((v) => v.toLowerCase())
    .refine((v) => v in BOOLEANS, 'must be 1 or 0 (true or false)')
    .transform((v) => BOOLEANS[v])
    .optional(),
  SUPABASE_URL: optionalHttpUrl,
  SUPABASE_ANON_KEY: optional,
  SUPABASE_JWT_SECRET: optional,
  LLM_BASE_URL: optionalHttpUrl,
  LLM_API_KEY: optional,
  LLM_MODEL: optional,
  REPORTING_ENABLED: z
    .string()
    .transform((v) => v.toLowerCase())
    .refine((v) => v in BOOLEANS, 'must be true or false')
    .transform((v) => BOOLEANS[v])
    .optional(),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) =>
        v.toLowerCase() in BOOLEANS ||
        /^\d+$/.test(v) ||
        v.split(',').every((part) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part.trim())),
      'must be true, false, a number of proxies, or comma-separated addresses/CIDR ranges',
    )
    .transform(parseTrustProxy)
    .optional(),
  MAX_IN_FLIGHT: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'must be a whole number from 1 to 999999')
    .transform(Number)
    .optional(),
  CACHE_BYTES: z
    .string()
    .regex(/^[1-9]\d{0,12}$/, 'must be a whole number of bytes')
    .transform(Number)
    .optional(),
  QUEUE_BUDGET_MS: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'must be a whole number of milliseconds from 1 to 999999')
    .transform(Number)
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional(),
});

/** A host only this machine reaches: 127.0.0.0/8, ::1, localhost. */
function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1'
  );
}

function parseTrustProxy(value: string): TrustProxy {
  const lower = value.toLowerCase();
  if (lower in BOOLEANS) return BOOLEANS[lower];
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

/** Parses an environment (process.env or a test object) into a Config, or throws ConfigError. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key]?.trim();
    if (value) present[key] = value;
  }
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = present[name];
      const shown =
        /SECRET|KEY|DATABASE_URL/.test(name) || got === undefined ? '' : ` (got "${got}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = result.data;
  const host = e.HOST ?? '127.0.0.1';
  const nodeEnv = e.NODE_ENV ?? 'development';
  const devMode =
    e.DEV_MODE ??
    (e.DEV_MODE_SECRET !== undefined || (isLoopback(host) && nodeEnv !== 'production'));
  if (devMode && e.DEV_MODE_SECRET === undefined && (e.DATABASE_URL || nodeEnv === 'production')) {
    throw new ConfigError(
      e.DATABASE_URL
        ? 'Invalid configuration: developer mode is on and DATABASE_URL is set, but DEV_MODE_SECRET is not: ' +
            "each instance on a shared database would make its own secret and refuse the others' cookies. " +
            'Set the same DEV_MODE_SECRET (8 characters or more) on every instance, or DEV_MODE=0.'
        : 'Invalid configuration: DEV_MODE is on in production without DEV_MODE_SECRET: ' +
            'a generated secret is never printed in production. Set DEV_MODE_SECRET, or DEV_MODE=0.',
    );
  }
  return {
    port: e.PORT ?? 8000,
    host,
    dataDir: e.DATA_DIR ?? './data',
    databaseUrl: e.DATABASE_URL ?? null,
    devModeSecret: e.DEV_MODE_SECRET ?? null,
    devMode,
    supabaseUrl: e.SUPABASE_URL ?? null,
    supabaseAnonKey: e.SUPABASE_ANON_KEY ?? null,
    supabaseJwtSecret: e.SUPABASE_JWT_SECRET ?? null,
    llmBaseUrl: e.LLM_BASE_URL ?? null,
    llmApiKey: e.LLM_API_KEY ?? null,
    llmModel: e.LLM_MODEL ?? null,
    reportingEnabled: e.REPORTING_ENABLED ?? true,
    nodeEnv,
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY ?? false,
    maxInFlight: e.MAX_IN_FLIGHT ?? null,
    queueBudgetMs: e.QUEUE_BUDGET_MS ?? 50,
    cacheBytes: e.CACHE_BYTES ?? 256 * 1024 * 1024,
  };
}
