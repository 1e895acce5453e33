/**
 * The compact plate (`GET /plate?form=compact`, DOMAIN.md "Plate state"): only what the user
 * decided, as columns instead of a key-value tree per well, so that a full 1536-well plate
 * stays small on the wire. Derived values do not travel: the client computes them with the
 * same domain code (computePlateState).
 *
 * Layout:
 * - `cells`: the filled wells' row-major indices, as runs [start, length, start, length, ...],
 *   ascending; the n-th well of every per-well column is the n-th index of these runs.
 * - `label`, `sample`: one entry per well; null when the field is absent.
 * - `tags`: one entry per well (a list); null when absent.
 * - `reagents`: one column set per reagent slug, for the wells holding it: `cells` (runs of
 *   row-major indices, ascending), then `target_nM`, `volume_uL`, `tol_pct`, `dilution`,
 *   each a list with one entry per such well, or a single value shared by all of them.
 *   null in `tol_pct` / `dilution` means the field is absent; `dilution` is left out when no
 *   well has one.
 *
 * decodeCompactPlate(encodeCompactPlate(p)) deep-equals p for wells with canonical ids (the
 * wells the server keeps); key order inside a well's targets follows `reagents`.
 */
import type { PlateDefn } from '../plate-format';
import type { WireTarget, WireWell, WireWells } from '../plate-wire';
import { idOfIndex, indexOfWellId } from '../well-id';

/** A number column: one value per well, or one value for all of them. */
export type CompactColumn<T> = T | T[];

/** The columns of one reagent over the wells that hold it. */
export interface CompactReagent {
  slug: string;
  /** runs [start, length, ...] of row-major well indices, ascending */
  cells: number[];
  target_nM: CompactColumn<number | null>;
  volume_uL: CompactColumn<number>;
  /** null: absent */
  tol_pct: CompactColumn<number | null>;
  /** null: absent; the column is left out when no well has a dilution */
  dilution?: CompactColumn<number | null>;
}

export interface CompactPlate {
  form: 'compact';
  version: number;
  hash: string;
  defn: PlateDefn;
  /** runs [start, length, ...] of the filled wells' row-major indices, ascending */
  cells: number[];
  label: (string | null)[];
  sample: (string | null)[];
  tags: (string[] | null)[];
  reagents: CompactReagent[];
}

export interface PlateDecisions {
  version: number;
  hash: string;
  defn: PlateDefn;
  wells: WireWells;
}

/** Runs [start, length, ...] of ascending integers. */
function toRuns(sorted: readonly number[]): number[] {
  const runs: number[] = [];
  for (const i of sorted) {
    const n = runs.length;
    if (n > 0 && runs[n - 2] + runs[n - 1] === i) runs[n - 1]++;
    else runs.push(i, 1);
  }
  return runs;
}

function fromRuns(runs: readonly number[]): number[] {
  const out: number[] = [];
  for (let k = 0; k + 1 < runs.length; k += 2) {
    for (let i = 0; i < runs[k + 1]; i++) out.push(runs[k] + i);
  }
  return out;
}

// One shared value when all entries are equal (Object.is keeps null apart from numbers).
function column<T>(values: T[]): CompactColumn<T> {
  if (values.length > 0 && values.every((v) => Object.is(v, values[0]))) return values[0];
  return values;
}

function columnAt<T>(col: CompactColumn<T> | undefined, k: number): T | undefined {
  return Array.isArray(col) ? (col[k] as T) : col;
}

/** The compact form of a plate; throws when a well id is not a canonical id of the plate. */
export function encodeCompactPlate(plate: PlateDecisions): CompactPlate {
  const { defn } = plate;
  const indexed: [number, WireWell][] = [];
  for (const [id, well] of Object.entries(plate.wells)) {
    const i = indexOfWellId(id, defn);
    if (i < 0 || idOfIndex(defn, i) !== id) {
      throw new Error(`Well "${id}" is not a canonical id of a ${defn.format}-well plate`);
    }
    indexed.push([i, well]);
  }
  indexed.sort((a, b) => a[0] - b[0]);

  const perReagent = new Map<string, [number, WireTarget][]>();
  for (const [i, well] of indexed) {
    for (const [slug, t] of Object.entries(well.targets)) {
      let list = perReagent.get(slug);
      if (!list) perReagent.set(slug, (list = []));
      list.push([i, t]);
    }
  }
  const reagents: CompactReagent[] = [];
  for (const [slug, list] of perReagent) {
    const r: CompactReagent = {
      slug,
      cells: toRuns(list.map(([i]) => i)),
      target_nM: column(list.map(([, t]) => t.target_nM)),
      volume_uL: column(list.map(([, t]) => t.volume_uL)),
      tol_pct: column(list.map(([, t]) => t.tol_pct ?? null)),
    };
    if (list.some(([, t]) => t.dilution !== undefined)) {
      r.dilution = column(list.map(([, t]) => t.dilution ?? null));
    }
    reagents.push(r);
  }

  return {
    form: 'compact',
    version: plate.version,
    hash: plate.hash,
    defn: { format: defn.format, rows: defn.rows, cols: defn.cols },
    cells: toRuns(indexed.map(([i]) => i)),
    label: indexed.map(([, w]) => w.label ?? null),
    sample: indexed.map(([, w]) => w.sample ?? null),
    tags: indexed.map(([, w]) => (w.tags ? [...w.tags] : null)),
    reagents,
  };
}

/** The plate a compact form describes (inverse of encodeCompactPlate). */
export function decodeCompactPlate(c: CompactPlate): PlateDecisions {
  const defn: PlateDefn = { format: c.defn.format, rows: c.defn.rows, cols: c.defn.cols };
  const byIndex = new Map<number, WireWell>();
  fromRuns(c.cells).forEach((i, k) => {
    const well: WireWell = { targets: {} };
    const label = c.label[k];
    const sample = c.sample[k];
    const tags = c.tags[k];
    if (label != null) well.label = label;
    if (sample != null) well.sample = sample;
    if (tags != null) well.tags = [...tags];
    byIndex.set(i, well);
  });
  for (const r of c.reagents) {
    fromRuns(r.cells).forEach((i, k) => {
      let well = byIndex.get(i);
      // a reagent in a well the well list forgot: keep it rather than lose it
      if (!well) byIndex.set(i, (well = { targets: {} }));
      const t: WireTarget = {
        target_nM: columnAt(r.target_nM, k) ?? null,
        volume_uL: columnAt(r.volume_uL, k) ?? 0,
      };
      const tol = columnAt(r.tol_pct, k);
      if (tol != null) t.tol_pct = tol;
      const dilution = columnAt(r.dilution, k);
      if (dilution != null) t.dilution = dilution;
      well.targets[r.slug] = t;
    });
  }
  const wells: WireWells = {};
  for (const i of [...byIndex.keys()].toSorted((a, b) => a - b)) {
    wells[idOfIndex(defn, i)] = byIndex.get(i)!;
  }
  return { version: c.version, hash: c.hash, defn, wells };
}
