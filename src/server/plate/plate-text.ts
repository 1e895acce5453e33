// The JSON texts of a live plate made from what it keeps already (each well's canonical
// bytes, each well's state text once made): a version's plate, the PlateState answer, a
// write's changes and the log's wells, without serializing the whole plate again.
import { idOfIndex, indexOfWellId } from '../../domain/well-id';
import type { LivePlate } from './live-plate';

const COMMA = Buffer.from(',');

/**
 * A saved version's plate, {defn, wells, hash}, as JSON text made from the wells' cached
 * canonical bytes: a whole 1536-well plate without serializing it again.
 */
export function versionPlateText(live: LivePlate): string {
  const head = `{"defn":${JSON.stringify(live.defn)},"hash":"${live.state.hash}","wells":`;
  return Buffer.concat([Buffer.from(head), wellsBytes(live, null), Buffer.from('}')]).toString(
    'utf8',
  );
}

/**
 * Wells of a plate as one JSON object, {"A1":{...},...}, joined from their cached canonical
 * bytes: every well the plate holds (`ids` null), or those of `ids`, where a well the plate
 * does not hold is left out or, with `missing` "null", written as null.
 */
function wellsBytes(
  live: LivePlate,
  ids: Iterable<string> | null,
  missing: 'skip' | 'null' = 'skip',
): Buffer {
  const parts: Buffer[] = [Buffer.from('{')];
  const add = (bytes: Buffer) => {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(bytes);
  };
  if (ids === null) {
    for (const bytes of live.wellBytes) if (bytes) add(bytes);
  } else {
    for (const id of ids) {
      const i = indexOfWellId(id, live.defn);
      const bytes = i >= 0 ? live.wellBytes[i] : undefined;
      if (bytes) add(bytes);
      else if (missing === 'null') add(Buffer.from(`${JSON.stringify(id)}:null`));
    }
  }
  parts.push(Buffer.from('}'));
  return Buffer.concat(parts);
}

/**
 * The plate's PlateState as JSON text, the same as JSON.stringify(live.state) (defn, wells in
 * row-major order, indices, version, hash): each well's text is made once and kept with
 * the plate, and a later version shares those of the wells it did not change.
 */
export function plateStateText(live: LivePlate): string {
  const { defn, stateText } = live;
  const parts: string[] = [];
  for (let i = 0; i < defn.rows * defn.cols; i++) {
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
 * Some wells of a plate as a JSON object text, {"A1":{...},"B2":null}, from the wells'
 * cached canonical bytes (null for a well the plate does not hold).
 */
export function wellsText(live: LivePlate, ids: Iterable<string>): string {
  return wellsBytes(live, ids, 'null').toString('utf8');
}

/**
 * The plate rows holding these wells as stored (plate_rows): the JSON text of the wells of
 * each row that holds any, {"A1":{...},...}, from the wells' cached canonical bytes, and the
 * rows left empty. `everyRowBelow`: rows 0 to that one too (a plate whose format changed is
 * written whole, and the old format's other rows cleared).
 */
export function rowsText(
  live: LivePlate,
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
    const rowIds =
      row < defn.rows
        ? Array.from({ length: defn.cols }, (_, c) => idOfIndex(defn, row * defn.cols + c))
        : [];
    const bytes = wellsBytes(live, rowIds);
    // "{}": the row holds no well
    if (bytes.length <= 2) empty.push(row);
    else put.push({ row, wells: bytes.toString('utf8') });
  }
  return { put, empty };
}
