import { describe, expect, it } from 'vitest';
import { stripOAuthParams } from '../../../src/app/auth/oauth-params';

describe('stripOAuthParams', () => {
  it('removes code, state, error_description, scope, authuser and prompt, keeps the rest', () => {
    const result = stripOAuthParams(
      '?code=abc&state=s&scope=email&authuser=0&prompt=consent&redirect_to=%2Fx&error_description=Nope',
    );
    expect(result).toEqual({
      search: '?redirect_to=%2Fx',
      errorDescription: 'Nope',
      changed: true,
    });
  });

  it('reports no change when there is nothing to remove', () => {
    expect(stripOAuthParams('?tab=1')).toEqual({
      search: '?tab=1',
      errorDescription: null,
      changed: false,
    });
    expect(stripOAuthParams('')).toEqual({ search: '', errorDescription: null, changed: false });
  });

  it('can remove only some names (error_description before the code exchange)', () => {
    const result = stripOAuthParams('?code=abc&error_description=Bad%20thing', [
      'error_description',
    ]);
    expect(result.search).toBe('?code=abc');
    expect(result.errorDescription).toBe('Bad thing');
  });
});
