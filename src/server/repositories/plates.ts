// The current plate of an experiment. The row keeps what the user decided (canonical wire
// wells) with the defn and the indices of the last write; everything else is derived again
// from the wells and the bench. Writes are optimistic: a write names the version it was
// based on and the UPDATE only matches that version, so a stale write changes nothing.
import { and, eq, sql } from 'drizzle-orm';
import type { PlateDefn } from '../../domain/plate-format';
import type { PlateIndices, WireWells } from '../../domain/plate-state';
import type { Db } from '../db/connect';
import { experiments, plates } from '../db/schema';
import { benchFactsJson, type DbOrTx } from './bench';
import type { BenchFactsRow } from './bench-json';

/** The stored plate: version, defn, canonical wire wells, and the hash of the last write. */
export interface StoredPlate {
  version: number;
  defn: PlateDefn;
  wells: WireWells;
  hash: string;
}

/** The JSON kept in plates.state. */
export interface StoredPlateState {
  defn: PlateDefn;
  wells: WireWells;
  indices: PlateIndices;
}

/** What a plate read needs first: the version, the plate type and the bench facts. */
export interface PlateContext {
  version: number;
  plateType: string;
  bench: BenchFactsRow[];
}

/**
 * A prepared query answering, in one round trip, the owner's plate version, plate type and
 * bench facts (null when the experiment is not theirs). Every plate read runs it, so it is
 * built and prepared once per database.
 */
export function plateContextQuery(db: Db) {
  const prepared = db
    .select({
      version: plates.version,
      plateType: experiments.plateType,
      bench: benchFactsJson(sql`${plates.experimentId}`),
    })
    .from(plates)
    .innerJoin(experiments, eq(experiments.id, plates.experimentId))
    .where(
      and(
        eq(plates.experimentId, sql.placeholder('experimentId')),
        eq(experiments.ownerId, sql.placeholder('ownerId')),
      ),
    )
    .prepare('plate_context');
  return async (ownerId: string, experimentId: number): Promise<PlateContext | null> => {
    const rows = (await prepared.execute({ ownerId, experimentId })) as PlateContext[];
    return rows[0] ?? null;
  };
}

/** The stored plate of an experiment (callers check the owner); null when none. */
export async function loadPlate(db: DbOrTx, experimentId: number): Promise<StoredPlate | null> {
  const rows = await db
    .select({ version: plates.version, state: plates.state, hash: plates.hash })
    .from(plates)
    .where(eq(plates.experimentId, experimentId));
  const row = rows[0];
  if (!row) return null;
  const state = row.state as unknown as StoredPlateState;
  return { version: row.version, defn: state.defn, wells: state.wells ?? {}, hash: row.hash };
}

/**
 * Writes a new plate and bumps the experiment (updated_at, and plate_type when the format
 * changed). With `baseVersion` the write happens only if the plate is still at that version.
 * Returns the new version, or null when stale (nothing written). Call inside a transaction.
 */
export async function writePlate(
  tx: DbOrTx,
  ownerId: string,
  experimentId: number,
  baseVersion: number | null,
  state: StoredPlateState,
  hash: string,
): Promise<number | null> {
  const owned = sql`exists (select 1 from ${experiments} where ${experiments.id} = ${experimentId} and ${experiments.ownerId} = ${ownerId})`;
  const rows = await tx
    .update(plates)
    .set({
      version: sql`${plates.version} + 1`,
      state: state as unknown as Record<string, unknown>,
      hash,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(
      and(
        eq(plates.experimentId, experimentId),
        baseVersion === null ? undefined : eq(plates.version, baseVersion),
        owned,
      ),
    )
    .returning({ version: plates.version });
  if (rows.length === 0) return null;
  await tx
    .update(experiments)
    .set({ plateType: String(state.defn.format), updatedAt: sql`clock_timestamp()` })
    .where(and(eq(experiments.id, experimentId), eq(experiments.ownerId, ownerId)));
  return rows[0].version;
}
