// The engine under every plate edit: commit a new document (shown at once, recorded for
// undo, queued for saving), undo/redo, and taking over what the server holds (load, restore,
// conflict, other writers' changes). Store actions call these; nothing else writes the
// document.
//
// Saving sends ops, not plates: the queue hands over the latest document and the sender
// diffs it against the document the server last confirmed (`confirmed`), so every edit made
// in between travels as one put of the wells it touched. A plate-type change (another format)
// still PUTs the whole plate. Other writers' changes are applied to `confirmed` and the
// user's unsaved edits are re-applied on top, so neither side's work is lost.
import { ApiError } from '../api/api-error';
import {
  getPlateCompact,
  patchPlate,
  putPlate,
  type PlateChanges,
  type PlatePatched,
  type WirePlate,
} from '../api/plate';
import { plateDefn } from '../domain/plate-format';
import { wireWellsOf, type PlateState, type WireWells } from '../domain/plate-state';
import { putBackOnBench, takeOffBench } from './bench-actions';
import { bench } from './bench-store';
import { benchAdditionsOf, carryBenchAdditions, slugsToTakeOff } from './bench-undo';
import {
  currentDocument,
  designer,
  showDocument,
  showPlate,
  type PlateDocument,
} from './designer-store';
import { applyWireChanges, documentOps, rebaseWells } from './document-ops';
import { previewState } from './plate-preview';
import { SaveQueue, type FlushOutcome } from './save-queue';
import * as history from './undo-history';

/** What a save answers: a whole state (PUT), the changed wells (PATCH), or nothing sent. */
export type SaveAnswer = PlateState | PlatePatched | { version: number };

/** Sends a document based on a version (the PATCH or PUT; replaceable in tests). */
export type DocumentSender = (doc: PlateDocument, based: number) => Promise<SaveAnswer>;

let undoHistory = history.emptyHistory<PlateDocument>();
let queue: SaveQueue<PlateDocument, SaveAnswer> | null = null;
// The document the server holds at `version`, as far as this tab knows.
let confirmed: { version: number; doc: PlateDocument } | null = null;
let idleListener: (() => void) | null = null;

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

function isFullState(answer: SaveAnswer): answer is PlateState {
  return 'indices' in answer;
}

function isPatched(answer: SaveAnswer): answer is PlatePatched {
  return 'changed' in answer;
}

/** PATCH or PUT of one experiment's document (see the header). */
export function plateSender(experimentId: number): DocumentSender {
  const put = (doc: PlateDocument, based: number) =>
    putPlate(experimentId, { version: based, defn: plateDefn(doc.format), wells: doc.wells });
  return async (doc, based) => {
    const base = confirmed;
    if (!base || base.version !== based || base.doc.format !== doc.format) return put(doc, based);
    const ops = documentOps(base.doc.wells, doc.wells);
    if (ops.length === 0) return { version: based }; // e.g. undone back to the saved plate
    try {
      return await patchPlate(experimentId, { version: based, ops });
    } catch (error) {
      // A server without PATCH /plate (404/405) still takes the whole plate.
      if (error instanceof ApiError && (error.status === 404 || error.status === 405)) {
        return put(doc, based);
      }
      throw error;
    }
  };
}

/**
 * The server's plate state after a PATCH: the previous state with the changed wells (their
 * derived values as the server computed them), without the removed ones, and the index
 * entries that moved.
 */
export function plateAfterPatch(plate: PlateState, patched: PlatePatched): PlateState {
  const wells = { ...plate.wells, ...patched.changed };
  for (const id of patched.removed) delete wells[id];
  const indices = { ...plate.indices };
  const moved = patched.indices_changed ?? {};
  for (const name of ['by_sample', 'by_col', 'tags', 'by_target'] as const) {
    const entries = moved[name];
    if (!entries) continue;
    const index = { ...indices[name] };
    for (const [key, ids] of Object.entries(entries)) {
      if (ids.length > 0) index[key] = ids;
      else delete index[key];
    }
    indices[name] = index;
  }
  if (moved.unmet) indices.unmet = moved.unmet;
  return { ...plate, wells, indices, version: patched.version, hash: patched.hash };
}

// The confirmed plate's state computed on the client (derived values with the bench as known
// now); the server's hash is kept, the client computes none.
function showConfirmedPlate(doc: PlateDocument, version: number, hash: string): void {
  const state = previewState(doc.format, doc.wells, bench.reagents, version);
  showPlate({ ...state, hash });
}

function landed(answer: SaveAnswer, doc: PlateDocument, settled: boolean): void {
  confirmed = { version: answer.version, doc };
  if (isFullState(answer)) showPlate(answer);
  else if (isPatched(answer) && designer.plate?.defn.format === doc.format) {
    showPlate(plateAfterPatch(designer.plate, answer));
  } else if (isPatched(answer)) showConfirmedPlate(doc, answer.version, answer.hash);
  if (settled && designer.experiment && doc.format !== Number(designer.experiment.plate_type)) {
    designer.experiment.plate_type = String(doc.format) as typeof designer.experiment.plate_type;
  }
}

/**
 * Moves the confirmed document to the server's newer wells and re-applies the user's unsaved
 * edits on top; the undo history gets the same changes, so an Undo takes back only the
 * user's own edit. Returns the document now shown, or null when the edits do not apply
 * (then nothing was changed).
 */
function moveConfirmed(
  version: number,
  hash: string,
  next: WireWells,
  change: (wells: WireWells) => WireWells,
): PlateDocument | null {
  const base = confirmed;
  if (!base) return null;
  const format = base.doc.format;
  const current = currentDocument();
  if (current.format !== format) return null;
  const edited = rebaseWells(plateDefn(format), base.doc.wells, current.wells, next);
  if (!edited) return null;
  confirmed = { version, doc: { format, wells: next } };
  const moved = (d: PlateDocument): PlateDocument => {
    if (d.format !== format) return d;
    const wells = change(d.wells);
    carryBenchAdditions(d.wells, wells);
    return { format, wells };
  };
  undoHistory = {
    ...undoHistory,
    past: undoHistory.past.map(moved),
    future: undoHistory.future.map(moved),
  };
  carryBenchAdditions(current.wells, edited);
  const doc = { format, wells: edited };
  showDocument(doc);
  showConfirmedPlate(confirmed.doc, version, hash);
  return doc;
}

// The server's answer to a stale PATCH carries the changes since our version: move onto them.
function rebaseOnConflict(body: unknown): { doc: PlateDocument; version: number } | null {
  const since = (body as { since?: PlateChanges } | null)?.since;
  if (!since || !confirmed || since.from !== confirmed.version) return null;
  const change = (w: WireWells) => applyWireChanges(w, since.changed, since.removed);
  const doc = moveConfirmed(since.version, since.hash, change(confirmed.doc.wells), change);
  return doc && { doc, version: since.version };
}

/**
 * Starts the save pipeline for a freshly loaded plate at `version`, with an empty undo
 * history. `send` is the PATCH/PUT (replaceable for tests of the pipeline itself).
 */
export function startDocument(
  experimentId: number,
  version: number,
  send: DocumentSender = plateSender(experimentId),
  options: { coalesceMs?: number; retryBaseMs?: number } = {},
): void {
  queue?.dispose();
  undoHistory = history.emptyHistory();
  syncUndoFlags();
  confirmed = null;
  queue = new SaveQueue<PlateDocument, SaveAnswer>(
    {
      send,
      onSaved: landed,
      rebase: (body) => rebaseOnConflict(body),
      onConflict: (current, _message, refused) => {
        // The refused edit goes onto the undo stack: one Undo brings it back (and saves it
        // on top of the newer version), so nothing the user did is lost.
        undoHistory = history.record(undoHistory, refused);
        syncUndoFlags();
        if (current) {
          confirmed = { version: current.version, doc: documentOfState(current) };
          showPlate(current);
          showDocument(confirmed.doc);
        } else {
          void reloadAfterConflict(experimentId);
        }
      },
      onStatus: (status, error) => {
        designer.saveStatus = status;
        designer.saveError = error;
        if (status === 'saved' && queue?.idle) idleListener?.();
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
  confirmed = null;
}

/** Called each time the saves settle with nothing waiting (live sync catches up then). */
export function onSavesIdle(listener: (() => void) | null): void {
  idleListener = listener;
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

/**
 * Steps back one edit; false when there is nothing to undo. Reagents the edit put on the
 * bench leave it again once the wells without them are saved.
 */
export function undoEdit(): boolean {
  const present = currentDocument();
  const step = history.undo(undoHistory, present);
  if (!step) return false;
  undoHistory = step.history;
  syncUndoFlags();
  showDocument(step.document);
  queue?.schedule(step.document);
  const slugs = slugsToTakeOff(benchAdditionsOf(present.wells), step.document.wells);
  if (slugs.length > 0) void flushSaves().then(() => takeOffBench(slugs));
  return true;
}

/**
 * Steps forward one undone edit; false when there is nothing to redo. Reagents the edit had
 * put on the bench go back first: the server takes wells only with their reagents on it.
 */
export function redoEdit(): boolean {
  const step = history.redo(undoHistory, currentDocument());
  if (!step) return false;
  undoHistory = step.history;
  syncUndoFlags();
  showDocument(step.document);
  const added = benchAdditionsOf(step.document.wells);
  if (added.length === 0) queue?.schedule(step.document);
  else void putBackOnBench(added).then(() => queue?.schedule(currentDocument()));
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
  const doc = documentOfState(state);
  confirmed = { version: state.version, doc };
  showPlate(state);
  showDocument(doc);
  queue?.reset(state.version);
}

/**
 * Takes over the plate as decided on the server (the compact form): confirmed at once, the
 * derived values computed here, nothing to save.
 */
export function adoptWirePlate(plate: WirePlate, recordForUndo = true): void {
  if (recordForUndo) {
    undoHistory = history.record(undoHistory, currentDocument());
    syncUndoFlags();
  }
  const doc = { format: plate.defn.format, wells: plate.wells };
  confirmed = { version: plate.version, doc };
  showConfirmedPlate(doc, plate.version, plate.hash);
  showDocument(doc);
  queue?.reset(plate.version);
}

/**
 * Changes the server made for this user (the assistant's turn, as plate_changes), taken
 * over like adoptServerState: confirmed at once and recorded for undo. False when they do
 * not follow the confirmed version (fetch the whole plate then); true as well when the
 * plate's event brought them first.
 */
export function adoptServerChanges(changes: PlateChanges): boolean {
  if (!confirmed) return false;
  if (confirmed.version === changes.version) return true;
  if (confirmed.version !== changes.from) return false;
  const wells = applyWireChanges(confirmed.doc.wells, changes.changed, changes.removed);
  const defn = plateDefn(confirmed.doc.format);
  adoptWirePlate({ version: changes.version, hash: changes.hash, defn, wells });
  return true;
}

/**
 * Other writers' changes (an event or GET /plate?since=) on top of the confirmed version;
 * unsaved edits of the user are kept on top. False when they do not follow the confirmed
 * version, a save is in flight (its answer decides), or the edits no longer apply.
 */
export function applyServerChanges(changes: PlateChanges): boolean {
  if (!queue || !confirmed || queue.sending || changes.from !== confirmed.version) return false;
  const change = (w: WireWells) => applyWireChanges(w, changes.changed, changes.removed);
  const waiting = !queue.idle;
  const doc = moveConfirmed(changes.version, changes.hash, change(confirmed.doc.wells), change);
  if (!doc) return false;
  queue.rebase(changes.version, waiting ? doc : null);
  return true;
}

/**
 * The whole plate fetched after other writers' changes that could not be had as changes:
 * unsaved edits of the user are kept on top when they still apply, else it is adopted as is.
 */
export function applyServerPlate(plate: WirePlate): void {
  if (!queue || queue.sending || (confirmed && plate.version <= confirmed.version)) return;
  if (confirmed && confirmed.doc.format === plate.defn.format) {
    const waiting = !queue.idle;
    const next = plate.wells;
    const doc = moveConfirmed(plate.version, plate.hash, next, (w) => w);
    if (doc) {
      queue.rebase(plate.version, waiting ? doc : null);
      return;
    }
  }
  adoptWirePlate(plate, false);
}

/** Sends waiting edits now; resolves when they landed (or failed). */
export function flushSaves(): Promise<FlushOutcome> {
  return queue ? queue.flush() : Promise.resolve('saved');
}

/** True when no edit waits or is in flight. */
export function savesIdle(): boolean {
  return queue ? queue.idle : true;
}

/** True while a save request is on its way. */
export function saveInFlight(): boolean {
  return queue ? queue.sending : false;
}

/** The server version the next save is based on, or null before a load. */
export function baseVersion(): number | null {
  return queue ? queue.version : null;
}

// The plate after a refused save that could not be rebased: shown and confirmed, the
// conflict message staying in the top bar until the next edit.
async function reloadAfterConflict(experimentId: number): Promise<void> {
  try {
    const plate = await getPlateCompact(experimentId);
    if (!plate || !queue || designer.experiment?.id !== experimentId || !queue.idle) return;
    const doc = { format: plate.defn.format, wells: plate.wells };
    confirmed = { version: plate.version, doc };
    showConfirmedPlate(doc, plate.version, plate.hash);
    showDocument(doc);
    queue.rebase(plate.version, null);
  } catch (error) {
    console.error('Could not reload the plate', error);
  }
}
