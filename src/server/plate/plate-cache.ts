// A serialized plate answer (the full state or the compact form) of one computed plate: the
// UTF-8 bytes and, once asked for, their gzip, both then sent as they are, not encoded per
// request.
import { promisify } from 'node:util';
import { gzip, constants } from 'node:zlib';
import { BudgetedCache, type ByteBudget } from './cache-budget';

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

interface CachedAnswer {
  version: number;
  benchKey: string;
  answer: PlateAnswer;
}

/**
 * The serialized answers of recently read plates, counted against the server's cache budget
 * as their JSON twice (the JSON and, once made, its gzip, which is smaller). A read that finds
 * its experiment's answer at the stored version and bench sends those bytes: no plate is
 * recomputed, no JSON made, nothing compressed. One entry per experiment and form: a newer
 * version replaces the older one.
 */
export class AnswerCache {
  private readonly entries: BudgetedCache<string, CachedAnswer>;

  constructor(budget: ByteBudget) {
    this.entries = new BudgetedCache(budget, (e) => 2 * e.answer.body.length);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: AnswerKey): PlateAnswer | undefined {
    const hit = this.entries.get(`${key.experimentId}:${key.form}`);
    if (!hit || hit.version !== key.version || hit.benchKey !== key.benchKey) return undefined;
    return hit.answer;
  }

  set(key: AnswerKey, answer: PlateAnswer): void {
    const id = `${key.experimentId}:${key.form}`;
    const current = this.entries.get(id);
    // An older version finished computing after a newer one was cached: keep the newer.
    if (current && current.version > key.version) return;
    this.entries.set(id, { version: key.version, benchKey: key.benchKey, answer });
  }
}
