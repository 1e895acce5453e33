// Wells as the database keeps them (plate rows, the log's changed and before wells, a
// version's plate): each distinct well's JSON once, and each well id with the number of its
// contents, {"contents":[{...},{...}],"at":{"A1":0,"A2":0,"A3":1}}. A screening plate holds
// few distinct wells (a 1536 plate of compound, controls and a reference: about 15), so a
// change of 1380 wells is stored in about 14 kB where the wells one by one took 420 kB; what
// a write sends to the database is most of its cost. The wells one by one, {"A1":{...}},
// is the form stored before, and is read as it is.
import type { WireWell } from '../../domain/plate-wire';

/** Stored wells: each well, or null for one the change emptied (the log's wells). */
export type StoredWells = Record<string, WireWell | null>;

/**
 * Packs wells given as [id, JSON text of the well or null], in their order, into the stored
 * text. Equal texts are one entry of `contents`: callers pass canonical JSON, so equal
 * wells have equal texts.
 */
export function packWellTexts(entries: Iterable<readonly [string, string | null]>): string {
  const numberOf = new Map<string | null, number>();
  const contents: string[] = [];
  const at: string[] = [];
  for (const [id, text] of entries) {
    let n = numberOf.get(text);
    if (n === undefined) {
      n = contents.length;
      numberOf.set(text, n);
      contents.push(text ?? 'null');
    }
    at.push(`${JSON.stringify(id)}:${n}`);
  }
  return `{"contents":[${contents.join(',')}],"at":{${at.join(',')}}}`;
}

/** Packs a record of wells (JSON.stringify of each: wells read back from storage). */
export function packWells(wells: Readonly<StoredWells>): string {
  return packWellTexts(
    Object.entries(wells).map(([id, w]) => [id, w === null ? null : JSON.stringify(w)] as const),
  );
}

interface Packed {
  contents: (WireWell | null)[];
  at: Record<string, number>;
}

function isPacked(value: unknown): value is Packed {
  const v = value as Partial<Packed> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.contents) &&
    typeof v.at === 'object' &&
    v.at !== null
  );
}

/**
 * The wells of a parsed stored value, in the order they were packed; wells that had equal
 * contents share one object (callers do not mutate stored wells).
 */
export function unpackWells(value: unknown): StoredWells {
  if (!isPacked(value)) return value as StoredWells;
  const wells: StoredWells = {};
  for (const [id, n] of Object.entries(value.at)) wells[id] = value.contents[n] ?? null;
  return wells;
}

/** The wells of a stored text. */
export function readStoredWells(text: string): StoredWells {
  return unpackWells(JSON.parse(text));
}
