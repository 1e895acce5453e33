import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import { devLoginErrorMessage, isDeveloperUser } from '../../../src/app/auth/developer-user';

describe('devLoginErrorMessage', () => {
  it('uses the server detail when there is one', () => {
    const error = new ApiError(429, 'Too Many Requests', '{"detail":"Too many attempts"}');
    expect(devLoginErrorMessage(error)).toBe('Too many attempts');
  });

  it('says "Invalid secret key" for a bare 401 and "Login failed" for other answers', () => {
    expect(devLoginErrorMessage(new ApiError(401, 'Unauthorized', ''))).toBe('Invalid secret key');
    expect(devLoginErrorMessage(new ApiError(500, 'Internal Server Error', 'x'))).toBe(
      'Login failed',
    );
  });

  it('says "Failed to enable dev mode" when the server was not reached', () => {
    expect(devLoginErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Failed to enable dev mode',
    );
  });

  it('recognises the developer identity', () => {
    expect(isDeveloperUser({ id: 'developer' } as never)).toBe(true);
    expect(isDeveloperUser({ id: 'abc' } as never)).toBe(false);
    expect(isDeveloperUser(null)).toBe(false);
  });
});
