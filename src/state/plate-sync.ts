// Live sync of the open plate with other writers (other tabs, the assistant): a
// `plate_changed` event that follows this tab's version and carries the changed wells is
// applied with no request; otherwise the changes since this tab's version are fetched, and
// only when the server no longer has them (410) the whole plate (compact form). Unsaved edits
// of the user stay on top (designer-session.ts); the sync state is the session's. While a save is in flight its answer
// decides (a 409 carries the changes); the catch-up runs once the saves are idle.
import { busyRetryMs } from '../api/api-error';
import { getPlateCompact, getPlateSince, type PlateChanges } from '../api/plate';
import type { HelloEvent, PlateChangedEvent } from '../domain/schemas/event';
import { designerSession } from './designer-document';
import type { DesignerSession, SyncState } from './designer-session';
import { designer } from './designer-store';

/** The changes a `plate_changed` event carries, or null when it carries none. */
export function changesOfEvent(event: PlateChangedEvent): PlateChanges | null {
  const { version, base_version, hash, changed, removed } = event;
  if (!changed) return null;
  return { from: base_version, version, hash, changed, removed: removed ?? [] };
}

function behind(session: DesignerSession, s: SyncState): boolean {
  return s.announced > session.version;
}

function isCurrent(session: DesignerSession, s: SyncState): boolean {
  return (
    session.sync === s &&
    designerSession() === session &&
    designer.experiment?.id === session.experimentId
  );
}

async function catchUp(session: DesignerSession, s: SyncState): Promise<void> {
  if (s.fetching || session.sync !== s) return;
  s.fetching = true;
  try {
    for (;;) {
      // Stop when closed, caught up, or a save went out (its answer decides).
      if (!isCurrent(session, s) || !behind(session, s) || session.sending) return;
      const from = session.version;
      const changes = await getPlateSince(session.experimentId, from);
      if (!isCurrent(session, s)) return;
      if (changes && changes.version <= from) {
        s.announced = changes.version; // nothing newer after all
        return;
      }
      if (changes) {
        // Refused when a save went out meanwhile (its answer decides) or our version moved.
        if (!session.applyServerChanges(changes)) return;
        continue;
      }
      const plate = await getPlateCompact(session.experimentId);
      if (!plate || !isCurrent(session, s) || session.sending) return;
      session.applyServerPlate(plate);
      return;
    }
  } catch (error) {
    // a busy server asked to come back later: the changes are still to be read then
    const wait = busyRetryMs(error);
    if (wait !== null) {
      setTimeout(() => {
        if (isCurrent(session, s)) void catchUp(session, s);
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
  const session = designerSession();
  const s = session?.sync;
  if (!session || !s || event.experiment_id !== session.experimentId) return;
  s.announced = Math.max(s.announced, event.version);
  if (!behind(session, s) || session.sending) return; // our own write's echo, or the save decides
  const changes = changesOfEvent(event);
  if (changes && changes.from === session.version && session.applyServerChanges(changes)) return;
  void catchUp(session, s);
}

/**
 * The stream's "hello" on (re)connecting, with the plate's version: a write made before the
 * stream listened was never heard as an event, so a newer version is followed like one.
 */
export function onStreamHello(event: HelloEvent): void {
  const session = designerSession();
  if (!session || event.version === null || event.version <= session.version) return;
  // No wells come with it: the changes since our version are asked for.
  onPlateChanged({
    type: 'plate_changed',
    experiment_id: event.experiment_id,
    at: event.at,
    version: event.version,
    base_version: session.version,
    hash: '',
    changed: null,
    removed: null,
  });
}

/** Starts following the session's plate; returns the function that stops it. */
export function followPlate(session: DesignerSession): () => void {
  const s: SyncState = { announced: 0, fetching: false };
  session.sync = s;
  session.onSavesIdle(() => {
    if (session.sync === s && behind(session, s)) void catchUp(session, s);
  });
  return () => {
    if (session.sync !== s) return;
    session.sync = null;
    session.onSavesIdle(null);
  };
}
