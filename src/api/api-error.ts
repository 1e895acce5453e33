/** Errors and signals of the API client (spec section 8, error catalogue). */

/** Thrown (and shown) when the server answers 401: the browser is on its way to /login. */
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';

/** Thrown by calls made while the redirect to /login is pending. */
export const REDIRECTING_MESSAGE = 'Redirecting to login...';

/** A non-success answer: message "HTTP <status> <statusText>: <body>". */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: string;
  /** The `detail` of a JSON error body, when the server sent one. */
  readonly detail: string | undefined;

  /** How long the server asked to wait before trying again (Retry-After), ms; null: not said. */
  readonly retryAfterMs: number | null;

  constructor(status: number, statusText: string, body: string, retryAfter?: string | null) {
    super(`HTTP ${status} ${statusText}: ${body}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.detail = detailOf(body);
    this.retryAfterMs = retryAfterMsOf(retryAfter ?? null);
  }
}

/** A Retry-After header (seconds, or an HTTP date) as ms from now; null when absent or bad. */
function retryAfterMsOf(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** The wait a busy server (503, or 429) asked for before the same request is sent again. */
export function busyRetryMs(error: unknown): number | null {
  if (!(error instanceof ApiError) || (error.status !== 503 && error.status !== 429)) return null;
  // a busy answer without the header: wait a second rather than hammer it
  return error.retryAfterMs ?? 1000;
}

/** The 401 error: the session is gone and the browser is being sent to /login. */
export class SessionExpiredError extends Error {
  constructor() {
    super(SESSION_EXPIRED_MESSAGE);
    this.name = 'SessionExpiredError';
  }
}

/** Reads `detail` from a JSON error body such as {"detail": "Experiment not found"}. */
export function detailOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'detail' in parsed) {
      const detail = (parsed as { detail: unknown }).detail;
      if (typeof detail === 'string' && detail.trim()) return detail;
    }
  } catch {
    // Not JSON: there is no detail to read.
  }
  return undefined;
}

// A server's words are shown; data is not: JSON or markup would reach the user as code.
function looksLikeData(text: string): boolean {
  return /^\s*[[{<]/.test(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// Fastify names the failing part of a request ("body/dose must be >= 0"): the field is enough.
function withoutRequestPart(text: string): string {
  return text
    .trim()
    .replace(/^(?:body|querystring|params|headers)\/([^\s]+)/, '$1')
    .replace(/^(?:body|querystring|params|headers)\b/, 'The request');
}

// {detail}, {message} (Fastify's {statusCode, error, message}) or a list of {msg}/{message}.
function serverWords(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { detail, message } = body as { detail?: unknown; message?: unknown };
  for (const said of [detail, message]) {
    if (typeof said === 'string' && said.trim() && !looksLikeData(said)) {
      return withoutRequestPart(said);
    }
  }
  if (Array.isArray(detail)) {
    const items = detail
      .map((d: unknown) => (typeof d === 'string' ? d : (d as { msg?: unknown })?.msg))
      .filter((d): d is string => typeof d === 'string' && d.trim() !== '');
    if (items.length > 0) return items.join('; ');
  }
  return undefined;
}

/** What a status says when the server gave no words of its own. */
export function statusSentence(status: number, statusText = ''): string {
  const named = statusText.trim() ? `${status} ${statusText.trim()}` : String(status);
  if (status === 429) return 'Too many requests; try again in a moment.';
  if (status >= 500) return `The server answered ${status}; try again in a moment.`;
  if (status === 404) return `The server could not find what was asked for (${named}).`;
  return `The server refused the request (${named}).`;
}

/**
 * The sentence to show for a refused request: the server's `detail` or `message` in words,
 * else what its status says. Never the body itself (JSON, an HTML error page).
 */
export function apiErrorText(error: Pick<ApiError, 'status' | 'statusText' | 'body'>): string {
  return serverWords(parseJson(error.body)) ?? statusSentence(error.status, error.statusText);
}

// An ApiError's message carried on by another Error: "HTTP <status> <statusText>: <body>".
const API_MESSAGE = /^HTTP (\d{3}) ([^:]*): ([\s\S]*)$/;

/** The text to show for any thrown value: words, never a JSON or HTML body. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return apiErrorText(error);
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!text) return fallback;
  const api = API_MESSAGE.exec(text);
  if (api) return apiErrorText({ status: Number(api[1]), statusText: api[2], body: api[3] });
  return looksLikeData(text) ? fallback : text;
}
