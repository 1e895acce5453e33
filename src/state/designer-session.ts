// One open experiment's plate in the designer (ARCHITECTURE.md "Designer session"): its undo
// history, its save queue, the document the server last confirmed, the live-sync state and
// the clipboard. Opening an experiment makes a session, closing it disposes it
// (designer-document.ts keeps the open one); nothing of it outlives the experiment.
//
// Saving sends ops, not plates: the queue hands over the latest document and the sender
// diffs it against the document the server last confirmed (`confirmed`), so every edit made
// in between travels as one put of the wells it touched. A plate-type change (another format)
// still PUTs the whole plate. Other writers' changes are applied to `confirmed`, the user's
// unsaved edits are re-applied on top, and the undo history records them as remote entries
// (undo-history.ts), so neither side's work is lost and the user's entries are never rewritten.
import { ApiError } from '../api/api-error';
import {
  getPlateCompact,
  patchPlate,
  putPlate,
  type PlateChanges,
  type PlatePatched,
  type WirePlate,
} from '../api/plate';
import { plateDefn, type PlateFormat } from '../domain/plate-format';
import { wireWellsOf, type PlateState, type WireWells } from '../domain/plate-state';
import type { WireWell } from '../domain/plate-wire';
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
import type { WellClipboard } from './plate-edits';
import { previewState } from './plate-preview';
import { SaveQueue, type FlushOutcome } from './save-queue';
import * as history from './undo-history';

/** What a save answers: a whole state (PUT), the changed wells (PATCH), or nothing sent. */
export type SaveAnswer = PlateState | PlatePatched | { version: number };

/** Sends a document based on a version (the PATCH or PUT; replaceable in tests). */
export type DocumentSender = (doc: PlateDocument, based: number) => Promise<SaveAnswer>;

/** How a session sends and how long its queue waits (tests shorten the waits). */
export interface SessionOptions {
  /** The PATCH/PUT of the experiment's plate by default. */
  send?: DocumentSender;
  coalesceMs?: number;
  retryBaseMs?: number;
}

/** The document the server holds at `version`, as far as this tab knows. */
interface Confirmed {
  version: number;
  doc: PlateDocument;
}

/** Another writer's change as the undo history keeps it. */
interface RemoteChange {
  format: PlateFormat;
  changed: Readonly<Record<string, WireWell>> | null;
  removed: readonly string[] | null;
}

/** Live sync with other writers (plate-sync.ts reads and writes it). */
export interface SyncState {
  /** The newest version announced by the server. */
  announced: number;
  /** A catch-up request is running. */
  fetching: boolean;
}

// A remote change replayed on a user's undo entry of the same format; the note of the
// reagents that entry's edit put on the bench goes with the new wells.
function replayRemote(doc: PlateDocument, change: RemoteChange): PlateDocument {
  if (doc.format !== change.format) return doc;
  const wells = applyWireChanges(doc.wells, change.changed, change.removed);
  carryBenchAdditions(doc.wells, wells);
  return { format: doc.format, wells };
}

/** The document of a server plate state. */
function documentOfState(state: PlateState): PlateDocument {
  return { format: state.defn.format, wells: wireWellsOf(state) };
}

function isFullState(answer: SaveAnswer): answer is PlateState {
  return 'indices' in answer;
}

function isPatched(answer: SaveAnswer): answer is PlatePatched {
  return 'changed' in answer;
}

/** PATCH (the ops since `confirmed`) or PUT of one experiment's document (see the header). */
function plateSender(experimentId: number, confirmed: () => Confirmed | null): DocumentSender {
  const put = (doc: PlateDocument, based: number) =>
    putPlate(experimentId, { version: based, defn: plateDefn(doc.format), wells: doc.wells });
  return async (doc, based) => {
    const base = confirmed();
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
function plateAfterPatch(plate: PlateState, patched: PlatePatched): PlateState {
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

/** The plate of one open experiment: undo, saving, the confirmed document, sync, clipboard. */
export class DesignerSession {
  private undoHistory = history.emptyHistory<PlateDocument, RemoteChange>();
  private readonly queue: SaveQueue<PlateDocument, SaveAnswer>;
  private confirmed: Confirmed | null = null;
  private idleListener: (() => void) | null = null;
  private disposed = false;
  /** Live sync: null until plate-sync.ts follows the plate. */
  sync: SyncState | null = null;
  /** The wells last copied; pasted into this experiment's plate only. */
  clipboard: WellClipboard | null = null;

  /** Starts the save pipeline for a freshly loaded plate at `version`, with no undo. */
  constructor(
    readonly experimentId: number,
    version: number,
    options: SessionOptions = {},
  ) {
    const { send = plateSender(experimentId, () => this.confirmed), ...waits } = options;
    this.syncUndoFlags();
    this.queue = new SaveQueue<PlateDocument, SaveAnswer>(
      {
        send,
        onSaved: (answer, doc, settled) => this.landed(answer, doc, settled),
        rebase: (body) => this.rebaseOnConflict(body),
        onConflict: (current, _message, refused) => this.conflicted(current, refused),
        onStatus: (status, error) => {
          if (this.disposed) return;
          designer.saveStatus = status;
          designer.saveError = error;
          if (status === 'saved' && this.queue.idle) this.idleListener?.();
        },
        ...waits,
      },
      version,
    );
  }

  /** Stops saving (the experiment is left); waiting edits are flushed first by the caller. */
  dispose(): void {
    this.disposed = true;
    this.queue.dispose();
    this.confirmed = null;
    this.idleListener = null;
    this.sync = null;
  }

  /** Called each time the saves settle with nothing waiting (live sync catches up then). */
  onSavesIdle(listener: (() => void) | null): void {
    this.idleListener = listener;
  }

  /** Sends waiting edits now; resolves when they landed (or failed). */
  flush(): Promise<FlushOutcome> {
    return this.queue.flush();
  }

  /** True when no edit waits or is in flight. */
  get idle(): boolean {
    return this.queue.idle;
  }

  /** True while a save request is on its way. */
  get sending(): boolean {
    return this.queue.sending;
  }

  /** The server version the next save is based on. */
  get version(): number {
    return this.queue.version;
  }

  private syncUndoFlags(): void {
    const u = history.canUndo(this.undoHistory);
    const r = history.canRedo(this.undoHistory);
    if (designer.canUndo !== u) designer.canUndo = u;
    if (designer.canRedo !== r) designer.canRedo = r;
  }

  private recordUndo(before: PlateDocument): void {
    this.undoHistory = history.record(this.undoHistory, before);
    this.syncUndoFlags();
  }

  /** Shows the next document, records the current one for undo and queues the save. */
  commit(next: PlateDocument): void {
    const before = currentDocument();
    if (next.format === before.format && next.wells === before.wells) return;
    this.recordUndo(before);
    showDocument(next);
    this.queue.schedule(next);
  }

  /**
   * Steps back one edit; false when there is nothing to undo. Reagents the edit put on the
   * bench leave it again once the wells without them are saved.
   */
  undo(): boolean {
    const present = currentDocument();
    const step = history.undo(this.undoHistory, present, replayRemote);
    if (!step) return false;
    this.undoHistory = step.history;
    this.syncUndoFlags();
    showDocument(step.document);
    this.queue.schedule(step.document);
    const slugs = slugsToTakeOff(benchAdditionsOf(present.wells), step.document.wells);
    if (slugs.length > 0) void this.flush().then(() => takeOffBench(slugs));
    return true;
  }

  /**
   * Steps forward one undone edit; false when there is nothing to redo. Reagents the edit
   * had put on the bench go back first: the server takes wells only with their reagents on it.
   */
  redo(): boolean {
    const step = history.redo(this.undoHistory, currentDocument(), replayRemote);
    if (!step) return false;
    this.undoHistory = step.history;
    this.syncUndoFlags();
    showDocument(step.document);
    const added = benchAdditionsOf(step.document.wells);
    if (added.length === 0) this.queue.schedule(step.document);
    else void putBackOnBench(added).then(() => this.queue.schedule(currentDocument()));
    return true;
  }

  /**
   * Takes over a state the server already holds (a restore, an assistant's plate): shown and
   * confirmed at once, recorded for undo, nothing to save.
   */
  adoptServerState(state: PlateState, recordForUndo = true): void {
    if (recordForUndo) this.recordUndo(currentDocument());
    const doc = documentOfState(state);
    this.confirmed = { version: state.version, doc };
    showPlate(state);
    showDocument(doc);
    this.queue.reset(state.version);
  }

  /**
   * Takes over the plate as decided on the server (the compact form): confirmed at once, the
   * derived values computed here, nothing to save.
   */
  adoptWirePlate(plate: WirePlate, recordForUndo = true): void {
    if (recordForUndo) this.recordUndo(currentDocument());
    const doc = { format: plate.defn.format, wells: plate.wells };
    this.confirmed = { version: plate.version, doc };
    showConfirmedPlate(doc, plate.version, plate.hash);
    showDocument(doc);
    this.queue.reset(plate.version);
  }

  /**
   * Changes the server made for this user (the assistant's turn, as plate_changes), taken
   * over like adoptServerState: confirmed at once and recorded for undo. False when they do
   * not follow the confirmed version (fetch the whole plate then); true as well when the
   * plate's event brought them first.
   */
  adoptServerChanges(changes: PlateChanges): boolean {
    const confirmed = this.confirmed;
    if (!confirmed) return false;
    if (confirmed.version === changes.version) return true;
    if (confirmed.version !== changes.from) return false;
    const wells = applyWireChanges(confirmed.doc.wells, changes.changed, changes.removed);
    const defn = plateDefn(confirmed.doc.format);
    this.adoptWirePlate({ version: changes.version, hash: changes.hash, defn, wells });
    return true;
  }

  /**
   * Other writers' changes (an event or GET /plate?since=) on top of the confirmed version;
   * unsaved edits of the user are kept on top. False when they do not follow the confirmed
   * version, a save is in flight (its answer decides), or the edits no longer apply.
   */
  applyServerChanges(changes: PlateChanges): boolean {
    const confirmed = this.confirmed;
    if (!confirmed || this.queue.sending || changes.from !== confirmed.version) return false;
    const waiting = !this.queue.idle;
    const next = applyWireChanges(confirmed.doc.wells, changes.changed, changes.removed);
    const doc = this.moveConfirmed(changes.version, changes.hash, next, changes);
    if (!doc) return false;
    this.queue.rebase(changes.version, waiting ? doc : null);
    return true;
  }

  /**
   * The whole plate fetched after other writers' changes that could not be had as changes:
   * unsaved edits of the user are kept on top when they still apply, else it is adopted as is.
   */
  applyServerPlate(plate: WirePlate): void {
    const confirmed = this.confirmed;
    if (this.queue.sending || (confirmed && plate.version <= confirmed.version)) return;
    if (confirmed && confirmed.doc.format === plate.defn.format) {
      const waiting = !this.queue.idle;
      const doc = this.moveConfirmed(plate.version, plate.hash, plate.wells, null);
      if (doc) {
        this.queue.rebase(plate.version, waiting ? doc : null);
        return;
      }
    }
    this.adoptWirePlate(plate, false);
  }

  private landed(answer: SaveAnswer, doc: PlateDocument, settled: boolean): void {
    if (this.disposed) return;
    this.confirmed = { version: answer.version, doc };
    if (isFullState(answer)) showPlate(answer);
    else if (isPatched(answer) && designer.plate?.defn.format === doc.format) {
      showPlate(plateAfterPatch(designer.plate, answer));
    } else if (isPatched(answer)) showConfirmedPlate(doc, answer.version, answer.hash);
    const experiment = designer.experiment;
    if (settled && experiment && doc.format !== Number(experiment.plate_type)) {
      experiment.plate_type = String(doc.format) as typeof experiment.plate_type;
    }
  }

  /**
   * Moves the confirmed document to the server's newer wells and re-applies the user's
   * unsaved edits on top; `change` (null for a whole plate) is recorded as a remote entry of
   * the undo history, so an Undo takes back only the user's own edit. Returns the document
   * now shown, or null when the edits do not apply (then nothing was changed).
   */
  private moveConfirmed(
    version: number,
    hash: string,
    next: WireWells,
    change: PlateChanges | null,
  ): PlateDocument | null {
    const base = this.confirmed;
    if (!base) return null;
    const format = base.doc.format;
    const current = currentDocument();
    if (current.format !== format) return null;
    const edited = rebaseWells(plateDefn(format), base.doc.wells, current.wells, next);
    if (!edited) return null;
    this.confirmed = { version, doc: { format, wells: next } };
    if (change) {
      const { changed, removed } = change;
      this.undoHistory = history.recordRemote(this.undoHistory, { format, changed, removed });
    }
    carryBenchAdditions(current.wells, edited);
    const doc = { format, wells: edited };
    showDocument(doc);
    showConfirmedPlate(this.confirmed.doc, version, hash);
    return doc;
  }

  // The server's answer to a stale PATCH carries the changes since our version: move onto them.
  private rebaseOnConflict(body: unknown): { doc: PlateDocument; version: number } | null {
    const since = (body as { since?: PlateChanges } | null)?.since;
    const confirmed = this.confirmed;
    if (this.disposed || !since || !confirmed || since.from !== confirmed.version) return null;
    const next = applyWireChanges(confirmed.doc.wells, since.changed, since.removed);
    const doc = this.moveConfirmed(since.version, since.hash, next, since);
    return doc && { doc, version: since.version };
  }

  private conflicted(current: PlateState | null, refused: PlateDocument): void {
    if (this.disposed) return;
    // The refused edit goes onto the undo stack: one Undo brings it back (and saves it on
    // top of the newer version), so nothing the user did is lost.
    this.recordUndo(refused);
    if (current) {
      this.confirmed = { version: current.version, doc: documentOfState(current) };
      showPlate(current);
      showDocument(this.confirmed.doc);
    } else {
      void this.reloadAfterConflict();
    }
  }

  // The plate after a refused save that could not be rebased: shown and confirmed, the
  // conflict message staying in the top bar until the next edit.
  private async reloadAfterConflict(): Promise<void> {
    try {
      const plate = await getPlateCompact(this.experimentId);
      if (!plate || this.disposed || designer.experiment?.id !== this.experimentId) return;
      if (!this.queue.idle) return;
      const doc = { format: plate.defn.format, wells: plate.wells };
      this.confirmed = { version: plate.version, doc };
      showConfirmedPlate(doc, plate.version, plate.hash);
      showDocument(doc);
      this.queue.rebase(plate.version, null);
    } catch (error) {
      console.error('Could not reload the plate', error);
    }
  }
}
