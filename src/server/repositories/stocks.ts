// Reagent stocks: made by one user from a definition, optionally for one of their
// experiments. Every query is scoped by the stock's owner.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReagentStockCreate, ReagentStockPatch } from '../../domain/schemas/reagent-stock';
import { canonicalStock, type ConcentrationUnit } from '../../domain/units';
import type { Db } from '../db/connect';
import { reagentStocks } from '../db/schema';

export type StockRow = typeof reagentStocks.$inferSelect;

interface StockData {
  label?: string | null;
  lot?: string | null;
  volume_uL?: number | null;
  notes?: string | null;
}

/** A stock as the API answers it, with its concentration also in canonical form. */
export function stockJsonOf(row: StockRow) {
  const d = row.data as StockData;
  const { stock_nM, stock_pct } = canonicalStock(
    row.concentrationValue,
    row.concentrationUnits as ConcentrationUnit | null,
  );
  return {
    id: row.id,
    definition_id: row.definitionId,
    experiment_id: row.experimentId,
    concentration_value: row.concentrationValue,
    concentration_units: row.concentrationUnits,
    stock_nM,
    stock_pct,
    label: d.label ?? null,
    lot: d.lot ?? null,
    volume_uL: d.volume_uL ?? null,
    notes: d.notes ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const dataOf = (s: Partial<ReagentStockCreate>, base: StockData = {}): StockData => ({
  label: s.label !== undefined ? s.label : (base.label ?? null),
  lot: s.lot !== undefined ? s.lot : (base.lot ?? null),
  volume_uL: s.volume_uL !== undefined ? s.volume_uL : (base.volume_uL ?? null),
  notes: s.notes !== undefined ? s.notes : (base.notes ?? null),
});

const mine = (ownerId: string, id: number) =>
  and(eq(reagentStocks.id, id), eq(reagentStocks.ownerId, ownerId));

/** Data access for stocks of one owner. */
export function stocksRepository(db: Db) {
  return {
    async listForDefinition(
      ownerId: string,
      definitionId: number,
      experimentId: number | null,
    ): Promise<StockRow[]> {
      return db
        .select()
        .from(reagentStocks)
        .where(
          and(
            eq(reagentStocks.definitionId, definitionId),
            eq(reagentStocks.ownerId, ownerId),
            experimentId === null ? undefined : eq(reagentStocks.experimentId, experimentId),
          ),
        )
        .orderBy(asc(reagentStocks.id));
    },

    async listForExperiment(ownerId: string, experimentId: number): Promise<StockRow[]> {
      return db
        .select()
        .from(reagentStocks)
        .where(
          and(eq(reagentStocks.experimentId, experimentId), eq(reagentStocks.ownerId, ownerId)),
        )
        .orderBy(asc(reagentStocks.id));
    },

    async get(ownerId: string, id: number): Promise<StockRow | null> {
      const [row] = await db.select().from(reagentStocks).where(mine(ownerId, id));
      return row ?? null;
    },

    async create(ownerId: string, definitionId: number, s: ReagentStockCreate): Promise<StockRow> {
      const [row] = await db
        .insert(reagentStocks)
        .values({
          ownerId,
          definitionId,
          experimentId: s.experiment_id,
          concentrationValue: s.concentration_value,
          concentrationUnits: s.concentration_units,
          data: dataOf(s) as Record<string, unknown>,
        })
        .returning();
      return row;
    },

    /** Changes the fields sent of the owner's stock; null when not theirs. */
    async update(
      ownerId: string,
      current: StockRow,
      s: ReagentStockPatch,
    ): Promise<StockRow | null> {
      const [row] = await db
        .update(reagentStocks)
        .set({
          ...(s.concentration_value !== undefined && { concentrationValue: s.concentration_value }),
          ...(s.concentration_units !== undefined && { concentrationUnits: s.concentration_units }),
          ...(s.experiment_id !== undefined && { experimentId: s.experiment_id }),
          data: dataOf(s, current.data as StockData) as Record<string, unknown>,
          updatedAt: sql`clock_timestamp()`,
        })
        .where(mine(ownerId, current.id))
        .returning();
      return row ?? null;
    },

    async remove(ownerId: string, id: number): Promise<boolean> {
      const rows = await db
        .delete(reagentStocks)
        .where(mine(ownerId, id))
        .returning({ id: reagentStocks.id });
      return rows.length > 0;
    },
  };
}

export type StocksRepository = ReturnType<typeof stocksRepository>;
