// Experiments of one owner. Every query filters by owner_id, so another user's experiment
// is indistinguishable from a missing one.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PlateFormat } from '../../domain/plate-format';
import { emptyPlateState } from '../../domain/plate-state';
import type {
  Experiment,
  ExperimentCreate,
  ExperimentUpdate,
  PlateType,
} from '../../domain/schemas/experiment';
import type { Db } from '../db/connect';
import { experiments, plates } from '../db/schema';

export type ExperimentRow = typeof experiments.$inferSelect;

/** The API shape of a stored experiment. */
export function toExperimentJson(row: ExperimentRow): Experiment {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    plate_type: row.plateType as PlateType,
    vehicle_slug: row.vehicleSlug,
    default_vehicle_slug: row.vehicleSlug,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The plates row a new experiment starts with: version 0, no wells, empty indices. */
export function initialPlateRow(format: PlateFormat) {
  const { defn, wells, indices, hash } = emptyPlateState(format);
  return { version: 0, state: { defn, wells, indices }, hash };
}

const owned = (ownerId: string, id: number) =>
  and(eq(experiments.id, id), eq(experiments.ownerId, ownerId));

/** Data access for experiments, scoped by owner on every call. */
export function experimentsRepository(db: Db) {
  return {
    /** The owner's experiments, most recently updated first. */
    async list(ownerId: string): Promise<ExperimentRow[]> {
      return db
        .select()
        .from(experiments)
        .where(eq(experiments.ownerId, ownerId))
        .orderBy(desc(experiments.updatedAt), desc(experiments.id));
    },

    async get(ownerId: string, id: number): Promise<ExperimentRow | null> {
      const [row] = await db.select().from(experiments).where(owned(ownerId, id));
      return row ?? null;
    },

    /** Creates the experiment and its empty plate in one transaction. */
    async create(ownerId: string, input: ExperimentCreate): Promise<ExperimentRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(experiments)
          .values({
            ownerId,
            name: input.name,
            description: input.description,
            plateType: input.plate_type,
          })
          .returning();
        const format = Number(input.plate_type) as PlateFormat;
        await tx.insert(plates).values({ experimentId: row.id, ...initialPlateRow(format) });
        return row;
      });
    },

    async update(
      ownerId: string,
      id: number,
      changes: ExperimentUpdate,
    ): Promise<ExperimentRow | null> {
      const [row] = await db
        .update(experiments)
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.description !== undefined && { description: changes.description }),
          ...(changes.plate_type !== undefined && { plateType: changes.plate_type }),
          updatedAt: sql`clock_timestamp()`,
        })
        .where(owned(ownerId, id))
        .returning();
      return row ?? null;
    },

    async setVehicle(
      ownerId: string,
      id: number,
      vehicleSlug: string | null,
    ): Promise<ExperimentRow | null> {
      const [row] = await db
        .update(experiments)
        .set({ vehicleSlug, updatedAt: sql`clock_timestamp()` })
        .where(owned(ownerId, id))
        .returning();
      return row ?? null;
    },

    /** Deletes the experiment and (by cascade) everything under it; false if not found. */
    async remove(ownerId: string, id: number): Promise<boolean> {
      const rows = await db
        .delete(experiments)
        .where(owned(ownerId, id))
        .returning({ id: experiments.id });
      return rows.length > 0;
    },

    /** Stores the dispensing settings; null if not found. */
    async setDispensing(
      ownerId: string,
      id: number,
      dispensing: Record<string, unknown>,
    ): Promise<ExperimentRow | null> {
      const [row] = await db
        .update(experiments)
        .set({ dispensing, updatedAt: sql`clock_timestamp()` })
        .where(owned(ownerId, id))
        .returning();
      return row ?? null;
    },

    /** Marks the experiment as changed (plate saves, bench edits); false if not found. */
    async touch(ownerId: string, id: number): Promise<boolean> {
      const rows = await db
        .update(experiments)
        .set({ updatedAt: sql`clock_timestamp()` })
        .where(owned(ownerId, id))
        .returning({ id: experiments.id });
      return rows.length > 0;
    },
  };
}

export type ExperimentsRepository = ReturnType<typeof experimentsRepository>;
