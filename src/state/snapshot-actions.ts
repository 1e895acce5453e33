// Snapshots, reverts and plate-type changes: the actions that go through saved versions.
// Each first flushes waiting edits, so a snapshot holds what the user sees.
import { errorMessage } from '../api/api-error';
import type { BenchReagent } from '../api/bench';
import {
  createVersion,
  listVersions,
  restoreVersion,
  type SnapshotReagent,
  type VersionSummary,
} from '../api/versions';
import { subsectionBounds, subsectionCount, type PlateFormat } from '../domain/plate-format';
import { bench } from './bench-store';
import { adoptServerState, commit, flushSaves } from './designer-document';
import { designer } from './designer-store';
import { mapWellsToFormat } from './plate-edits';
import { plateSelection, resetSelection } from './selection-store';

/** The summary every snapshot's version carries (spec section 4). */
export const SNAPSHOT_SUMMARY = 'Saved from new_ui';

/** The 96-well confirmation (spec section 4). */
export const TO_96_QUESTION = 'Switching to 96-well will discard other subsections. Save snapshot?';

/** "Snapshot <n>": one more than the snapshots saved so far. */
export function nextSnapshotLabel(versions: readonly VersionSummary[]): string {
  return `Snapshot ${versions.filter((v) => v.has_snapshot).length + 1}`;
}

/** What a plate-type change asks for: the 96 question, an automatic snapshot, or nothing. */
export function plateTypeChangeKind(
  from: PlateFormat,
  to: PlateFormat,
): 'none' | 'ask-snapshot' | 'auto-snapshot' {
  if (from === to) return 'none';
  if (to === 96 && from > 96) return 'ask-snapshot';
  return 'auto-snapshot';
}

function failure(error: unknown): string {
  return errorMessage(error);
}

/** Reloads the list of saved versions (the snapshots menu). */
export async function refreshSnapshots(): Promise<void> {
  const id = designer.experiment?.id;
  if (id == null) return;
  try {
    const versions = await listVersions(id);
    if (designer.experiment?.id === id) designer.snapshots = versions;
  } catch (error) {
    console.error('Could not load snapshots', error);
  }
}

async function postSnapshot(experimentId: number, name?: string): Promise<VersionSummary> {
  const outcome = await flushSaves();
  if (outcome !== 'saved') throw new Error('The plate has unsaved changes; try again once saved');
  const inventory = bench.reagents.map((r) => ({ ...r }) as SnapshotReagent);
  const saved = await createVersion(experimentId, {
    summary: SNAPSHOT_SUMMARY,
    snapshot: {
      label: name?.trim() || nextSnapshotLabel(designer.snapshots),
      subsection: plateSelection.subsection,
      plate_type: String(designer.format),
      inventory,
    },
  });
  designer.snapshots = [saved, ...designer.snapshots.filter((v) => v.id !== saved.id)];
  return saved;
}

/**
 * Saves the plate layout and the bench as a snapshot named `name` (trimmed; "Snapshot <n>"
 * when blank or not given); null (with actionError) on failure.
 */
export async function saveSnapshot(name?: string): Promise<VersionSummary | null> {
  const id = designer.experiment?.id;
  if (id == null || designer.busy) return null;
  designer.busy = 'snapshot';
  designer.actionError = null;
  try {
    return await postSnapshot(id, name);
  } catch (error) {
    designer.actionError = `Snapshot not saved: ${failure(error)}`;
    return null;
  } finally {
    designer.busy = null;
  }
}

/**
 * Restores a snapshot: wells, plate type, subsection and bench inventory; the selection is
 * cleared. The plate before it stays one Undo away.
 */
export async function revertSnapshot(versionId: number): Promise<boolean> {
  const id = designer.experiment?.id;
  if (id == null || designer.busy) return false;
  designer.busy = 'revert';
  designer.actionError = null;
  try {
    await flushSaves();
    const result = await restoreVersion<BenchReagent>(id, versionId);
    if (designer.experiment?.id !== id) return false;
    adoptServerState(result.plate);
    designer.experiment = result.experiment;
    if (Array.isArray(result.bench)) {
      bench.reagents = result.bench.toSorted(
        (a, b) =>
          a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
          a.slug.localeCompare(b.slug),
      );
    }
    const format = result.plate.defn.format;
    const wanted = result.snapshot?.subsection ?? 0;
    const subsection = wanted >= 0 && wanted < Math.max(1, subsectionCount(format)) ? wanted : 0;
    resetSelection(plateSelection, format, subsection);
    designer.subsection = subsection;
    void refreshSnapshots();
    return true;
  } catch (error) {
    designer.actionError = `Snapshot not restored: ${failure(error)}`;
    return false;
  } finally {
    designer.busy = null;
  }
}

/**
 * Changes the plate type. To 96 from a larger plate only the current subsection is kept
 * (snapshot first when `snapshot` is true: the caller asked the question); to any other type
 * a snapshot is saved automatically and the wells that fit are kept. The subsection resets to
 * the first. False when it did not happen.
 */
export async function changePlateType(
  to: PlateFormat,
  options: { snapshot?: boolean } = {},
): Promise<boolean> {
  const from = designer.format;
  const kind = plateTypeChangeKind(from, to);
  const id = designer.experiment?.id;
  if (kind === 'none' || id == null || designer.busy) return false;
  const takeSnapshot = kind === 'auto-snapshot' || options.snapshot === true;
  designer.busy = 'plate-type';
  designer.actionError = null;
  try {
    if (takeSnapshot && Object.keys(designer.wells).length > 0) await postSnapshot(id);
    const block = subsectionBounds(from, plateSelection.subsection);
    commit({ format: to, wells: mapWellsToFormat(designer.wells, from, to, block) });
    if (designer.experiment)
      designer.experiment.plate_type = String(to) as typeof designer.experiment.plate_type;
    resetSelection(plateSelection, to, 0);
    designer.subsection = 0;
    return true;
  } catch (error) {
    designer.actionError = `Plate type not changed: ${failure(error)}`;
    return false;
  } finally {
    designer.busy = null;
  }
}
