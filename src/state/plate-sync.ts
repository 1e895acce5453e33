// Live sync of the open plate with other writers (other tabs, the assistant): a
// `plate_changed` event that follows this tab's version and carries the changed wells is
// applied with no request; otherwise the changes since this tab's version are fetched, and
// only when the server no longer has them (410) the whole plate (compact form). Unsaved edits
// of the user stay on top (designer-document.ts). While a save is in flight its answer
// decides (a 409 carries the changes); the catch-up runs once the saves are idle.
import { busyRetryMs } from '../api/api-error';
import { getPlateCompact, getPlateSince, type PlateChanges } from '../api/plate';
import type { HelloEvent, PlateChangedEvent } from '../domain/schemas/event';
import {
  applyServerChanges,
  applyServerPlate,
  baseVersion,
  onSavesIdle,
  saveInFlight,
} from './designer-document';
import { designer } from './designer-store';

/** The changes a `plate_changed` event carries, or null when it carries none. */
export function changesOfEvent(event: PlateChangedEvent): PlateChanges | null {
  const { version, base_version, hash, changed, removed } = event;
  if (!changed) return null;
  return { from: base_version, version, hash, changed, removed: removed ?? [] };
}

interface SyncState {
  experimentId: number;
  /** The newest version announced by the server. */
  announced: number;
  /** A catch-up request is running. */
  fetching: boolean;
}

let sync: SyncState | null = null;

function behind(s: SyncState): boolean {
  const local = baseVersion();
  return local !== null && s.announced > local;
}

function isCurrent(s: SyncState): boolean {
  return sync === s && designer.experiment?.id === s.experimentId;
}

async function catchUp(s: SyncState): Promise<void> {
  if (s.fetching || sync !== s) return;
  s.fetching = true;
  try {
    for (;;) {
      const from = baseVersion();
      // Stop when closed, caught up, or a save went out (its answer decides).
      if (!isCurrent(s) || from === null || !behind(s) || saveInFlight()) return;
      const changes = await getPlateSince(s.experimentId, from);
      if (!isCurrent(s)) return;
      if (changes && changes.version <= from) {
        s.announced = changes.version; // nothing newer after all
        return;
      }
      if (changes) {
        // Refused when a save went out meanwhile (its answer decides) or our version moved.
        if (!applyServerChanges(changes)) return;
        continue;
      }
      const plate = await getPlateCompact(s.experimentId);
      if (!plate || !isCurrent(s) || saveInFlight()) return;
      applyServerPlate(plate);
      return;
    }
  } catch (error) {
    // a busy server asked to come back later: the changes are still to be read then
    const wait = busyRetryMs(error);
    if (wait !== null) {
      setTimeout(() => {
        if (isCurrent(s)) void catchUp(s);
      }, wait);
      return;
    }
    console.error('Could not follow the plate', error);
  } finally {
    s.fetching = false;
  }
}

/** Handles one `plate_changed` event of the open experiment. */
export function onPlateChanged(event: PlateChangedEvent): void {
  const s = sync;
  if (!s || event.experiment_id !== s.experimentId) return;
  s.announced = Math.max(s.announced, event.version);
  if (!behind(s) || saveInFlight()) return; // our own write's echo, or the save decides
  const changes = changesOfEvent(event);
  if (changes && changes.from === baseVersion() && applyServerChanges(changes)) return;
  void catchUp(s);
}

/**
 * The stream's "hello" on (re)connecting, with the plate's version: a write made before the
 * stream listened was never heard as an event, so a newer version is followed like one.
 */
export function onStreamHello(event: HelloEvent): void {
  const local = baseVersion();
  if (event.version === null || local === null || event.version <= local) return;
  // No wells come with it: the changes since our version are asked for.
  onPlateChanged({
    type: 'plate_changed',
    experiment_id: event.experiment_id,
    at: event.at,
    version: event.version,
    base_version: local,
    hash: '',
    changed: null,
    removed: null,
  });
}

/** Starts following the plate of an experiment; returns the function that stops it. */
export function followPlate(experimentId: number): () => void {
  const s: SyncState = { experimentId, announced: 0, fetching: false };
  sync = s;
  onSavesIdle(() => {
    if (sync === s && behind(s)) void catchUp(s);
  });
  return () => {
    if (sync !== s) return;
    sync = null;
    onSavesIdle(null);
  };
}
