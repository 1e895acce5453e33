// What the version routes answer that holds a plate (API.md "Versions and snapshots"): one
// version with its state, and a restore with the plate, bench and experiment after it.
import { z } from 'zod';
import { experimentSchema } from './experiment';
import { plateStateSchema } from './plate-answer';
import { benchReagentSchema } from './reagent';
import { snapshotAnswerSchema, versionSummarySchema } from './version';

/** GET .../versions/{versionId}: the version, its plate state and its snapshot. */
export const versionDetailSchema = versionSummarySchema.extend({
  state: plateStateSchema,
  snapshot: snapshotAnswerSchema.nullable(),
});

/** POST .../versions/{versionId}/restore: the plate now, the bench after it, the snapshot. */
export const restoreAnswerSchema = z.object({
  plate: plateStateSchema,
  bench: z.array(benchReagentSchema),
  experiment: experimentSchema,
  snapshot: snapshotAnswerSchema.nullable(),
});

export type VersionSummary = z.output<typeof versionSummarySchema>;
export type VersionDetail = z.output<typeof versionDetailSchema>;
export type RestoreAnswer = z.output<typeof restoreAnswerSchema>;
export type SnapshotAnswer = z.output<typeof snapshotAnswerSchema>;
