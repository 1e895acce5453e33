// Reagent definitions: private to their owner, or public (readable by everyone, writable by
// their owner). Stocks of a definition belong to the user who made them.
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { reagentTypeColor, toDisplayType } from '../../domain/reagent-types';
import type { ReagentCreate } from '../../domain/schemas/reagent';
import type { Db } from '../db/connect';
import { reagentDefinitions } from '../db/schema';

export type DefinitionRow = typeof reagentDefinitions.$inferSelect;
export type Visibility = 'private' | 'public';

/** What the data column keeps: the cleaned create payload and the aliases. */
export interface DefinitionData extends ReagentCreate {
  aliases?: string[];
}

/** A definition as the API answers it. */
export function definitionJsonOf(row: DefinitionRow, userId: string) {
  const d = row.data as Partial<DefinitionData>;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    reagent_type: row.reagentType,
    type: toDisplayType(row.reagentType),
    color: reagentTypeColor(row.reagentType),
    visibility: row.visibility,
    is_owner: row.ownerId === userId,
    default_concentration_value: row.defaultConcentrationValue,
    default_concentration_units: row.defaultConcentrationUnits,
    solvent: row.solvent,
    molecular_weight_g_per_mol: row.molecularWeightGPerMol,
    cells_per_ml: d.cells_per_ml ?? null,
    ph: d.ph ?? null,
    ionic_strength_value: d.ionic_strength_value ?? null,
    ionic_strength_units: d.ionic_strength_units ?? null,
    max_concentration_percent: d.max_concentration_percent ?? null,
    purity_grade: d.purity_grade ?? null,
    supplements: d.supplements ?? null,
    description: d.description ?? null,
    aliases: d.aliases ?? [],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Column values of a validated payload. */
export function definitionValuesOf(payload: ReagentCreate, slug: string, aliases: string[]) {
  return {
    slug,
    name: payload.name,
    reagentType: payload.reagent_type,
    defaultConcentrationValue: payload.default_concentration_value,
    defaultConcentrationUnits: payload.default_concentration_units,
    solvent: payload.solvent,
    molecularWeightGPerMol: payload.molecular_weight_g_per_mol,
    data: { ...payload, slug, aliases } as Record<string, unknown>,
  };
}

const readable = (userId: string) =>
  or(eq(reagentDefinitions.visibility, 'public'), eq(reagentDefinitions.ownerId, userId));

/** Filters of GET /definitions. */
export interface DefinitionFilter {
  visibility: 'private' | 'public' | 'all';
  reagentType?: string | null;
  search?: string | null;
}

/** Data access for definitions, as seen by one user. */
export function definitionsRepository(db: Db) {
  return {
    async list(userId: string, filter: DefinitionFilter): Promise<DefinitionRow[]> {
      const conditions: (SQL | undefined)[] = [];
      if (filter.visibility === 'private') {
        conditions.push(
          eq(reagentDefinitions.ownerId, userId),
          eq(reagentDefinitions.visibility, 'private'),
        );
      } else if (filter.visibility === 'public') {
        conditions.push(eq(reagentDefinitions.visibility, 'public'));
      } else {
        conditions.push(readable(userId));
      }
      if (filter.reagentType)
        conditions.push(eq(reagentDefinitions.reagentType, filter.reagentType));
      if (filter.search) {
        const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(ilike(reagentDefinitions.name, like), ilike(reagentDefinitions.slug, like)),
        );
      }
      return db
        .select()
        .from(reagentDefinitions)
        .where(and(...conditions))
        .orderBy(asc(sql`lower(${reagentDefinitions.name})`), asc(reagentDefinitions.id))
        .limit(500);
    },

    /** A definition this user may read; null when none (or someone else's private one). */
    async get(userId: string, id: number): Promise<DefinitionRow | null> {
      const [row] = await db
        .select()
        .from(reagentDefinitions)
        .where(and(eq(reagentDefinitions.id, id), readable(userId)));
      return row ?? null;
    },

    async create(
      userId: string,
      visibility: Visibility,
      values: ReturnType<typeof definitionValuesOf>,
    ): Promise<DefinitionRow> {
      const [row] = await db
        .insert(reagentDefinitions)
        .values({ ...values, ownerId: userId, visibility })
        .returning();
      return row;
    },

    /** Updates the owner's definition; null when not theirs. */
    async update(
      userId: string,
      id: number,
      visibility: Visibility,
      values: ReturnType<typeof definitionValuesOf>,
    ): Promise<DefinitionRow | null> {
      const [row] = await db
        .update(reagentDefinitions)
        .set({ ...values, visibility, updatedAt: sql`clock_timestamp()` })
        .where(and(eq(reagentDefinitions.id, id), eq(reagentDefinitions.ownerId, userId)))
        .returning();
      return row ?? null;
    },

    /** Deletes the owner's definition (and its stocks); false when not theirs. */
    async remove(userId: string, id: number): Promise<boolean> {
      const rows = await db
        .delete(reagentDefinitions)
        .where(and(eq(reagentDefinitions.id, id), eq(reagentDefinitions.ownerId, userId)))
        .returning({ id: reagentDefinitions.id });
      return rows.length > 0;
    },

    /** Every public definition (the catalog adds them to the seed). */
    async listPublic(): Promise<DefinitionRow[]> {
      return db
        .select()
        .from(reagentDefinitions)
        .where(eq(reagentDefinitions.visibility, 'public'))
        .orderBy(asc(reagentDefinitions.id));
    },
  };
}

export type DefinitionsRepository = ReturnType<typeof definitionsRepository>;
