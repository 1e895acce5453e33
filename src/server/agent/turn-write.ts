/**
 * What an assistant turn writes: its change as the next plate version (with the catalog
 * reagents it put on the bench, a saved version of the plate before when the newest one is
 * not, and a saved version of the result), and the undo of its last change in a thread.
 */
import type { PlateState } from '../../domain/plate-state';
import { reagentCreateSchema } from '../../domain/schemas/reagent';
import type { CatalogReagent } from '../catalog/catalog-seed';
import type { Db } from '../db/connect';
import type {
  AppliedOps,
  PlateEdit,
  WriteRequest,
  WriteResult as PlateWriteResult,
  Written as PlateWritten,
} from '../plate/plate-writer';
import { benchFacts, type BenchFacts, type PlateService } from '../plate/plate-service';
import { insertBench } from '../repositories/bench';
import { benchInsertOf } from '../repositories/bench-json';
import type { ChatMessageJson, ChatRepository } from '../repositories/chat';
import { readPlateLogRange, type StoredPlate } from '../repositories/plates';
import {
  getVersion,
  insertVersion,
  latestVersionRef,
  plateVersionOf,
} from '../repositories/versions';
import type { CallsResult } from './run-calls';

/** The assistant's name in the plate log and in the progress and observation feeds. */
export const AGENT_NAME = 'plate-assistant';

/** What writing a turn needs from the server. */
export interface WriteDeps {
  db: Db;
  plates: PlateService;
  chat: Pick<ChatRepository, 'changeMessages'>;
}

/** Whose turn, on which experiment, in which thread. */
export interface WriteInput {
  ownerId: string;
  experiment: { id: number };
  threadId: string;
}

/** The plate moved on while the turn worked: the turn starts again on the new plate. */
export class StalePlate extends Error {}

/** The plate refused the change (a well it cannot hold): said, nothing written. */
export class RefusedChange extends Error {}

/** The facts an assistant message keeps for undo. */
export interface ChangeData {
  kind: 'change' | 'undo';
  version_id: number;
  before_version_id?: number;
  undid_version_id?: number;
  summary?: string;
}

function createPayloadOf(e: CatalogReagent) {
  return reagentCreateSchema.parse({
    name: e.name,
    reagent_type: e.reagent_type,
    solvent: e.solvent,
    default_concentration_units: e.default_concentration_units,
    default_concentration_value: e.default_concentration_value,
    molecular_weight_g_per_mol: e.molecular_weight_g_per_mol,
    cells_per_ml: e.cells_per_ml ?? null,
    ph: e.ph,
    ionic_strength_value: e.ionic_strength_mM ?? null,
    ionic_strength_units: e.ionic_strength_mM != null ? 'mM' : null,
    max_concentration_percent: e.max_concentration_percent,
    description: e.description,
    slug: e.slug,
  });
}

/** The turn's effect once written: the new state and its version row. */
export interface Written {
  state: PlateState;
  versionId: number;
  /** the plate write (the plate service's door published it once it committed) */
  write: PlateWritten;
}

/**
 * Writes wells as the next plate version (only if the plate is still `plate.version`),
 * with the catalog reagents the change put on the bench and a version row. The plate
 * before is kept as a version too, unless the newest version already holds it.
 */
export async function writeChange(
  deps: WriteDeps,
  input: WriteInput,
  plate: StoredPlate,
  result: CallsResult,
  summary: string,
  benchRead: BenchFacts,
  /** the turn's own application of the ops (see AppliedOps), when it has one */
  applied?: AppliedOps,
): Promise<Written & { beforeId: number }> {
  const experimentId = input.experiment.id;
  return deps.plates.write(async (tx, store) => {
    for (const add of result.benchAdds)
      await insertBench(tx, benchInsertOf(experimentId, createPayloadOf(add)));
    // The bench read for planning still holds unless this change put reagents on it.
    const bench = result.benchAdds.length > 0 ? await benchFacts(tx, experimentId) : benchRead;
    const last = await latestVersionRef(tx, experimentId);
    let beforeId = last?.id;
    // Versions are saved with the plate version of their moment, and every plate write bumps
    // it: a newest version row at the current plate version holds the current plate.
    if (!last || last.version !== plate.version) {
      const before = await insertVersion(tx, {
        experimentId,
        version: plate.version,
        summary: 'Before the assistant’s change',
        plate: { defn: plate.defn, wells: plate.wells, hash: plate.hash },
        snapshot: null,
      });
      beforeId = before.id;
    }
    const written = await storeVersioned(
      store,
      input,
      plate,
      { ops: result.plateOps, applied },
      summary,
      bench,
    );
    return { ...written, beforeId: beforeId! };
  });
}

/**
 * Stores wells as the next plate version through the plate service's door, only if the plate
 * is still at `plate.version` (StalePlate otherwise), kept as a version row with this summary.
 */
async function storeVersioned(
  store: (request: WriteRequest) => Promise<PlateWriteResult>,
  input: WriteInput,
  plate: StoredPlate,
  edit: PlateEdit,
  summary: string,
  bench: BenchFacts,
): Promise<Written> {
  const result = await store({
    ownerId: input.ownerId,
    experimentId: input.experiment.id,
    bench,
    baseVersion: plate.version,
    author: AGENT_NAME,
    edit,
    keepAs: summary,
  });
  if (!result.ok) {
    if (result.stale) throw new StalePlate();
    throw new RefusedChange(
      `I could not write that: ${result.well ? `${result.well}: ` : ''}${result.message}. Nothing changed.`,
    );
  }
  const { live, versionId } = result.written;
  return { state: live.state, versionId: versionId!, write: result.written };
}

/** A write of one version-checked statement: atomic without a transaction of its own. */
function writeVersioned(
  deps: WriteDeps,
  input: WriteInput,
  plate: StoredPlate,
  edit: PlateEdit,
  summary: string,
  bench: BenchFacts,
): Promise<Written> {
  return deps.plates.write(
    (_db, store) => storeVersioned(store, input, plate, edit, summary, bench),
    { transaction: false },
  );
}

function changeDataOf(m: ChatMessageJson): ChangeData | null {
  const d = m.data as Partial<ChangeData> | undefined;
  if (m.role !== 'assistant' || !d || typeof d.version_id !== 'number') return null;
  return d as ChangeData;
}

const CHANGED_SINCE =
  'The plate was changed after my last change, so undoing it would also throw away those edits. Nothing undone; pick a saved version instead.';

/**
 * Restores the plate the assistant's last (not yet undone) change in this thread started
 * from. `bench`: the bench the turn read (the plate's derived values are computed with it,
 * as a change's are).
 */
export async function undoLast(
  deps: WriteDeps,
  input: WriteInput,
  plate: StoredPlate,
  bench: BenchFacts,
): Promise<{ text: string; written?: Written; data?: ChangeData }> {
  const changes = await deps.chat.changeMessages(input.threadId);
  const undone = new Set<number>();
  let target: ChangeData | undefined;
  for (const m of changes) {
    const d = changeDataOf(m);
    if (!d) continue;
    if (d.kind === 'undo') {
      if (d.undid_version_id != null) undone.add(d.undid_version_id);
      continue;
    }
    if (!undone.has(d.version_id) && d.before_version_id != null) {
      target = d;
      break;
    }
  }
  if (!target) return { text: 'There is no change of mine to undo in this conversation.' };
  const experimentId = input.experiment.id;
  const summary = `Undo: ${target.summary ?? 'the assistant’s last change'}`;
  const done = (written: Written) => ({
    text: `Undone: ${target.summary ?? 'my last change'}.`,
    written,
    data: {
      kind: 'undo' as const,
      version_id: written.versionId,
      undid_version_id: target.version_id,
      summary,
    },
  });
  // The change's own log entry holds the wells it changed as they were: putting those back
  // costs what the change cost, not a restore of the whole plate.
  const at = await plateVersionOf(deps.db, experimentId, target.version_id);
  const entry =
    at === null ? undefined : (await readPlateLogRange(deps.db, experimentId, at - 1, at))[0];
  if (entry && entry.version === at) {
    if (entry.hash !== plate.hash) return { text: CHANGED_SINCE };
    const written = await writeVersioned(
      deps,
      input,
      plate,
      { ops: [{ op: 'put', wells: entry.before }] },
      summary,
      bench,
    );
    return done(written);
  }
  // The log no longer reaches back: restore the saved version before the change.
  const after = await getVersion(deps.db, experimentId, target.version_id);
  const before = await getVersion(deps.db, experimentId, target.before_version_id!);
  if (!after || !before)
    return { text: 'That change is no longer in the saved versions; nothing undone.' };
  if (after.plate.hash !== plate.hash) return { text: CHANGED_SINCE };
  const written = await writeVersioned(
    deps,
    input,
    plate,
    { defn: before.plate.defn, wells: before.plate.wells },
    summary,
    bench,
  );
  return done(written);
}
