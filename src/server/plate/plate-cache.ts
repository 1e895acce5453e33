// Serialized plate states of recently used experiments. An entry is valid for one plate
// version computed with one bench (its key); both are read from the database on every
// request, so several server instances never serve each other's stale state. Each entry
// keeps the UTF-8 bytes and, once asked for, their gzip: a 1536-well state is ~1.5 MB of
// JSON and ~0.1 MB gzipped, and both are then sent as they are, not encoded per request.
import { promisify } from 'node:util';
import { gzip, constants } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** One serialized plate state, with its gzip made on first use (off the event loop). */
export class PlateAnswer {
  private gzipped: Promise<Buffer> | null = null;

  constructor(
    readonly version: number,
    /** the PlateState as UTF-8 JSON */
    readonly body: Buffer,
  ) {}

  /** The PlateState as JSON text. */
  get json(): string {
    return this.body.toString('utf8');
  }

  /** The body gzipped (fast level: it is made once per version and bench). */
  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(this.body, { level: constants.Z_BEST_SPEED });
    return this.gzipped;
  }
}

interface Entry {
  benchKey: string;
  answer: PlateAnswer;
}

/** A small LRU of serialized plate states, keyed by experiment id. */
export class PlateCache {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly capacity = 16) {}

  /** The cached answer when it is for this version and bench; undefined otherwise. */
  get(experimentId: number, version: number, benchKey: string): PlateAnswer | undefined {
    const entry = this.entries.get(experimentId);
    if (!entry || entry.answer.version !== version || entry.benchKey !== benchKey) return undefined;
    // Re-insert so the Map's insertion order is the recency order.
    this.entries.delete(experimentId);
    this.entries.set(experimentId, entry);
    return entry.answer;
  }

  /** Keeps an answer, unless a newer version is already cached. */
  set(experimentId: number, benchKey: string, answer: PlateAnswer): void {
    const current = this.entries.get(experimentId);
    if (current && current.answer.version > answer.version) return;
    this.entries.delete(experimentId);
    this.entries.set(experimentId, { benchKey, answer });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as number;
      this.entries.delete(oldest);
    }
  }

  /** Forgets an experiment. */
  delete(experimentId: number): void {
    this.entries.delete(experimentId);
  }
}
