// The JSON texts of a live plate made from what it keeps already (each well's canonical
// JSON and bytes, each well's state text once made): a version's plate, the PlateState
// answer, a write's changes and the log's wells, without serializing the whole plate again.
// What is stored is packed (repositories/packed-wells.ts); what is answered is wells one by one.
import { idOfIndex, indexOfWellId } from '../../domain/well-id';
import { packWellTexts } from '../repositories/packed-wells';
import { versionStateText } from '../repositories/versions';
import type { StateWell } from '../../domain/plate-state';
import type { LivePlate } from './live-plate';

const COMMA = Buffer.from(',');

/** What the stored texts read of a plate: its defn and each well's canonical JSON. */
export type PlateWells = Pick<LivePlate, 'defn' | 'wellJson'>;

/**
 * A saved version's plate, {defn, hash, wells} with the wells packed, as JSON text made from
 * the wells' cached canonical JSON: a whole 1536-well plate without serializing it again.
 */
export function versionPlateText(live: LivePlate): string {
  const { defn, wellJson } = live;
  const held: [string, string][] = [];
  for (let i = 0; i < defn.rows * defn.cols; i++) {
    const json = wellJson[i];
    if (json !== undefined) held.push([idOfIndex(defn, i), json]);
  }
  return versionStateText(defn, live.state.hash, packWellTexts(held));
}

/** [id, canonical JSON or null] of these wells of a plate (null: the plate does not hold it). */
function* jsonOf(live: PlateWells, ids: Iterable<string>): Generator<[string, string | null]> {
  for (const id of ids) {
    const i = indexOfWellId(id, live.defn);
    yield [id, (i >= 0 ? live.wellJson[i] : undefined) ?? null];
  }
}

/**
 * Wells of a plate as one JSON object, {"A1":{...},...}, joined from their cached canonical
 * bytes; a well the plate does not hold is left out.
 */
function wellsBytes(live: LivePlate, ids: Iterable<string>): Buffer {
  const parts: Buffer[] = [Buffer.from('{')];
  for (const id of ids) {
    const i = indexOfWellId(id, live.defn);
    const bytes = i >= 0 ? live.wellBytes[i] : undefined;
    if (!bytes) continue;
    if (parts.length > 1) parts.push(COMMA);
    parts.push(bytes);
  }
  parts.push(Buffer.from('}'));
  return Buffer.concat(parts);
}

/**
 * The plate's PlateState as JSON text, the same as JSON.stringify(live.state) (defn, wells in
 * row-major order, indices, version, hash): each well's text is made once and kept with
 * the plate, and a later version shares those of the wells it did not change. `planned`
 * gives a well the plan's statuses (plan-statuses.ts): a well it changes is written anew,
 * since the chains it reads may change with any well of the plate.
 */
export function plateStateText(live: LivePlate, planned?: (well: StateWell) => StateWell): string {
  const { defn, stateText } = live;
  const parts: string[] = [];
  for (let i = 0; i < defn.rows * defn.cols; i++) {
    if (planned) {
      const id = idOfIndex(defn, i);
      const w = live.stateLayer.get(id);
      const p = w && planned(w);
      if (p && p !== w) {
        parts.push(`${JSON.stringify(id)}:${JSON.stringify(p)}`);
        continue;
      }
    }
    let t = stateText[i];
    if (t === undefined) {
      const id = idOfIndex(defn, i);
      const w = live.stateLayer.get(id);
      t = w ? `${JSON.stringify(id)}:${JSON.stringify(w)}` : '';
      stateText[i] = t;
    }
    if (t) parts.push(t);
  }
  const { indices, version, hash } = live.state;
  const tail = JSON.stringify({ indices, version, hash });
  return `{"defn":${JSON.stringify(defn)},"wells":{${parts.join(',')}},${tail.slice(1)}`;
}

/**
 * A write's changes as GET /plate?since= answers them, {from, version, hash, changed,
 * removed}, as JSON bytes made from the changed wells' cached canonical text.
 */
export function wireChangesText(written: {
  live: LivePlate;
  change: {
    base_version: number;
    version: number;
    hash: string;
    changed: Readonly<Record<string, unknown>>;
    removed: readonly string[];
  };
}): Buffer {
  const { live, change } = written;
  return Buffer.concat([
    Buffer.from(
      `{"from":${change.base_version},"version":${change.version},"hash":"${change.hash}","changed":`,
    ),
    wellsBytes(live, Object.keys(change.changed)),
    Buffer.from(`,"removed":${JSON.stringify(change.removed)}}`),
  ]);
}

/**
 * Some wells of a plate as stored (packed), from the wells' cached canonical JSON: null for
 * a well the plate does not hold.
 */
export function wellsText(live: PlateWells, ids: Iterable<string>): string {
  return packWellTexts(jsonOf(live, ids));
}

/**
 * The plate rows holding these wells as stored (plate_rows): the packed wells of each row
 * that holds any, from the wells' cached canonical JSON, and the rows left empty. `everyRowBelow`: rows 0 to that one too (a plate whose format changed is
 * written whole, and the old format's other rows cleared).
 */
export function rowsText(
  live: PlateWells,
  ids: Iterable<string>,
  everyRowBelow = 0,
): { put: { row: number; wells: string }[]; empty: number[] } {
  const { defn } = live;
  const rows = new Set<number>();
  for (let r = 0; r < everyRowBelow; r++) rows.add(r);
  for (const id of ids) {
    const i = indexOfWellId(id, defn);
    if (i >= 0) rows.add(Math.floor(i / defn.cols));
  }
  const put: { row: number; wells: string }[] = [];
  const empty: number[] = [];
  for (const row of [...rows].toSorted((a, b) => a - b)) {
    const held: [string, string][] = [];
    for (let c = 0; row < defn.rows && c < defn.cols; c++) {
      const json = live.wellJson[row * defn.cols + c];
      if (json !== undefined) held.push([idOfIndex(defn, row * defn.cols + c), json]);
    }
    if (held.length === 0) empty.push(row);
    else put.push({ row, wells: packWellTexts(held) });
  }
  return { put, empty };
}
