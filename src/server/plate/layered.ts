// A plate's wells as an earlier whole record plus the changes since: a write of one well
// shares the other 1535 with the version before instead of copying them.
import type { PlateDefn } from '../../domain/plate-format';
import { idOfIndex } from '../../domain/well-id';

/** Changes a Layered record carries before the next version starts from a whole copy. */
const MAX_LAYERED = 32;

const rowMajorIds = new Map<number, string[]>();
function idsOf(defn: PlateDefn): string[] {
  let ids = rowMajorIds.get(defn.format);
  if (!ids) {
    ids = Array.from({ length: defn.rows * defn.cols }, (_, i) => idOfIndex(defn, i));
    rowMajorIds.set(defn.format, ids);
  }
  return ids;
}

/**
 * A plate's wells (row-major record) as an earlier whole record plus the wells changed
 * since (undefined: gone), so that a write of one well does not copy 1536: reading one well
 * looks at the changes first, and the whole record is built on first use and kept. Every
 * MAX_LAYERED changes the next version starts from a whole record again, so lookups stay
 * short and a copy is made once per that many writes. Records are never mutated once built.
 */
export class Layered<T> {
  private whole: Record<string, T> | null;

  private constructor(
    private readonly defn: PlateDefn,
    private readonly base: Record<string, T>,
    private readonly changes: ReadonlyMap<string, T | undefined>,
    /** a key was added or removed since base: the whole record is built in row-major order */
    private readonly keysMoved: boolean,
  ) {
    this.whole = changes.size === 0 ? base : null;
  }

  /** A whole row-major record (shared, not copied). */
  static of<T>(defn: PlateDefn, whole: Record<string, T>): Layered<T> {
    return new Layered(defn, whole, new Map(), false);
  }

  get(id: string): T | undefined {
    if (this.whole) return this.whole[id];
    return this.changes.has(id) ? this.changes.get(id) : this.base[id];
  }

  /** The whole record, in row-major order. */
  all(): Record<string, T> {
    if (!this.whole) {
      const out: Record<string, T> = {};
      if (this.keysMoved) {
        for (const id of idsOf(this.defn)) {
          const w = this.get(id);
          if (w !== undefined) out[id] = w;
        }
      } else {
        Object.assign(out, this.base);
        for (const [id, w] of this.changes) out[id] = w as T;
      }
      this.whole = out;
    }
    return this.whole;
  }

  /** The next version: these wells set (undefined: gone). */
  with(updates: ReadonlyMap<string, T | undefined>): Layered<T> {
    let moved = false;
    for (const [id, w] of updates)
      if ((w === undefined) !== (this.get(id) === undefined)) moved = true;
    if (this.whole || this.changes.size + updates.size > MAX_LAYERED) {
      return new Layered(this.defn, this.all(), updates, moved);
    }
    const changes = new Map(this.changes);
    for (const [id, w] of updates) changes.set(id, w);
    return new Layered(this.defn, this.base, changes, this.keysMoved || moved);
  }
}
