// The server's caches under one byte budget. The computed plates, their serialised answers and
// the bench facts of plates were four caches with four size rules (64 plates, 64 MB, 4096
// experiments twice), so memory grew with whichever was largest at the time. Here every entry
// of every cache counts its bytes against one budget (CACHE_BYTES), and past it the least
// recently used entry of any cache goes first: a process holding a few big plates keeps fewer
// of them, one holding many small ones keeps more. Bytes are the entry's own estimate (each
// cache says how it counts); the budget is a bound on those, not on the heap.

/** The default budget of all caches together: 256 MB. */
const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;

interface Slot {
  bytes: number;
  drop: () => void;
}

/** One byte budget shared by several caches, least recently used entry dropped first. */
export class ByteBudget {
  /** every cached entry of every cache, least recently used first */
  private readonly slots = new Set<Slot>();
  private used = 0;

  constructor(
    readonly maxBytes = DEFAULT_CACHE_BYTES,
    private readonly onChange?: (bytes: number) => void,
  ) {}

  /** Bytes the cached entries account for now. */
  get bytes(): number {
    return this.used;
  }

  /** Counts a new entry (dropping others past the budget); false when it alone is too big. */
  add(slot: Slot): boolean {
    if (slot.bytes > this.maxBytes) return false;
    this.slots.add(slot);
    this.used += slot.bytes;
    for (const oldest of this.slots) {
      if (this.used <= this.maxBytes) break;
      this.remove(oldest);
      oldest.drop();
    }
    this.onChange?.(this.used);
    return true;
  }

  touch(slot: Slot): void {
    if (!this.slots.delete(slot)) return;
    this.slots.add(slot);
  }

  remove(slot: Slot): void {
    if (!this.slots.delete(slot)) return;
    this.used -= slot.bytes;
    this.onChange?.(this.used);
  }
}

/** A map whose entries count their bytes against a shared budget. */
export class BudgetedCache<K, V> {
  private readonly entries = new Map<K, { value: V; slot: Slot }>();

  constructor(
    private readonly budget: ByteBudget,
    /** the bytes an entry counts */
    private readonly bytesOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The entry, now the most recently used of the budget. */
  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.budget.touch(hit.slot);
    return hit.value;
  }

  /** Keeps the value in place of any before it (not kept when larger than the budget). */
  set(key: K, value: V): void {
    this.delete(key);
    const slot: Slot = {
      bytes: this.bytesOf(value),
      drop: () => {
        if (this.entries.get(key)?.slot === slot) this.entries.delete(key);
      },
    };
    this.entries.set(key, { value, slot });
    if (!this.budget.add(slot)) this.entries.delete(key);
  }

  delete(key: K): void {
    const current = this.entries.get(key);
    if (!current) return;
    this.entries.delete(key);
    this.budget.remove(current.slot);
  }
}
