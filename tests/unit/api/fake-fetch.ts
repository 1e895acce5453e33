// A test double for the network layer of the API client only: it records each request and
// answers from a queue of canned responses, so the client's own handling can be checked.
import { afterEach, beforeEach, vi } from 'vitest';
import { notePathname, setUnauthorizedHandler } from '../../../src/api/http-client';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
  credentials: RequestCredentials | undefined;
}

export interface FakeFetch {
  calls: RecordedCall[];
  /** Queue a response for the next call. */
  respond(
    status: number,
    body?: unknown,
    statusText?: string,
    headers?: Record<string, string>,
  ): void;
  /** Queue a network failure. */
  fail(error: Error): void;
  /** Queue a request that never answers (it rejects only when aborted). */
  hang(): void;
  /** Queue a request answered when the returned function is called. */
  respondLater(): (status: number, body?: unknown) => void;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

function response(
  status: number,
  body: unknown,
  statusText = '',
  headers: Record<string, string> = {},
): Response {
  const text =
    NULL_BODY.has(status) || body === undefined
      ? null
      : typeof body === 'string'
        ? body
        : JSON.stringify(body);
  return new Response(text, { status, statusText, headers });
}

/** Installs the double as globalThis.fetch; undo with vi.unstubAllGlobals(). */
export function installFakeFetch(): FakeFetch {
  const queue: ((init: RequestInit) => Response | Promise<Response>)[] = [];
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    calls.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
      credentials: init.credentials,
    });
    const next = queue.shift();
    if (!next) throw new Error(`unexpected request ${String(input)}`);
    return next(init);
  });
  return {
    calls,
    respond(status, body, statusText = '', headers = {}) {
      queue.push(() => response(status, body, statusText, headers));
    },
    respondLater() {
      const answer: { resolve?: (r: Response) => void } = {};
      const answered = new Promise<Response>((resolve) => (answer.resolve = resolve));
      queue.push(() => answered);
      return (status, body) => answer.resolve?.(response(status, body));
    },
    fail(error) {
      queue.push(() => {
        throw error;
      });
    },
    hang() {
      queue.push(
        (init) =>
          new Promise<Response>((_, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('Aborted', 'AbortError')),
            );
          }),
      );
    },
  };
}

/**
 * Installs the double before each test of the file, with the client on the login page and a
 * spy for its 401 handler, and takes both away after each test. The answer stands for the
 * running test's double.
 */
export function fakeFetchPerTest(): FakeFetch {
  let net: FakeFetch | undefined;
  beforeEach(() => {
    net = installFakeFetch();
    setUnauthorizedHandler(vi.fn());
    notePathname('/login');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });
  const current = () => {
    if (!net) throw new Error('the fake fetch is installed for a running test only');
    return net;
  };
  return {
    get calls() {
      return current().calls;
    },
    respond: (...args) => current().respond(...args),
    respondLater: () => current().respondLater(),
    fail: (error) => current().fail(error),
    hang: () => current().hang(),
  };
}
