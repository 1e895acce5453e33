/**
 * The one place the client talks HTTP: base URL, bearer token, cookies on every call and the
 * error catalogue of spec section 8. Everything in src/api goes through apiRequest.
 */
import { apiBaseUrl } from './base-url';
import { ApiError, REDIRECTING_MESSAGE, SessionExpiredError } from './api-error';

/** Returns the bearer token of the current session, if any. */
export type AccessTokenProvider = () =>
  Promise<string | null | undefined> | string | null | undefined;

let accessTokenProvider: AccessTokenProvider = () => null;
let unauthorizedHandler: () => void = defaultUnauthorizedHandler;
let redirecting = false;

/** Installs the source of bearer tokens (the auth context does, while a session exists). */
export function setAccessTokenProvider(provider: AccessTokenProvider | null): void {
  accessTokenProvider = provider ?? (() => null);
}

/** Installs what a 401 does besides setting the flag; by default a full load of /login. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler ?? defaultUnauthorizedHandler;
}

function defaultUnauthorizedHandler(): void {
  if (typeof window !== 'undefined') window.location.assign('/login');
}

/** Clears the redirecting flag once the path is /login (the router calls it on every move). */
export function notePathname(pathname: string): void {
  if (pathname === '/login') redirecting = false;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData (multipart; the browser sets the boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * false: a 401 is an ordinary ApiError (no redirect). For calls where 401 means "wrong
   * input", not "session gone", such as the developer login.
   */
  authRedirect?: boolean;
  /** 'blob': resolve a success with the body as a Blob (downloads); 'response': the Response itself (streams). */
  responseType?: 'json' | 'blob' | 'response';
}

/** Sends one request; 204, 304 or an empty body resolve to undefined. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send(path, options)) as T;
}

async function send(path: string, options: RequestOptions): Promise<unknown> {
  if (redirecting) {
    if (typeof window !== 'undefined') notePathname(window.location.pathname);
    if (redirecting) throw new Error(REDIRECTING_MESSAGE);
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = await currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const response = await fetch(`${apiBaseUrl()}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });

  if (response.status === 304) return undefined;
  if (response.status === 401 && options.authRedirect !== false) {
    redirecting = true;
    unauthorizedHandler();
    throw new SessionExpiredError();
  }
  if (response.ok && options.responseType === 'response') return response;
  if (response.ok && options.responseType === 'blob') return await response.blob();
  const text = response.status === 204 ? '' : await response.text();
  if (!response.ok) {
    throw new ApiError(
      response.status,
      response.statusText,
      text,
      response.headers.get('retry-after'),
    );
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function currentToken(): Promise<string | null | undefined> {
  try {
    return await accessTokenProvider();
  } catch (error) {
    // A token failure must not block the call: the server answers 401 if it needed one.
    console.warn('Could not read the session token', error);
    return null;
  }
}
