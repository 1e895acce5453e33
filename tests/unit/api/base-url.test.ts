import { describe, expect, it } from 'vitest';
import { chooseBaseUrl, LOCAL_FALLBACK_BASE_URL } from '../../../src/api/base-url';

describe('chooseBaseUrl', () => {
  it('is relative (same origin) by default', () => {
    expect(chooseBaseUrl(undefined, 'http:')).toBe('');
    expect(chooseBaseUrl('  ', 'https:')).toBe('');
  });

  it('takes VITE_API_BASE_URL without trailing slashes', () => {
    expect(chooseBaseUrl('https://api.example.org/', 'https:')).toBe('https://api.example.org');
  });

  it('falls back to localhost:8000 only when the page is not served over http', () => {
    expect(chooseBaseUrl(undefined, 'file:')).toBe(LOCAL_FALLBACK_BASE_URL);
    expect(LOCAL_FALLBACK_BASE_URL).toBe('http://localhost:8000');
  });
});
