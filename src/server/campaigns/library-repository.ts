// Compound libraries of one owner. Every query is scoped by owner: another user's library
// answers as a missing one. Wells are written in chunks of one JSON parameter each (a
// 100,000-well library is a few statements, not 100,000 rows of parameters).
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { LibraryWell } from '../../domain/campaign/library';
import type { LibrarySource } from '../../domain/campaign/plan';
import type { Db } from '../db/connect';
import { libraries, libraryWells } from '../db/schema';
import type { DbOrTx } from '../repositories/bench';

const CHUNK = 20_000;

type WellRow = typeof libraryWells.$inferSelect;

/** A stored source well as the API answers it. */
export function libraryWellJson(row: WellRow) {
  return {
    barcode: row.barcode,
    plate_type: row.plateType,
    well: row.well,
    compound_id: row.compoundId,
    compound_name: row.compoundName,
    concentration_nM: row.concentrationNm,
    solvent: row.solvent,
    volume_uL: row.volumeUl,
    current_uL: row.currentUl,
    molecular_weight: row.molecularWeight,
  };
}

/** The plates of a library: barcode, type and well count, by barcode. */
async function platesOf(db: DbOrTx, libraryId: number) {
  const rows = await db
    .select({ barcode: libraryWells.barcode, type: libraryWells.plateType, wells: count() })
    .from(libraryWells)
    .where(eq(libraryWells.libraryId, libraryId))
    .groupBy(libraryWells.barcode, libraryWells.plateType)
    .orderBy(asc(libraryWells.barcode));
  return rows.map((r) => ({ barcode: r.barcode, type: r.type, wells: Number(r.wells) }));
}

/**
 * Sets a library well's current volume (after a transfer log or a survey), uL; false when the
 * well is not in one of the owner's libraries.
 */
export async function setSourceWellVolume(
  db: DbOrTx,
  ownerId: string,
  well: { libraryId: number; barcode: string; well: string },
  currentUl: number,
): Promise<boolean> {
  const rows = await db
    .update(libraryWells)
    .set({ currentUl })
    .where(
      and(
        eq(libraryWells.libraryId, well.libraryId),
        eq(libraryWells.barcode, well.barcode),
        eq(libraryWells.well, well.well),
        sql`exists (select 1 from ${libraries} l where l.id = ${well.libraryId} and l.owner_id = ${ownerId})`,
      ),
    )
    .returning({ id: libraryWells.id });
  return rows.length > 0;
}

const owned = (ownerId: string, id: number) =>
  and(eq(libraries.id, id), eq(libraries.ownerId, ownerId));

/** Data access for libraries, scoped by owner on every call. */
export function libraryRepository(db: Db) {
  return {
    /** Stores a library and its wells in one transaction; its id. */
    async create(ownerId: string, name: string, wells: readonly LibraryWell[]): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(libraries).values({ ownerId, name }).returning();
        for (let i = 0; i < wells.length; i += CHUNK) {
          const json = JSON.stringify(wells.slice(i, i + CHUNK));
          await tx.execute(sql`
            insert into library_wells (library_id, barcode, plate_type, well, compound_id,
              compound_name, concentration_nm, solvent, volume_ul, current_ul, molecular_weight)
            select ${row.id}, x.barcode, x.plate_type, x.well, x.compound_id, x.compound_name,
              x."concentration_nM", x.solvent, x."volume_uL", x."volume_uL", x.molecular_weight
            from json_to_recordset(${json}::json) as x(barcode text, plate_type text, well text,
              compound_id text, compound_name text, "concentration_nM" double precision,
              solvent text, "volume_uL" double precision, molecular_weight double precision)`);
        }
        return row.id;
      });
    },

    /** The owner's libraries, newest first, with their plates and compounds counted. */
    async list(ownerId: string) {
      const rows = await db
        .select()
        .from(libraries)
        .where(eq(libraries.ownerId, ownerId))
        .orderBy(desc(libraries.id));
      return Promise.all(rows.map(async (r) => this.summary(r)));
    },

    async summary(row: typeof libraries.$inferSelect) {
      const plates = await platesOf(db, row.id);
      const [{ n }] = await db
        .select({ n: sql<number>`count(distinct ${libraryWells.compoundId})` })
        .from(libraryWells)
        .where(eq(libraryWells.libraryId, row.id));
      return {
        id: row.id,
        name: row.name,
        created_at: row.createdAt.toISOString(),
        plates,
        compounds: Number(n),
      };
    },

    /** One library's summary; null when not the owner's. */
    async get(ownerId: string, id: number) {
      const [row] = await db.select().from(libraries).where(owned(ownerId, id));
      return row ? this.summary(row) : null;
    },

    /**
     * Source wells of a library: those whose compound id or name holds `q` (any case), or
     * of one plate; at most `limit`, by plate and well. Null when not the owner's library.
     */
    async wells(
      ownerId: string,
      id: number,
      filter: { q?: string; barcode?: string; well?: string; limit: number },
    ) {
      const [row] = await db.select({ id: libraries.id }).from(libraries).where(owned(ownerId, id));
      if (!row) return null;
      const like = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const rows = await db
        .select()
        .from(libraryWells)
        .where(
          and(
            eq(libraryWells.libraryId, id),
            filter.barcode ? eq(libraryWells.barcode, filter.barcode) : undefined,
            filter.well ? eq(libraryWells.well, filter.well) : undefined,
            like
              ? or(ilike(libraryWells.compoundId, like), ilike(libraryWells.compoundName, like))
              : undefined,
          ),
        )
        .orderBy(asc(libraryWells.barcode), asc(libraryWells.id))
        .limit(filter.limit);
      return rows.map(libraryWellJson);
    },

    /** Every well of a library as a campaign reads it, in library order; null when not owned. */
    async sources(
      ownerId: string,
      id: number,
    ): Promise<(LibrarySource & { solvent: string })[] | null> {
      const [row] = await db.select({ id: libraries.id }).from(libraries).where(owned(ownerId, id));
      if (!row) return null;
      const rows = await db
        .select({
          barcode: libraryWells.barcode,
          plate_type: libraryWells.plateType,
          well: libraryWells.well,
          compound_id: libraryWells.compoundId,
          concentration_nM: libraryWells.concentrationNm,
          current_uL: libraryWells.currentUl,
          solvent: libraryWells.solvent,
        })
        .from(libraryWells)
        .where(eq(libraryWells.libraryId, id))
        .orderBy(asc(libraryWells.id));
      return rows;
    },
  };
}

export type LibraryRepository = ReturnType<typeof libraryRepository>;
