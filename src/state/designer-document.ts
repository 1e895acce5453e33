// The engine under every plate edit: commit a new document (shown at once, recorded for
// undo, queued for saving), undo/redo, and taking over a state the server answered (load,
// restore, conflict). Store actions call these; nothing else writes the document.
import { getPlate, putPlate } from '../api/plate';
import { plateDefn } from '../domain/plate-format';
import { wireWellsOf, type PlateState } from '../domain/plate-state';
import {
  currentDocument,
  designer,
  showDocument,
  showPlate,
  type PlateDocument,
} from './designer-store';
import { SaveQueue, type FlushOutcome } from './save-queue';
import * as history from './undo-history';

let undoHistory = history.emptyHistory<PlateDocument>();
let queue: SaveQueue<PlateDocument> | null = null;

function syncUndoFlags(): void {
  const u = history.canUndo(undoHistory);
  const r = history.canRedo(undoHistory);
  if (designer.canUndo !== u) designer.canUndo = u;
  if (designer.canRedo !== r) designer.canRedo = r;
}

/** The document of a server plate state. */
export function documentOfState(state: PlateState): PlateDocument {
  return { format: state.defn.format, wells: wireWellsOf(state) };
}

/** The PUT of one experiment's document. */
export function plateSender(experimentId: number) {
  return (doc: PlateDocument, based: number): Promise<PlateState> =>
    putPlate(experimentId, { version: based, defn: plateDefn(doc.format), wells: doc.wells });
}

/**
 * Starts the save pipeline for a freshly loaded plate at `version`, with an empty undo
 * history. `send` is the PUT (replaceable for tests of the pipeline itself).
 */
export function startDocument(
  experimentId: number,
  version: number,
  send: (doc: PlateDocument, based: number) => Promise<PlateState> = plateSender(experimentId),
  options: { coalesceMs?: number; retryBaseMs?: number } = {},
): void {
  queue?.dispose();
  undoHistory = history.emptyHistory();
  syncUndoFlags();
  queue = new SaveQueue<PlateDocument>(
    {
      send,
      onSaved: (state, _doc, settled) => {
        showPlate(state);
        if (
          settled &&
          designer.experiment &&
          state.defn.format !== Number(designer.experiment.plate_type)
        ) {
          designer.experiment.plate_type = String(
            state.defn.format,
          ) as typeof designer.experiment.plate_type;
        }
      },
      onConflict: (current, _message, refused) => {
        // The refused edit goes onto the undo stack: one Undo brings it back (and saves it
        // on top of the newer version), so nothing the user did is lost.
        undoHistory = history.record(undoHistory, refused);
        syncUndoFlags();
        if (current) {
          showPlate(current);
          showDocument(documentOfState(current));
        } else {
          void reloadPlate();
        }
      },
      onStatus: (status, error) => {
        designer.saveStatus = status;
        designer.saveError = error;
      },
      ...options,
    },
    version,
  );
}

/** Stops saving (leaving the designer); waiting edits are flushed first by the caller. */
export function stopDocument(): void {
  queue?.dispose();
  queue = null;
}

/** Shows the next document, records the current one for undo and queues the save. */
export function commit(next: PlateDocument): void {
  const before = currentDocument();
  if (next.format === before.format && next.wells === before.wells) return;
  undoHistory = history.record(undoHistory, before);
  syncUndoFlags();
  showDocument(next);
  queue?.schedule(next);
}

/** Steps back one edit; false when there is nothing to undo. */
export function undoEdit(): boolean {
  const step = history.undo(undoHistory, currentDocument());
  if (!step) return false;
  undoHistory = step.history;
  syncUndoFlags();
  showDocument(step.document);
  queue?.schedule(step.document);
  return true;
}

/** Steps forward one undone edit; false when there is nothing to redo. */
export function redoEdit(): boolean {
  const step = history.redo(undoHistory, currentDocument());
  if (!step) return false;
  undoHistory = step.history;
  syncUndoFlags();
  showDocument(step.document);
  queue?.schedule(step.document);
  return true;
}

/**
 * Takes over a state the server already holds (a restore, an assistant's plate): shown and
 * confirmed at once, recorded for undo, nothing to save.
 */
export function adoptServerState(state: PlateState, recordForUndo = true): void {
  if (recordForUndo) {
    undoHistory = history.record(undoHistory, currentDocument());
    syncUndoFlags();
  }
  showPlate(state);
  showDocument(documentOfState(state));
  queue?.reset(state.version);
}

/** Sends waiting edits now; resolves when they landed (or failed). */
export function flushSaves(): Promise<FlushOutcome> {
  return queue ? queue.flush() : Promise.resolve('saved');
}

/** True when no edit waits or is in flight. */
export function savesIdle(): boolean {
  return queue ? queue.idle : true;
}

/** The server version the next save is based on, or null before a load. */
export function baseVersion(): number | null {
  return queue ? queue.version : null;
}

/** Fetches the server's plate and shows it, dropping nothing from the undo history. */
export async function reloadPlate(): Promise<void> {
  const id = designer.experiment?.id;
  if (id == null) return;
  try {
    const state = await getPlate(id);
    // An edit made while the plate was on its way wins: its save meets the 409 and the
    // conflict path takes over, so nothing the user did is replaced here.
    if (!state || designer.experiment?.id !== id || !savesIdle()) return;
    if (state.version === baseVersion() && designer.plate?.version === state.version) return;
    adoptServerState(state, false);
  } catch (error) {
    console.error('Could not reload the plate', error);
  }
}
