import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/server/config';

describe('parseConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(parseConfig({})).toEqual({
      port: 8000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: null,
      devModeSecret: null,
      devMode: true,
      supabaseUrl: null,
      supabaseAnonKey: null,
      supabaseJwtSecret: null,
      llmBaseUrl: null,
      llmApiKey: null,
      llmModel: null,
      reportingEnabled: true,
      nodeEnv: 'development',
      logLevel: 'info',
      trustProxy: false,
      maxInFlight: null,
      queueBudgetMs: 50,
      cacheBytes: 256 * 1024 * 1024,
    });
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/plates',
      DATABASE_URL: 'postgresql://u:p@db:5432/plates',
      DEV_MODE_SECRET: 'long-enough-secret',
      SUPABASE_URL: 'https://abc.supabase.co/',
      SUPABASE_ANON_KEY: 'anon',
      SUPABASE_JWT_SECRET: 'jwt',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_API_KEY: 'key',
      LLM_MODEL: 'model',
      REPORTING_ENABLED: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      QUEUE_BUDGET_MS: '80',
      CACHE_BYTES: '1000000',
    });
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/plates',
      databaseUrl: 'postgresql://u:p@db:5432/plates',
      devModeSecret: 'long-enough-secret',
      devMode: true,
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'anon',
      supabaseJwtSecret: 'jwt',
      llmBaseUrl: 'http://127.0.0.1:11434/v1',
      llmApiKey: 'key',
      llmModel: 'model',
      reportingEnabled: false,
      nodeEnv: 'production',
      logLevel: 'warn',
      trustProxy: false,
      maxInFlight: null,
      queueBudgetMs: 80,
      cacheBytes: 1000000,
    });
  });

  it('treats blank values as unset', () => {
    const config = parseConfig({ PORT: '', DATABASE_URL: '  ', SUPABASE_URL: '' });
    expect(config.port).toBe(8000);
    expect(config.databaseUrl).toBeNull();
    expect(config.supabaseUrl).toBeNull();
  });

  it.each([
    ['1', true],
    ['yes', true],
    ['TRUE', true],
    ['0', false],
    ['off', false],
  ])('reads REPORTING_ENABLED=%s as %s', (value, expected) => {
    expect(parseConfig({ REPORTING_ENABLED: value }).reportingEnabled).toBe(expected);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number from 0 to 65535 \(got "eighty"\)/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\//],
    [{ SUPABASE_URL: 'not a url' }, /SUPABASE_URL must be an http\(s\) URL/],
    [{ LLM_BASE_URL: 'ftp://x' }, /LLM_BASE_URL must be an http\(s\) URL/],
    [{ REPORTING_ENABLED: 'maybe' }, /REPORTING_ENABLED must be true or false/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be development, production or test/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ DEV_MODE_SECRET: 'short' }, /DEV_MODE_SECRET must be at least 8 characters/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('names every wrong variable at once and never echoes secrets', () => {
    let message = '';
    try {
      parseConfig({ PORT: 'x', DEV_MODE_SECRET: 'short', DATABASE_URL: 'mysql://u:pw@h/db' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DEV_MODE_SECRET');
    expect(message).toContain('DATABASE_URL');
    expect(message).not.toContain('short');
    expect(message).not.toContain('pw');
  });
});
