// The current plate of an experiment. The row keeps what the user decided (canonical wire
// wells) with the defn and the indices of the last write; everything else is derived again
// from the wells and the bench. Writes are optimistic: a write names the version it was
// based on and the UPDATE only matches that version, so a stale write changes nothing.
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { PlateDefn } from '../../domain/plate-format';
import type { WireWell, WireWells } from '../../domain/plate-state';
import { indexOfWellId } from '../../domain/well-id';
import { plateLog, plateRows, plates } from '../db/schema';
import { PENDING_HASH, writePendingPlate } from '../campaigns/pending-plates';
import { readStoredWells } from './packed-wells';
import type { DbOrTx } from './bench';

/** The stored plate: version, defn, canonical wire wells, and the hash of the last write. */
export interface StoredPlate {
  version: number;
  defn: PlateDefn;
  wells: WireWells;
  hash: string;
}

/**
 * The stored plate of an experiment (callers check the owner); null when none. A campaign
 * plate whose rows are not written yet has them written first (pending-plates.ts): every
 * read and write of a plate loads it here.
 */
export async function loadPlate(db: DbOrTx, experimentId: number): Promise<StoredPlate | null> {
  const rows = await db
    .select({ version: plates.version, state: plates.state, hash: plates.hash })
    .from(plates)
    .where(eq(plates.experimentId, experimentId));
  const row = rows[0];
  if (!row) return null;
  if (row.hash === PENDING_HASH && (await writePendingPlate(db, experimentId)))
    return loadPlate(db, experimentId);
  const state = row.state as unknown as { defn: PlateDefn };
  const rowsOfWells = await db
    .select({ row: plateRows.row, wells: plateRows.wells })
    .from(plateRows)
    .where(eq(plateRows.experimentId, experimentId))
    .orderBy(asc(plateRows.row));
  const indexed: (readonly [number, string, WireWell])[] = [];
  for (const r of rowsOfWells) {
    for (const [id, w] of Object.entries(readStoredWells(r.wells)))
      if (w) indexed.push([indexOfWellId(id, state.defn), id, w]);
  }
  indexed.sort((a, b) => a[0] - b[0]);
  const wells: WireWells = {};
  for (const [, id, w] of indexed) wells[id] = w;
  return { version: row.version, defn: state.defn, wells, hash: row.hash };
}

/** The stored plate's version and hash (callers check the owner); null when none. */
export async function plateHead(
  db: DbOrTx,
  experimentId: number,
): Promise<{ version: number; hash: string } | null> {
  const rows = await db
    .select({ version: plates.version, hash: plates.hash })
    .from(plates)
    .where(eq(plates.experimentId, experimentId));
  if (rows[0]?.hash === PENDING_HASH && (await writePendingPlate(db, experimentId)))
    return plateHead(db, experimentId);
  return rows[0] ?? null;
}

/** The plate row's version, locked until the transaction ends; null when no such plate. */
export async function lockPlateVersion(tx: DbOrTx, experimentId: number): Promise<number | null> {
  const rows = await tx
    .select({ version: plates.version })
    .from(plates)
    .where(eq(plates.experimentId, experimentId))
    .for('update');
  return rows[0]?.version ?? null;
}

/** One plate write as the log keeps it. */
export interface PlateLogEntry {
  version: number;
  base_version: number;
  author: string;
  ops: unknown[];
  /** the wells the write changed as they became; null: emptied */
  changed: Record<string, WireWell | null>;
  /** the same wells as they were before; null: empty */
  before: Record<string, WireWell | null>;
  hash: string;
  at: string;
}

/** A plate write: only the wells it changed, and its log entry. */
export interface PlateWrite {
  ownerId: string;
  experimentId: number;
  /** the version the write is based on; the write happens only if the plate is still at it */
  baseVersion: number;
  defn: PlateDefn;
  hash: string;
  /**
   * The log's wells as stored (packed-wells.ts): the changed wells as they became (null for
   * an emptied one), and the same wells as they were (null: empty)
   */
  changed: string;
  before: string;
  /**
   * The plate rows these wells are in, as stored after the write: the packed wells of each
   * row that holds any, and the rows left empty (plate-text.ts rowsText)
   */
  rows: { put: { row: number; wells: string }[]; empty: number[] };
  ops: unknown[];
  author: string;
  /** a saved version of the written plate: its summary and its plate as stored (versions.ts) */
  keep?: { summary: string; plate: string };
}

/**
 * Writes the changed wells, deletes the emptied ones, bumps the plate version and the
 * experiment (updated_at, and plate_type when the format changed), appends the log entry and,
 * when asked, keeps the plate as a saved version. Returns the new version (and the saved
 * version's id), or null when stale or not the owner's (nothing written).
 *
 * One statement (data-modifying CTEs that all hang on the version-checked UPDATE of the plate
 * row): a one-well edit is one round trip to the database, not five, and is atomic by itself,
 * so a caller with nothing else to write needs no transaction around it.
 */
export async function writePlateChange(
  tx: DbOrTx,
  w: PlateWrite,
): Promise<{ version: number; versionId?: number } | null> {
  // each written plate row its own text parameter: stored as sent, nothing to parse (no row:
  // a values list that matches nothing)
  const rowValues =
    w.rows.put.length > 0
      ? sql.join(
          w.rows.put.map((r) => sql`(${r.row}::int, ${r.wells}::text)`),
          sql`, `,
        )
      : sql`(null::int, null::text) limit 0`;
  const result = (await tx.execute(sql`
    with up as (
      update plates set version = version + 1, state = ${JSON.stringify({ defn: w.defn })}::jsonb,
        hash = ${w.hash}, updated_at = clock_timestamp()
      where experiment_id = ${w.experimentId} and version = ${w.baseVersion}
        and exists (select 1 from experiments e
          where e.id = ${w.experimentId} and e.owner_id = ${w.ownerId})
      returning version
    ), put_rows as (
      insert into plate_rows (experiment_id, row, wells)
      select ${w.experimentId}, r.row, r.wells
      from up, (values ${rowValues}) as r(row, wells)
      on conflict (experiment_id, row) do update set wells = excluded.wells
    ), cleared_rows as (
      delete from plate_rows
      where experiment_id = ${w.experimentId} and exists (select 1 from up)
        and row in (select json_array_elements_text(${JSON.stringify(w.rows.empty)}::json)::int)
    ), log as (
      insert into plate_log (experiment_id, version, base_version, author, ops, changed, before, hash)
      select ${w.experimentId}, up.version, ${w.baseVersion}, ${w.author},
        ${JSON.stringify(w.ops)}::json, ${w.changed}::text,
        ${w.before}::text, ${w.hash}
      from up
    ), touched as (
      update experiments set plate_type = ${String(w.defn.format)}, updated_at = clock_timestamp()
      where id = ${w.experimentId} and owner_id = ${w.ownerId} and exists (select 1 from up)
    ), kept as (
      insert into plate_versions (experiment_id, version, summary, state)
      select ${w.experimentId}, up.version, ${w.keep?.summary ?? null}, ${w.keep?.plate ?? null}::text
      from up where ${w.keep !== undefined}::boolean
      returning id
    )
    select version, (select id from kept) as version_id from up`)) as {
    rows: { version: number; version_id: number | null }[];
  };
  const row = result.rows[0];
  if (row === undefined) return null;
  const version = Number(row.version);
  if (version % LOG_PRUNE_EVERY === 0) {
    await tx
      .delete(plateLog)
      .where(
        and(eq(plateLog.experimentId, w.experimentId), lte(plateLog.version, version - LOG_KEEP)),
      );
  }
  return row.version_id == null ? { version } : { version, versionId: Number(row.version_id) };
}

/** How many versions the log keeps per experiment, pruned every LOG_PRUNE_EVERY writes. */
export const LOG_KEEP = 2000;
const LOG_PRUNE_EVERY = 100;

/**
 * The log entries after version `from` up to `to` (inclusive), oldest first; null when the
 * log does not hold every one of them (pruned, or written before the log existed).
 */
export async function readPlateLog(
  db: DbOrTx,
  experimentId: number,
  from: number,
  to: number,
): Promise<PlateLogEntry[] | null> {
  if (to < from) return null;
  const entries = await readPlateLogRange(db, experimentId, from, to);
  // every version after `from` must be there (versions are consecutive)
  return entries.length === to - from ? entries : null;
}

/** The log entries that are still kept after version `from` up to `to`, oldest first. */
export async function readPlateLogRange(
  db: DbOrTx,
  experimentId: number,
  from: number,
  to: number,
): Promise<PlateLogEntry[]> {
  const rows = await db
    .select()
    .from(plateLog)
    .where(
      and(
        eq(plateLog.experimentId, experimentId),
        gt(plateLog.version, from),
        lte(plateLog.version, to),
      ),
    )
    .orderBy(asc(plateLog.version));
  // a campaign plate not written yet has no first entry: written, it has
  if (
    from === 0 &&
    to >= 1 &&
    rows[0]?.version !== 1 &&
    (await writePendingPlate(db, experimentId))
  )
    return readPlateLogRange(db, experimentId, from, to);
  return rows.map((r) => ({
    version: r.version,
    base_version: r.baseVersion,
    author: r.author,
    ops: r.ops,
    changed: readStoredWells(r.changed),
    before: readStoredWells(r.before),
    hash: r.hash,
    at: new Date(r.createdAt).toISOString(),
  }));
}
