// Data access for plate-reader readouts; callers check the experiment's owner.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { readouts } from '../db/schema';
import type { PlateReadout } from '../../domain/results/reader-file';
import type { ReadoutSummary } from '../../domain/schemas/results';

const summaryColumns = {
  id: readouts.id,
  run: readouts.run,
  barcode: readouts.barcode,
  channel: readouts.channel,
  fileName: readouts.fileName,
  wells: readouts.wells,
  createdAt: readouts.createdAt,
};

type SummaryRow = {
  id: number;
  run: number;
  barcode: string;
  channel: string;
  fileName: string;
  wells: number;
  createdAt: Date;
};

const summaryOf = (r: SummaryRow): ReadoutSummary => ({
  id: r.id,
  run: r.run,
  barcode: r.barcode,
  channel: r.channel,
  file_name: r.fileName,
  wells: r.wells,
  created_at: r.createdAt.toISOString(),
});

export function readoutsRepository(db: Db) {
  return {
    /** Stores every plate of one file as one new run, all or none. */
    async importRun(
      experimentId: number,
      fileName: string,
      plates: readonly PlateReadout[],
    ): Promise<{ run: number; readouts: ReadoutSummary[] }> {
      return db.transaction(async (tx) => {
        // One import at a time per experiment, so two never take the same run number.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${'readouts'}), ${experimentId})`,
        );
        const [{ last }] = await tx
          .select({ last: sql<number>`coalesce(max(${readouts.run}), 0)` })
          .from(readouts)
          .where(eq(readouts.experimentId, experimentId));
        const run = Number(last) + 1;
        const rows = await tx
          .insert(readouts)
          .values(
            plates.map((p) => ({
              experimentId,
              run,
              barcode: p.barcode,
              channel: p.channel,
              fileName,
              wells: Object.keys(p.values).length,
              values: JSON.stringify(p.values),
            })),
          )
          .returning(summaryColumns);
        return { run, readouts: rows.map(summaryOf) };
      });
    },

    async list(experimentId: number): Promise<ReadoutSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(readouts)
        .where(eq(readouts.experimentId, experimentId))
        .orderBy(asc(readouts.run), asc(readouts.id));
      return rows.map(summaryOf);
    },

    /** One readout with its readings; null when it is not the experiment's. */
    async get(
      experimentId: number,
      id: number,
    ): Promise<{ summary: ReadoutSummary; values: Record<string, number> } | null> {
      const [row] = await db
        .select({ ...summaryColumns, values: readouts.values })
        .from(readouts)
        .where(and(eq(readouts.experimentId, experimentId), eq(readouts.id, id)));
      if (!row) return null;
      return { summary: summaryOf(row), values: JSON.parse(row.values) as Record<string, number> };
    },

    /**
     * Each experiment's latest readout (last run, last channel) with its readings as stored
     * (JSON text: the caller parses each when it comes to it, not all in one go).
     */
    async latestOf(
      experimentIds: readonly number[],
    ): Promise<Map<number, { id: number; run: number; channel: string; valuesJson: string }>> {
      if (experimentIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([readouts.experimentId], {
          experimentId: readouts.experimentId,
          id: readouts.id,
          run: readouts.run,
          channel: readouts.channel,
          values: readouts.values,
        })
        .from(readouts)
        .where(inArray(readouts.experimentId, [...experimentIds]))
        .orderBy(readouts.experimentId, desc(readouts.run), desc(readouts.id));
      return new Map(
        rows.map((r) => [
          r.experimentId,
          {
            id: r.id,
            run: r.run,
            channel: r.channel,
            valuesJson: r.values,
          },
        ]),
      );
    },

    /** Deletes one readout; false when it is not the experiment's. */
    async remove(experimentId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(readouts)
        .where(and(eq(readouts.experimentId, experimentId), eq(readouts.id, id)))
        .returning({ id: readouts.id });
      return rows.length > 0;
    },
  };
}

export type ReadoutsRepository = ReturnType<typeof readoutsRepository>;
