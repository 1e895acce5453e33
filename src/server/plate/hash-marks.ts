// The plate hash (DOMAIN.md "Plate state": SHA-256 of the canonical JSON of {defn, wells})
// kept with checkpoints, so that a write hashes again only from the first chunk it changed
// and reuses the bytes of the unchanged chunks after it.
import { createHash, type Hash } from 'node:crypto';
import { canonicalJson } from '../../domain/canonical-json';
import type { PlateDefn } from '../../domain/plate-format';
import { idOfIndex, indexOfWellId } from '../../domain/well-id';

const COMMA = Buffer.from(',');
const codeOrders = new Map<number, number[]>();

/** Row-major indices of a plate's wells in the code-unit order of their ids (JSON key order). */
function codeOrder(defn: PlateDefn): number[] {
  let order = codeOrders.get(defn.format);
  if (!order) {
    const ids = Array.from({ length: defn.rows * defn.cols }, (_, i) => idOfIndex(defn, i));
    order = ids
      .map((_, i) => i)
      .toSorted((a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0));
    codeOrders.set(defn.format, order);
  }
  return order;
}

/** The position of each row-major index in the code-unit order of the ids. */
const codeRanks = new Map<number, Int32Array>();
function codeRank(defn: PlateDefn): Int32Array {
  let rank = codeRanks.get(defn.format);
  if (!rank) {
    const order = codeOrder(defn);
    rank = new Int32Array(order.length);
    order.forEach((i, k) => (rank![i] = k));
    codeRanks.set(defn.format, rank);
  }
  return rank;
}

/** Wells per hash checkpoint, in the code-unit order the hash reads them. */
const HASH_CHUNK = 64;

/**
 * The SHA-256 state before each chunk of HASH_CHUNK wells (in the hash's order), whether a
 * well came before it (the next one then needs a comma), and the chunk's bytes as hashed. A
 * write starts from the checkpoint before its first changed chunk, so the wells before it are
 * not hashed again, and reuses the bytes of the unchanged chunks after it (no re-assembly).
 * States are only ever copied, never updated, so versions share them.
 */
export interface HashMarks {
  states: Hash[];
  started: boolean[];
  bytes: Buffer[];
}

/**
 * The plate hash (DOMAIN.md "Plate state": SHA-256 of the canonical JSON of {defn, wells})
 * assembled from per-well canonical JSON: the same text canonicalJson writes whole. `prev`:
 * the checkpoints of a version that differs from this one only in the `dirty` chunks.
 */
export function hashFrom(
  defn: PlateDefn,
  wellBytes: readonly (Buffer | undefined)[],
  prev: HashMarks | undefined,
  dirty: ReadonlySet<number>,
): { hash: string; marks: HashMarks } {
  const order = codeOrder(defn);
  const chunks = Math.ceil(order.length / HASH_CHUNK);
  // nothing changed: the last chunk is hashed again (the checkpoints end before it)
  const start = prev ? Math.max(0, Math.min(Math.min(...dirty), chunks - 1)) : 0;
  const states = prev ? prev.states.slice(0, start) : [];
  const startedAt = prev ? prev.started.slice(0, start) : [];
  const bytes = prev ? prev.bytes.slice(0, start) : [];
  let h: Hash;
  let started: boolean;
  if (prev && chunks > 0) {
    h = prev.states[start].copy();
    started = prev.started[start];
  } else {
    h = createHash('sha256').update(`{"defn":${canonicalJson(defn)},"wells":{`);
    started = false;
  }
  for (let c = start; c < chunks; c++) {
    states[c] = h.copy();
    startedAt[c] = started;
    if (prev && !dirty.has(c) && prev.started[c] === started) {
      bytes[c] = prev.bytes[c];
    } else {
      const parts: Buffer[] = [];
      const end = Math.min(order.length, (c + 1) * HASH_CHUNK);
      for (let k = c * HASH_CHUNK; k < end; k++) {
        const b = wellBytes[order[k]];
        if (!b) continue;
        if (started || parts.length > 0) parts.push(COMMA);
        parts.push(b);
      }
      bytes[c] = Buffer.concat(parts);
    }
    if (bytes[c].length > 0) {
      h.update(bytes[c]);
      started = true;
    }
  }
  return { hash: h.update('}}').digest('hex'), marks: { states, started: startedAt, bytes } };
}

/** The hash chunks holding these wells. */
export function chunksOf(defn: PlateDefn, ids: readonly string[]): Set<number> {
  const rank = codeRank(defn);
  return new Set(ids.map((id) => Math.floor(rank[indexOfWellId(id, defn)] / HASH_CHUNK)));
}
