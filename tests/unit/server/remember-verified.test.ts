// The verified-token memory: a token is checked once until it expires; refused tokens are
// checked every time. The signature check itself is a counting stand-in here (its real
// behaviour with jose is covered by tests/server/auth/auth.test.ts).
import { describe, expect, it } from 'vitest';
import { rememberVerified } from '../../../src/server/auth/supabase-jwt';
import type { AuthUser } from '../../../src/server/auth/user';

const user = (id: string): AuthUser => ({
  id,
  email: null,
  user_metadata: {},
  app_metadata: {},
  aud: 'authenticated',
});

function counting(expiresAt: number) {
  const calls: string[] = [];
  const verify = async (token: string) => {
    calls.push(token);
    return token.startsWith('good') ? { ...user(token), expiresAt } : null;
  };
  return { calls, verify };
}

describe('rememberVerified', () => {
  it('checks a valid token once while it lasts, and again once it has expired', async () => {
    let clock = 1_000;
    const { calls, verify } = counting(5_000);
    const check = rememberVerified(verify, () => clock);
    expect((await check('good-1'))?.id).toBe('good-1');
    expect((await check('good-1'))?.id).toBe('good-1');
    expect(calls).toEqual(['good-1']);
    clock = 5_000; // exp reached: the token is checked again (and refused by the real check)
    await check('good-1');
    expect(calls).toEqual(['good-1', 'good-1']);
  });

  it('never keeps a refused token', async () => {
    const { calls, verify } = counting(5_000);
    const check = rememberVerified(verify, () => 0);
    expect(await check('bad')).toBeNull();
    expect(await check('bad')).toBeNull();
    expect(calls).toEqual(['bad', 'bad']);
  });

  it('answers the user without the expiry field', async () => {
    const { verify } = counting(5_000);
    const check = rememberVerified(verify, () => 0);
    expect(await check('good-2')).toEqual(user('good-2'));
  });
});
