import { describe, expect, it } from 'vitest';
import { loginRedirectTarget, safeRedirectPath } from '../../../src/app/auth/redirect-path';
import { loginErrorToShow } from '../../../src/app/login/login-error';

describe('loginRedirectTarget', () => {
  it('returns path, search and hash of the originally requested location', () => {
    expect(
      loginRedirectTarget({
        pathname: '/experiments/4',
        search: '?onboard=add-reagents',
        hash: '#b',
      }),
    ).toBe('/experiments/4?onboard=add-reagents#b');
  });

  it('defaults to /experiments without an origin, or when it is a sign-in page', () => {
    expect(loginRedirectTarget(undefined)).toBe('/experiments');
    expect(loginRedirectTarget({})).toBe('/experiments');
    expect(loginRedirectTarget({ pathname: '/login' })).toBe('/experiments');
    expect(loginRedirectTarget({ pathname: '/auth/callback', search: '?code=1' })).toBe(
      '/experiments',
    );
  });

  it('ignores malformed route state', () => {
    expect(loginRedirectTarget({ pathname: 42, search: ['x'] })).toBe('/experiments');
  });
});

describe('safeRedirectPath', () => {
  it('accepts only paths that start with "/" and stay on this site', () => {
    expect(safeRedirectPath('/dev/upload')).toBe('/dev/upload');
    expect(safeRedirectPath('experiments')).toBe('/experiments');
    expect(safeRedirectPath('https://evil.example/')).toBe('/experiments');
    expect(safeRedirectPath('//evil.example')).toBe('/experiments');
    expect(safeRedirectPath('/\\evil.example')).toBe('/experiments');
    expect(safeRedirectPath(null)).toBe('/experiments');
  });
});

describe('loginErrorToShow', () => {
  it('prefers the local error, then the route-state error, then the auth error', () => {
    expect(loginErrorToShow('local', 'route', 'auth')).toBe('local');
    expect(loginErrorToShow(null, 'route', 'auth')).toBe('route');
    expect(loginErrorToShow(null, undefined, 'auth')).toBe('auth');
    expect(loginErrorToShow(null, { not: 'text' }, null)).toBeNull();
  });
});
