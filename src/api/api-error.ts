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

  constructor(status: number, statusText: string, body: string) {
    super(`HTTP ${status} ${statusText}: ${body}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.detail = detailOf(body);
  }
}

/** The 401 error: the session is gone and the browser is being sent to /login. */
export class SessionExpiredError extends Error {
  constructor() {
    super(SESSION_EXPIRED_MESSAGE);
    this.name = 'SessionExpiredError';
  }
}

/** Answer of a conditional request that the server reported as unchanged (304). */
export const NOT_MODIFIED: unique symbol = Symbol('not-modified');
export type NotModified = typeof NOT_MODIFIED;

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

/** The text to show for any thrown value. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
