import { describe, expect, it } from 'vitest';
import { decideCallback } from '../../../src/app/auth-callback/callback-decision';

const base = { search: '', authError: null, hasUser: false, loading: false };

describe('decideCallback (the four steps of /auth/callback)', () => {
  it('1. an error_description in the query goes to /login with the decoded error', () => {
    expect(
      decideCallback({ ...base, search: '?error_description=Access%2520denied', hasUser: true }),
    ).toEqual({ kind: 'navigate', to: '/login', error: 'Access denied' });
    expect(decideCallback({ ...base, search: '?error_description=Access+denied' })).toEqual({
      kind: 'navigate',
      to: '/login',
      error: 'Access denied',
    });
  });

  it('2. an auth-context error goes to /login with it, before any user', () => {
    expect(
      decideCallback({ ...base, authError: 'Failed to initialize session', hasUser: true }),
    ).toEqual({ kind: 'navigate', to: '/login', error: 'Failed to initialize session' });
  });

  it('3. a user goes to redirect_to when it starts with "/", else /experiments', () => {
    const user = { ...base, hasUser: true };
    expect(decideCallback({ ...user, search: '?redirect_to=%2Fexperiments%2F12%3Fx%3D1' })).toEqual(
      {
        kind: 'navigate',
        to: '/experiments/12?x=1',
      },
    );
    expect(decideCallback({ ...user, search: '?redirect_to=https%3A%2F%2Fevil.example' })).toEqual({
      kind: 'navigate',
      to: '/experiments',
    });
    expect(decideCallback({ ...user, search: '?redirect_to=%2F%2Fevil.example' })).toEqual({
      kind: 'navigate',
      to: '/experiments',
    });
    expect(decideCallback(user)).toEqual({ kind: 'navigate', to: '/experiments' });
  });

  it('4. no user once loading is over goes to /login with "Authentication failed"', () => {
    expect(decideCallback(base)).toEqual({
      kind: 'navigate',
      to: '/login',
      error: 'Authentication failed. Please try again.',
    });
  });

  it('waits while the session is still loading', () => {
    expect(decideCallback({ ...base, loading: true })).toEqual({ kind: 'wait' });
  });
});
