// The API client's error catalogue (spec section 8), against a fake fetch (a test double of
// the network layer only; see fake-fetch.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, REDIRECTING_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../../../src/api/api-error';
import {
  apiRequest,
  notePathname,
  setAccessTokenProvider,
  setUnauthorizedHandler,
} from '../../../src/api/http-client';
import { installFakeFetch } from './fake-fetch';
import type { FakeFetch } from './fake-fetch';

let net: FakeFetch;
let unauthorized: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  net = installFakeFetch();
  unauthorized = vi.fn<() => void>();
  setUnauthorizedHandler(unauthorized);
  setAccessTokenProvider(null);
  notePathname('/login');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setUnauthorizedHandler(null);
});

describe('apiRequest', () => {
  it('calls the same origin with credentials included and parses JSON', async () => {
    net.respond(200, [{ id: 1 }]);
    await expect(apiRequest('/api/experiments/')).resolves.toEqual([{ id: 1 }]);
    expect(net.calls[0]).toMatchObject({
      url: '/api/experiments/',
      method: 'GET',
      credentials: 'include',
    });
    expect(net.calls[0].headers.Authorization).toBeUndefined();
  });

  it('sends the bearer token when a session exists', async () => {
    setAccessTokenProvider(async () => 'jwt-123');
    net.respond(200, {});
    await apiRequest('/api/experiments/1');
    expect(net.calls[0].headers.Authorization).toBe('Bearer jwt-123');
  });

  it('goes on without a token when reading it fails, and only warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setAccessTokenProvider(() => Promise.reject(new Error('storage broken')));
    net.respond(200, { ok: true });
    await expect(apiRequest('/api/x')).resolves.toEqual({ ok: true });
    expect(net.calls[0].headers.Authorization).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('sends JSON bodies with a content type, FormData without one', async () => {
    net.respond(201, { id: 2 });
    await apiRequest('/api/experiments/', { method: 'POST', body: { name: 'A' } });
    expect(net.calls[0].headers['Content-Type']).toBe('application/json');
    expect(net.calls[0].body).toBe('{"name":"A"}');

    const form = new FormData();
    form.append('file', new Blob(['hi']), 'a.txt');
    net.respond(200, {});
    await apiRequest('/api/experiments/2/upload', { method: 'POST', body: form });
    expect(net.calls[1].headers['Content-Type']).toBeUndefined();
    expect(net.calls[1].body).toBe(form);
  });

  it('answers undefined for 204 and for an empty 200', async () => {
    net.respond(204);
    await expect(apiRequest('/api/experiments/1', { method: 'DELETE' })).resolves.toBeUndefined();
    net.respond(200, '');
    await expect(apiRequest('/api/x')).resolves.toBeUndefined();
  });

  it('answers undefined for 304 (not modified)', async () => {
    net.respond(304);
    await expect(apiRequest('/api/experiments/1/agent-state?etag=x')).resolves.toBeUndefined();
  });

  it('reports any other failure as "HTTP <status> <statusText>: <body>"', async () => {
    net.respond(500, 'database down', 'Internal Server Error');
    await expect(apiRequest('/api/x')).rejects.toThrow(
      'HTTP 500 Internal Server Error: database down',
    );
    net.respond(404, { detail: 'Experiment not found' }, 'Not Found');
    const error = await apiRequest('/api/experiments/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      'HTTP 404 Not Found: {"detail":"Experiment not found"}',
    );
    expect((error as ApiError).detail).toBe('Experiment not found');
    expect((error as ApiError).status).toBe(404);
  });

  it('on 401 throws "Session expired", sets the flag and asks for /login', async () => {
    net.respond(401, { detail: 'Authentication required' }, 'Unauthorized');
    await expect(apiRequest('/api/experiments/')).rejects.toThrow(SESSION_EXPIRED_MESSAGE);
    expect(unauthorized).toHaveBeenCalledOnce();
    // the flag: the next call fails without a request until the path is /login
    await expect(apiRequest('/api/experiments/')).rejects.toThrow(REDIRECTING_MESSAGE);
    expect(net.calls).toHaveLength(1);
  });

  it('fails calls while the redirect is pending, without touching the network', async () => {
    net.respond(401, '', 'Unauthorized');
    await apiRequest('/api/experiments/').catch(() => undefined);
    notePathname('/experiments');
    await expect(apiRequest('/api/experiments/')).rejects.toThrow(REDIRECTING_MESSAGE);
    expect(net.calls).toHaveLength(1);
  });

  it('resets the flag once the path is /login', async () => {
    net.respond(401, '', 'Unauthorized');
    await apiRequest('/api/experiments/').catch(() => undefined);
    notePathname('/login');
    net.respond(200, []);
    await expect(apiRequest('/api/experiments/')).resolves.toEqual([]);
  });

  it('leaves a 401 to the caller when authRedirect is false', async () => {
    net.respond(401, { detail: 'Invalid secret key' }, 'Unauthorized');
    const error = await apiRequest('/api/dev/login', { authRedirect: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('Invalid secret key');
    expect(unauthorized).not.toHaveBeenCalled();
    net.respond(200, []);
    await expect(apiRequest('/api/experiments/')).resolves.toEqual([]);
  });

  it('passes network failures through unchanged', async () => {
    net.fail(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/x')).rejects.toThrow('Failed to fetch');
  });
});
