// Saved plate versions of an experiment (callers check the owner). A version keeps the plate
// as stored (defn and wire wells) and, when saved as a snapshot, the label, subsection,
// plate type and bench inventory of that moment.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PlateDefn } from '../../domain/plate-format';
import type { WireWells } from '../../domain/plate-state';
import type { VersionSnapshot } from '../../domain/schemas/version';
import { plateVersions } from '../db/schema';
import { packWells, unpackWells } from './packed-wells';
import type { DbOrTx } from './bench';

/** The plate kept in a version. */
export interface VersionPlate {
  defn: PlateDefn;
  wells: WireWells;
  hash: string;
}

/** A version as listed: no state, no inventory. */
export interface VersionSummary {
  id: number;
  experiment_id: number;
  version: number;
  summary: string | null;
  label: string | null;
  created_at: string;
  has_snapshot: boolean;
}

const summaryColumns = {
  id: plateVersions.id,
  experimentId: plateVersions.experimentId,
  version: plateVersions.version,
  summary: plateVersions.summary,
  label: sql<string | null>`${plateVersions.snapshot} ->> 'label'`,
  hasSnapshot: sql<boolean>`${plateVersions.snapshot} is not null`,
  createdAt: plateVersions.createdAt,
};

type SummaryRow = {
  id: number;
  experimentId: number;
  version: number;
  summary: string | null;
  label: string | null;
  hasSnapshot: boolean;
  createdAt: Date | string;
};

/** The API's summary of a version row. */
export function versionSummaryOf(row: SummaryRow): VersionSummary {
  return {
    id: row.id,
    experiment_id: row.experimentId,
    version: row.version,
    summary: row.summary,
    label: row.label ?? null,
    created_at: new Date(row.createdAt).toISOString(),
    has_snapshot: Boolean(row.hasSnapshot),
  };
}

/** Saves a version of the plate; returns its summary. */
export async function insertVersion(
  db: DbOrTx,
  values: {
    experimentId: number;
    version: number;
    summary: string | null;
    /** the plate, or its JSON text when the caller has it already (versionPlateText) */
    plate: VersionPlate | string;
    snapshot: VersionSnapshot | null;
  },
): Promise<VersionSummary> {
  const [row] = await db
    .insert(plateVersions)
    .values({
      experimentId: values.experimentId,
      version: values.version,
      summary: values.summary,
      state:
        typeof values.plate === 'string'
          ? values.plate
          : versionStateText(values.plate.defn, values.plate.hash, packWells(values.plate.wells)),
      snapshot: values.snapshot as unknown as Record<string, unknown> | null,
    })
    .returning(summaryColumns);
  return versionSummaryOf(row);
}

/** A version's plate as stored, {defn, hash, wells}, from its wells packed already. */
export function versionStateText(defn: PlateDefn, hash: string, packedWells: string): string {
  return `{"defn":${JSON.stringify(defn)},"hash":${JSON.stringify(hash)},"wells":${packedWells}}`;
}

/** A stored version plate's text as the plate (its wells stored packed, or one by one before). */
function versionPlateOf(text: string): VersionPlate {
  const stored = JSON.parse(text) as Omit<VersionPlate, 'wells'> & { wells: unknown };
  return { ...stored, wells: unpackWells(stored.wells) as WireWells };
}

/** The versions of an experiment, newest first. */
export async function listVersions(db: DbOrTx, experimentId: number): Promise<VersionSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(plateVersions)
    .where(eq(plateVersions.experimentId, experimentId))
    .orderBy(desc(plateVersions.id));
  return rows.map(versionSummaryOf);
}

/** One version of an experiment with its plate and snapshot; null when not there. */
export async function getVersion(
  db: DbOrTx,
  experimentId: number,
  versionId: number,
): Promise<{
  summary: VersionSummary;
  plate: VersionPlate;
  snapshot: VersionSnapshot | null;
} | null> {
  const [row] = await db
    .select({ ...summaryColumns, state: plateVersions.state, snapshot: plateVersions.snapshot })
    .from(plateVersions)
    .where(and(eq(plateVersions.experimentId, experimentId), eq(plateVersions.id, versionId)));
  if (!row) return null;
  return {
    summary: versionSummaryOf(row),
    plate: versionPlateOf(row.state),
    snapshot: (row.snapshot ?? null) as VersionSnapshot | null,
  };
}

/** The plate version a saved version was taken at, without its plate; null when none. */
export async function plateVersionOf(
  db: DbOrTx,
  experimentId: number,
  versionId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ version: plateVersions.version })
    .from(plateVersions)
    .where(and(eq(plateVersions.experimentId, experimentId), eq(plateVersions.id, versionId)));
  return row?.version ?? null;
}

/** The newest saved version of an experiment (its id and plate version); null when none. */
export async function latestVersionRef(
  db: DbOrTx,
  experimentId: number,
): Promise<{ id: number; version: number } | null> {
  const [row] = await db
    .select({ id: plateVersions.id, version: plateVersions.version })
    .from(plateVersions)
    .where(eq(plateVersions.experimentId, experimentId))
    .orderBy(desc(plateVersions.id))
    .limit(1);
  return row ?? null;
}
