// The designer's open session (designer-session.ts) and the plate edits addressed to it:
// commit a new document (shown at once, recorded for undo, queued for saving), undo/redo,
// and taking over what the server holds (load, restore, conflict, other writers' changes).
// Store actions call these; nothing else writes the document. With no experiment open they
// do nothing.
import type { PlateChanges, WirePlate } from '../api/plate';
import type { PlateState } from '../domain/plate-state';
import type { PlateDocument } from './designer-store';
import { DesignerSession, type SessionOptions } from './designer-session';
import type { FlushOutcome } from './save-queue';

let open: DesignerSession | null = null;

/**
 * Opens an experiment's plate at `version`: a new session (empty undo, its own save queue)
 * replaces the one open before, which is disposed.
 */
export function openDesignerSession(
  experimentId: number,
  version: number,
  options: SessionOptions = {},
): DesignerSession {
  open?.dispose();
  open = new DesignerSession(experimentId, version, options);
  return open;
}

/** Closes the open session (leaving the designer); waiting edits are flushed first by the caller. */
export function closeDesignerSession(): void {
  open?.dispose();
  open = null;
}

/** The session of the experiment open in the designer; null when none is. */
export function designerSession(): DesignerSession | null {
  return open;
}

/** Shows the next document, records the current one for undo and queues the save. */
export function commit(next: PlateDocument): void {
  open?.commit(next);
}

/** Steps back one edit; false when there is nothing to undo. */
export function undoEdit(): boolean {
  return open ? open.undo() : false;
}

/** Steps forward one undone edit; false when there is nothing to redo. */
export function redoEdit(): boolean {
  return open ? open.redo() : false;
}

/** A state the server already holds (a restore), confirmed at once (see the session). */
export function adoptServerState(state: PlateState, recordForUndo = true): void {
  open?.adoptServerState(state, recordForUndo);
}

/** The plate as decided on the server (the compact form), confirmed at once. */
export function adoptWirePlate(plate: WirePlate, recordForUndo = true): void {
  open?.adoptWirePlate(plate, recordForUndo);
}

/** Changes the server made for this user; false when they do not follow the confirmed version. */
export function adoptServerChanges(changes: PlateChanges): boolean {
  return open ? open.adoptServerChanges(changes) : false;
}

/** Sends waiting edits now; resolves when they landed (or failed). */
export function flushSaves(): Promise<FlushOutcome> {
  return open ? open.flush() : Promise.resolve('saved');
}

/** True when no edit waits or is in flight. */
export function savesIdle(): boolean {
  return open ? open.idle : true;
}

/** The server version the next save is based on, or null before a load. */
export function baseVersion(): number | null {
  return open ? open.version : null;
}
