// Bench reagents of an experiment. Callers check the experiment's owner first; every query
// here is scoped by experiment id.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { BenchReagentPatch } from '../../domain/schemas/reagent';
import type { Db } from '../db/connect';
import { benchReagents } from '../db/schema';
import type { BenchFactsRow, BenchInsert, BenchRow } from './bench-json';

/** A Db or a transaction on it. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const one = (experimentId: number, slug: string) =>
  and(eq(benchReagents.experimentId, experimentId), eq(benchReagents.slug, slug));

/**
 * A subquery answering, as one JSON array, the columns the plate arithmetic reads of every
 * reagent on an experiment's bench (by name, then slug): a plate read then needs one round
 * trip for the plate version and the bench together.
 */
export function benchFactsJson(experimentId: SQL | number): SQL<BenchFactsRow[]> {
  return sql<BenchFactsRow[]>`coalesce((
    select json_agg(json_build_object(
      'slug', b.slug, 'name', b.name, 'reagentType', b.reagent_type, 'data', b.data,
      'stockUm', b.stock_um, 'maxConcentrationPercent', b.max_concentration_percent,
      'minTransferUl', b.min_transfer_ul) order by lower(b.name), b.slug)
    from ${benchReagents} b where b.experiment_id = ${experimentId}), '[]'::json)`;
}

/** The bench facts of an experiment (see benchFactsJson). */
export async function listBenchFacts(db: DbOrTx, experimentId: number): Promise<BenchFactsRow[]> {
  // Both drivers answer {rows} and parse json columns.
  const result = (await db.execute(sql`select ${benchFactsJson(experimentId)} as bench`)) as {
    rows: { bench: BenchFactsRow[] }[];
  };
  return result.rows[0]?.bench ?? [];
}

/** The experiment's bench reagents by name (then slug). */
export async function listBench(db: DbOrTx, experimentId: number): Promise<BenchRow[]> {
  return db
    .select()
    .from(benchReagents)
    .where(eq(benchReagents.experimentId, experimentId))
    .orderBy(asc(sql`lower(${benchReagents.name})`), asc(benchReagents.slug));
}

/** Inserts a reagent; null when the slug is already on this bench (nothing written). */
export async function insertBench(db: DbOrTx, values: BenchInsert): Promise<BenchRow | null> {
  const rows = await db.insert(benchReagents).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** Changes only the constraint fields sent; null when no such reagent. */
export async function patchBench(
  db: DbOrTx,
  experimentId: number,
  slug: string,
  patch: BenchReagentPatch,
): Promise<BenchRow | null> {
  const rows = await db
    .update(benchReagents)
    .set({
      ...(patch.max_concentration_percent !== undefined && {
        maxConcentrationPercent: patch.max_concentration_percent,
      }),
      ...(patch.min_transfer_ul !== undefined && { minTransferUl: patch.min_transfer_ul }),
      updatedAt: sql`clock_timestamp()`,
    })
    .where(one(experimentId, slug))
    .returning();
  return rows[0] ?? null;
}

/** Removes a reagent; false when there was none. */
export async function deleteBench(db: DbOrTx, experimentId: number, slug: string) {
  const rows = await db
    .delete(benchReagents)
    .where(one(experimentId, slug))
    .returning({ id: benchReagents.id });
  return rows.length > 0;
}

/** Replaces the whole bench (restoring a snapshot); later duplicates of a slug are dropped. */
export async function replaceBench(
  db: DbOrTx,
  experimentId: number,
  values: BenchInsert[],
): Promise<void> {
  await db.delete(benchReagents).where(eq(benchReagents.experimentId, experimentId));
  const seen = new Set<string>();
  const unique = values.filter((v) => !seen.has(v.slug) && seen.add(v.slug));
  if (unique.length > 0) await db.insert(benchReagents).values(unique);
}
