// Serialized plate states of recently used experiments. An entry is valid for one plate
// version computed with one bench (its key); both are read from the database on every
// request, so several server instances never serve each other's stale state.

/** One cached answer: the JSON text of a PlateState. */
export interface CachedPlate {
  version: number;
  benchKey: string;
  json: string;
}

/** A small LRU of serialized plate states, keyed by experiment id. */
export class PlateCache {
  private readonly entries = new Map<number, CachedPlate>();

  constructor(private readonly capacity = 32) {}

  /** The cached JSON when it is for this version and bench; undefined otherwise. */
  get(experimentId: number, version: number, benchKey: string): string | undefined {
    const entry = this.entries.get(experimentId);
    if (!entry || entry.version !== version || entry.benchKey !== benchKey) return undefined;
    // Re-insert so the Map's insertion order is the recency order.
    this.entries.delete(experimentId);
    this.entries.set(experimentId, entry);
    return entry.json;
  }

  /** Keeps an answer, unless a newer version is already cached. */
  set(experimentId: number, entry: CachedPlate): void {
    const current = this.entries.get(experimentId);
    if (current && current.version > entry.version) return;
    this.entries.delete(experimentId);
    this.entries.set(experimentId, entry);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as number;
      this.entries.delete(oldest);
    }
  }

  /** Forgets an experiment (deleted, or its plate restored). */
  delete(experimentId: number): void {
    this.entries.delete(experimentId);
  }
}
