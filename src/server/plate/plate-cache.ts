// A serialized plate answer (the full state or the compact form) of one computed plate: the
// UTF-8 bytes and, once asked for, their gzip, both then sent as they are, not encoded per
// request.
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

/** What a cached answer was made from: a read may reuse it only when all of these still hold. */
export interface AnswerKey {
  experimentId: number;
  form: 'full' | 'compact';
  version: number;
  /** the bench and dispensing settings the plate was computed with */
  benchKey: string;
}

/** The default memory bound of the read cache: 64 MB of answer bytes. */
export const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

interface CachedAnswer {
  version: number;
  benchKey: string;
  answer: PlateAnswer;
  bytes: number;
}

/**
 * The serialized answers of recently read plates (least recently used dropped first), at most
 * `maxBytes` of JSON counted twice (the JSON and, once made, its gzip, which is smaller). A
 * read that finds its experiment's answer at the stored version and bench sends those bytes:
 * no plate is recomputed, no JSON made, nothing compressed. One entry per experiment and
 * form: a newer version replaces the older one.
 */
export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private used = 0;

  constructor(readonly maxBytes = ANSWER_CACHE_BYTES) {}

  /** Bytes the cached answers account for. */
  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: AnswerKey): PlateAnswer | undefined {
    const id = `${key.experimentId}:${key.form}`;
    const hit = this.entries.get(id);
    if (!hit || hit.version !== key.version || hit.benchKey !== key.benchKey) return undefined;
    this.entries.delete(id);
    this.entries.set(id, hit);
    return hit.answer;
  }

  set(key: AnswerKey, answer: PlateAnswer): void {
    const id = `${key.experimentId}:${key.form}`;
    const current = this.entries.get(id);
    // An older version finished computing after a newer one was cached: keep the newer.
    if (current && current.version > key.version) return;
    if (current) {
      this.entries.delete(id);
      this.used -= current.bytes;
    }
    const bytes = 2 * answer.body.length;
    if (bytes > this.maxBytes) return;
    this.entries.set(id, { version: key.version, benchKey: key.benchKey, answer, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }
}
