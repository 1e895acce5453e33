// Compound libraries of one owner. Every query is scoped by owner: another user's library
// answers as a missing one. Wells are written in chunks of one array parameter per column
// (a 100,000-well library is a few statements, not 100,000 rows of parameters; arrays read
// faster in the database than the same wells as one JSON text).
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { LibraryWell } from '../../domain/campaign/library';
import type { Db } from '../db/connect';
import { libraries, libraryColumns, libraryWells } from '../db/schema';
import type { DbOrTx } from '../repositories/bench';
import { sourceColumnsText, sourcesOfColumns, type SourceWell } from './library-columns';

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
  if (rows.length > 0) await bumpRevision(db, [well.libraryId]);
  return rows.length > 0;
}

/** Moves the revision of libraries whose wells changed (a copy read before is then stale). */
export async function bumpRevision(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(libraries)
    .set({ revision: sql`${libraries.revision} + 1` })
    .where(inArray(libraries.id, [...new Set(ids)]));
}

/** Libraries whose wells a server keeps read (the last few: a screen is planned many times). */
const KEPT_LIBRARIES = 2;

/**
 * Keeps a library's wells as columns (library-columns.ts) at a revision, unless columns of a
 * later revision are kept already.
 */
async function keepColumns(
  db: DbOrTx,
  libraryId: number,
  revision: number,
  wells: readonly SourceWell[],
): Promise<void> {
  await db
    .insert(libraryColumns)
    .values({ libraryId, revision, columns: sourceColumnsText(wells) })
    .onConflictDoUpdate({
      target: libraryColumns.libraryId,
      set: { revision, columns: sql`excluded.columns` },
      // the same revision too: columns of an earlier form are replaced
      where: sql`${libraryColumns.revision} <= ${revision}`,
    });
}

/**
 * Every well of a library in library order from library_wells (when its columns are stale),
 * read as one row of columns (each column one text): 422,400 wells as rows of objects took seconds of the database's and the driver's
 * time where the columns take a fraction. A column whose texts hold its separator is read
 * again as JSON.
 */
async function readSources(db: DbOrTx, libraryId: number): Promise<SourceWell[]> {
  const text = ['barcode', 'plate_type', 'well', 'compound_id', 'solvent'] as const;
  const numbers = ['concentration_nm', 'current_ul'] as const;
  const columns = sql.join(
    [
      ...text.map(
        (c) => sql`string_agg(${sql.identifier(c)}, E'\n' order by id) as ${sql.identifier(c)}`,
      ),
      ...numbers.map(
        (c) => sql`string_agg(${sql.identifier(c)}::text, ',' order by id) as ${sql.identifier(c)}`,
      ),
    ],
    sql`, `,
  );
  const result = (await db.execute(
    sql`select count(*)::int as n, ${columns} from library_wells where library_id = ${libraryId}`,
  )) as unknown as { rows: Record<string, string | number | null>[] };
  const row = result.rows[0];
  const n = Number(row.n);
  if (n === 0) return [];
  const split = (c: string, by: string) => String(row[c]).split(by);
  const cols = Object.fromEntries(text.map((c) => [c, split(c, '\n')])) as Record<
    (typeof text)[number],
    string[]
  >;
  if (text.some((c) => cols[c].length !== n)) {
    // a text holds a line break: each column as a JSON array instead
    const json = (await db.execute(
      sql`select ${sql.join(
        text.map(
          (c) => sql`json_agg(${sql.identifier(c)} order by id)::text as ${sql.identifier(c)}`,
        ),
        sql`, `,
      )} from library_wells where library_id = ${libraryId}`,
    )) as unknown as { rows: Record<string, string>[] };
    for (const c of text) cols[c] = JSON.parse(json.rows[0][c]) as string[];
  }
  const conc = split('concentration_nm', ',');
  const current = split('current_ul', ',');
  const wells: SourceWell[] = Array.from({ length: n });
  for (let i = 0; i < n; i++) {
    wells[i] = {
      barcode: cols.barcode[i],
      plate_type: cols.plate_type[i],
      well: cols.well[i],
      compound_id: cols.compound_id[i],
      concentration_nM: Number(conc[i]),
      current_uL: Number(current[i]),
      solvent: cols.solvent[i],
    };
  }
  return wells;
}

/** The stored columns of a well as the chunks send them, with their SQL types. */
const WELL_COLUMNS = [
  ['barcode', 'text'],
  ['plate_type', 'text'],
  ['well', 'text'],
  ['compound_id', 'text'],
  ['compound_name', 'text'],
  ['concentration_nM', 'float8'],
  ['solvent', 'text'],
  ['volume_uL', 'float8'],
  ['molecular_weight', 'float8'],
] as const;

/**
 * Writes wells of a library, in library order: one array of each column, unnested. A column
 * with one value throughout the chunk (a plate type, a solvent, a stock, a volume, no names:
 * most of a library's columns) is sent once: each array element costs the drivers and the
 * database a quoted text to write and read.
 */
async function insertWells(tx: DbOrTx, libraryId: number, wells: readonly LibraryWell[]) {
  const arrays: SQL[] = [];
  const names: SQL[] = [];
  const value = new Map<string, SQL>();
  for (const [key, type] of WELL_COLUMNS) {
    const first = wells[0][key];
    // well and compound id are always arrays (they vary): the chunk has rows to unnest
    if (key !== 'well' && key !== 'compound_id' && wells.every((w) => w[key] === first)) {
      value.set(key, sql`${first}::${sql.raw(type)}`);
    } else {
      const name = sql`${sql.identifier(key.toLowerCase())}`;
      arrays.push(sql`${sql.param(wells.map((w) => w[key]))}::${sql.raw(type)}[]`);
      names.push(name);
      value.set(key, sql`x.${name}`);
    }
  }
  const v = (key: (typeof WELL_COLUMNS)[number][0]) => value.get(key)!;
  await tx.execute(sql`
    insert into library_wells (library_id, barcode, plate_type, well, compound_id,
      compound_name, concentration_nm, solvent, volume_ul, current_ul, molecular_weight)
    select ${libraryId}, ${v('barcode')}, ${v('plate_type')}, ${v('well')}, ${v('compound_id')},
      ${v('compound_name')}, ${v('concentration_nM')}, ${v('solvent')}, ${v('volume_uL')},
      ${v('volume_uL')}, ${v('molecular_weight')}
    from unnest(${sql.join(arrays, sql`, `)}) with ordinality
      as x(${sql.join(names, sql`, `)}, k)
    order by x.k`);
}

const owned = (ownerId: string, id: number) =>
  and(eq(libraries.id, id), eq(libraries.ownerId, ownerId));

/** Data access for libraries, scoped by owner on every call. */
export function libraryRepository(db: Db) {
  /** [library id] -> its wells read at a revision, the most recently used last */
  const kept = new Map<number, { revision: number; wells: SourceWell[] }>();
  const keep = (id: number, revision: number, wells: SourceWell[]) => {
    kept.delete(id);
    kept.set(id, { revision, wells });
    while (kept.size > KEPT_LIBRARIES) kept.delete(kept.keys().next().value!);
  };
  return {
    /** Stores a library and its wells in one transaction; its id. */
    async create(ownerId: string, name: string, wells: readonly LibraryWell[]): Promise<number> {
      // the wells as stored, at the library's first revision: a campaign made from the
      // library next reads them from here, or from the columns kept with them
      const sources = wells.map((w) => ({
        barcode: w.barcode,
        plate_type: w.plate_type,
        well: w.well,
        compound_id: w.compound_id,
        concentration_nM: w.concentration_nM,
        current_uL: w.volume_uL,
        solvent: w.solvent,
      }));
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(libraries).values({ ownerId, name }).returning();
        await keepColumns(tx, row.id, row.revision, sources);
        for (let i = 0; i < wells.length; i += CHUNK)
          await insertWells(tx, row.id, wells.slice(i, i + CHUNK));
        return row.id;
      });
      keep(id, 0, sources);
      return id;
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

    /**
     * Every well of a library as a campaign reads it, in library order; null when not owned.
     * The wells last read of a library are kept while its revision holds (callers do not
     * change them): planning and exporting a screen reads its library once. A server that
     * has not read them reads the library's columns, or its wells when the columns are of
     * an earlier revision (and then keeps the columns of this one).
     */
    async sources(ownerId: string, id: number): Promise<readonly SourceWell[] | null> {
      // the revision is read before the wells: wells read after a change are tagged older
      const [row] = await db
        .select({ revision: libraries.revision })
        .from(libraries)
        .where(owned(ownerId, id));
      if (!row) return null;
      const known = kept.get(id);
      if (known?.revision === row.revision) {
        keep(id, known.revision, known.wells);
        return known.wells;
      }
      const [columns] = await db
        .select({ columns: libraryColumns.columns })
        .from(libraryColumns)
        .where(and(eq(libraryColumns.libraryId, id), eq(libraryColumns.revision, row.revision)));
      let wells = columns ? sourcesOfColumns(columns.columns) : null;
      if (!wells) {
        wells = await readSources(db, id);
        await keepColumns(db, id, row.revision, wells);
      }
      keep(id, row.revision, wells);
      return wells;
    },
  };
}

export type LibraryRepository = ReturnType<typeof libraryRepository>;
