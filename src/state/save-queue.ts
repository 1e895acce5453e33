// Saves the plate document behind the user's back: edits are coalesced (the document is a
// whole value, so the latest one wins; the sender turns it into the ops since the confirmed
// one), one request is in flight at a time, each names the version it was based on, a failure
// is retried with a growing delay and never dropped, and a 409 is first offered to `rebase`
// (the edits moved onto the server's newer version and sent again); when that is not possible
// the server's current state and the refused edit go to the caller.
import { ApiError, SessionExpiredError, busyRetryMs, errorMessage } from '../api/api-error';
import type { PlateState } from '../domain/plate-state';

/** What the top bar shows about saving. */
export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'conflict' | 'error';

/** How a flush ended. */
export type FlushOutcome = 'saved' | 'error' | 'conflict';

/** What a landed save answers: at least the new version. */
export interface Landed {
  version: number;
}

export interface SaveQueueOptions<D, S extends Landed = PlateState> {
  /** Sends the document based on `baseVersion`; resolves with the server's answer. */
  send(doc: D, baseVersion: number): Promise<S>;
  /** A save landed; `settled` is false when newer edits are still waiting. */
  onSaved(state: S, doc: D, settled: boolean): void;
  /**
   * A 409: `body` is the server's parsed answer, `latest` the newest document waiting. Returns
   * the document moved onto the server's version (sent next, based on `version`), or null
   * when that is not possible (then onConflict).
   */
  rebase?(body: unknown, latest: D): { doc: D; version: number } | null;
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
export function conflictMessage(current: { version: number } | null): string {
  const version = current ? ` (now version ${current.version})` : '';
  return `The plate was changed elsewhere${version} and has been reloaded. Your unsaved edit is kept: press Undo to bring it back.`;
}

function parseBody(error: ApiError): unknown {
  try {
    return JSON.parse(error.body) as unknown;
  } catch {
    return null;
  }
}

// The PUT's 409 carries the whole state as `current`; PATCH's only the version (and `since`).
function conflictState(body: unknown): PlateState | null {
  const current = (body as { current?: PlateState } | null)?.current;
  return current && typeof current.version === 'number' ? current : null;
}

function conflictVersion(body: unknown): { version: number } | null {
  const current = conflictState(body);
  if (current) return current;
  const version = (body as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? { version } : null;
}

/** One document's save pipeline. */
export class SaveQueue<D, S extends Landed = PlateState> {
  private pending: D | null = null;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  /** A busy server's Retry-After: nothing is sent before this time (Date.now ms). */
  private notBefore = 0;
  private waiters: ((outcome: FlushOutcome) => void)[] = [];
  private disposed = false;
  // Bumped by reset(): an answer to a request sent before it describes a state the caller
  // has already replaced, and is ignored.
  private epoch = 0;
  private readonly coalesceMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;

  constructor(
    private readonly options: SaveQueueOptions<D, S>,
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

  /** True while a request is on its way. */
  get sending(): boolean {
    return this.inFlight;
  }

  /**
   * Moves the base onto a newer server version that other writers made, keeping what waits:
   * `doc` (the waiting edits moved onto that version) replaces the waiting document.
   */
  rebase(baseVersion: number, doc: D | null): void {
    this.baseVersion = baseVersion;
    if (doc !== null && this.pending !== null) this.pending = doc;
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
    const wait = Math.max(this.coalesceMs, this.notBefore - Date.now());
    this.timer = setTimeout(() => this.fire(), wait);
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

  private landed(doc: D, state: S): void {
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
      const body = parseBody(error);
      const refused = this.pending ?? doc;
      this.attempt = 0;
      const rebased = this.options.rebase?.(body, refused) ?? null;
      if (rebased) {
        this.baseVersion = rebased.version;
        this.pending = rebased.doc;
        this.fire();
        return;
      }
      const current = conflictState(body);
      const seen = conflictVersion(body);
      if (seen) this.baseVersion = seen.version;
      this.pending = null;
      const message = conflictMessage(seen);
      this.options.onConflict(current, message, refused);
      this.settle('conflict', message);
      return;
    }
    // A newer waiting document already holds this one's edits; otherwise keep this one.
    this.pending ??= doc;
    const message = errorMessage(error);
    if (error instanceof SessionExpiredError || this.disposed) {
      this.settle('error', message); // the browser is on its way to /login
      return;
    }
    this.attempt += 1;
    // a busy server (503 with Retry-After) says when to come back; otherwise back off
    const busy = busyRetryMs(error);
    const delay = busy ?? Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** (this.attempt - 1));
    if (busy !== null) this.notBefore = Date.now() + busy;
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
