// Saves the plate document behind the user's back: edits are coalesced (the document is a
// whole value, so the latest one wins), one PUT is in flight at a time, each names the version
// it was based on, a failure is retried with a growing delay and never dropped, and a 409
// hands the server's current state and the edit it refused to the caller.
import { ApiError, SessionExpiredError, errorMessage } from '../api/api-error';
import type { PlateState } from '../domain/plate-state';

/** What the top bar shows about saving. */
export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'conflict' | 'error';

/** How a flush ended. */
export type FlushOutcome = 'saved' | 'error' | 'conflict';

export interface SaveQueueOptions<D> {
  /** PUT the document based on `baseVersion`; resolves with the server's new state. */
  send(doc: D, baseVersion: number): Promise<PlateState>;
  /** A save landed; `settled` is false when newer edits are still waiting. */
  onSaved(state: PlateState, doc: D, settled: boolean): void;
  /** The server refused the base version (409): its current state (when it sent one). */
  onConflict(current: PlateState | null, message: string, refused: D): void;
  onStatus(status: SaveStatus, error: string | null): void;
  /** Quiet time that gathers a burst of edits into one request. */
  coalesceMs?: number;
  /** First retry delay; doubled per failed attempt up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** The message shown after a 409: the plate was reloaded and the refused edit can be undone back. */
export function conflictMessage(current: PlateState | null): string {
  const version = current ? ` (now version ${current.version})` : '';
  return `The plate was changed elsewhere${version} and has been reloaded. Your unsaved edit is kept: press Undo to bring it back.`;
}

function conflictState(error: ApiError): PlateState | null {
  try {
    const body = JSON.parse(error.body) as { current?: PlateState };
    return body.current && typeof body.current.version === 'number' ? body.current : null;
  } catch {
    return null;
  }
}

/** One document's save pipeline. */
export class SaveQueue<D> {
  private pending: D | null = null;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private waiters: ((outcome: FlushOutcome) => void)[] = [];
  private disposed = false;
  // Bumped by reset(): an answer to a request sent before it describes a state the caller
  // has already replaced, and is ignored.
  private epoch = 0;
  private readonly coalesceMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;

  constructor(
    private readonly options: SaveQueueOptions<D>,
    private baseVersion: number,
  ) {
    this.coalesceMs = options.coalesceMs ?? 300;
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.retryMaxMs = options.retryMaxMs ?? 30_000;
  }

  /** The server version the next save is based on. */
  get version(): number {
    return this.baseVersion;
  }

  /** True when nothing waits and nothing is in flight. */
  get idle(): boolean {
    return this.pending === null && !this.inFlight;
  }

  /** Starts over on a state the server confirmed (load, restore): waiting edits are dropped. */
  reset(baseVersion: number): void {
    this.clearTimer();
    this.pending = null;
    this.attempt = 0;
    this.epoch += 1;
    this.baseVersion = baseVersion;
    if (!this.inFlight) this.settle('saved');
  }

  /** Queues the document for saving. */
  schedule(doc: D): void {
    if (this.disposed) return;
    this.pending = doc;
    this.options.onStatus('unsaved', null);
    if (this.inFlight) return; // sent as soon as the request in flight lands
    this.clearTimer();
    this.timer = setTimeout(() => this.fire(), this.coalesceMs);
  }

  /** Sends what waits now; resolves when the queue is idle again or the attempt failed. */
  flush(): Promise<FlushOutcome> {
    if (this.idle) return Promise.resolve('saved');
    const done = new Promise<FlushOutcome>((resolve) => this.waiters.push(resolve));
    if (!this.inFlight) {
      this.clearTimer();
      this.fire();
    }
    return done;
  }

  /** Stops timers; a request in flight still lands but nothing further is sent. */
  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private fire(): void {
    this.timer = null;
    if (this.inFlight || this.pending === null || this.disposed) return;
    const doc = this.pending;
    this.pending = null;
    this.inFlight = true;
    this.options.onStatus('saving', null);
    const epoch = this.epoch;
    this.options.send(doc, this.baseVersion).then(
      (state) => (epoch === this.epoch ? this.landed(doc, state) : this.superseded()),
      (error: unknown) => (epoch === this.epoch ? this.failed(doc, error) : this.superseded()),
    );
  }

  private superseded(): void {
    this.inFlight = false;
    if (this.pending !== null) this.fire();
    else this.settle('saved');
  }

  private landed(doc: D, state: PlateState): void {
    this.inFlight = false;
    this.attempt = 0;
    this.baseVersion = state.version;
    this.options.onSaved(state, doc, this.pending === null);
    if (this.pending !== null) {
      this.fire();
      return;
    }
    this.settle('saved');
  }

  private failed(doc: D, error: unknown): void {
    this.inFlight = false;
    if (error instanceof ApiError && error.status === 409) {
      const current = conflictState(error);
      if (current) this.baseVersion = current.version;
      const refused = this.pending ?? doc;
      this.pending = null;
      this.attempt = 0;
      const message = conflictMessage(current);
      this.options.onConflict(current, message, refused);
      this.settle('conflict', message);
      return;
    }
    // A newer waiting document already holds this one's edits; otherwise keep this one.
    this.pending ??= doc;
    const message =
      error instanceof ApiError ? (error.detail ?? error.message) : errorMessage(error);
    if (error instanceof SessionExpiredError || this.disposed) {
      this.settle('error', message); // the browser is on its way to /login
      return;
    }
    this.attempt += 1;
    const delay = Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** (this.attempt - 1));
    this.settle('error', `Not saved: ${message}. Retrying in ${Math.round(delay / 1000)} s.`);
    this.clearTimer();
    this.timer = setTimeout(() => this.fire(), delay);
  }

  private settle(outcome: FlushOutcome, message: string | null = null): void {
    if (outcome !== 'saved' || this.idle) {
      this.options.onStatus(outcome, message);
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve(outcome);
  }
}
