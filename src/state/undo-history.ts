// A bounded undo/redo history of immutable document values. Pure: every operation returns a
// new history and never mutates the one given, so a store can hold it as a plain value.

/** Past and future documents; the present lives with the caller. */
export interface UndoHistory<T> {
  past: readonly T[];
  future: readonly T[];
  limit: number;
}

/** Steps kept by default: enough for a working session, a few MB at most for 1536 wells. */
export const DEFAULT_UNDO_LIMIT = 100;

/** An empty history keeping at most `limit` past steps. */
export function emptyHistory<T>(limit = DEFAULT_UNDO_LIMIT): UndoHistory<T> {
  return { past: [], future: [], limit: Math.max(1, limit) };
}

/** Records the document as it was before an edit; the redo branch is dropped. */
export function record<T>(history: UndoHistory<T>, before: T): UndoHistory<T> {
  const past = [...history.past, before];
  if (past.length > history.limit) past.splice(0, past.length - history.limit);
  return { past, future: [], limit: history.limit };
}

/** Steps back: the document to show and the history after it; null when nothing to undo. */
export function undo<T>(
  history: UndoHistory<T>,
  present: T,
): { document: T; history: UndoHistory<T> } | null {
  if (history.past.length === 0) return null;
  const document = history.past[history.past.length - 1];
  return {
    document,
    history: {
      past: history.past.slice(0, -1),
      future: [present, ...history.future],
      limit: history.limit,
    },
  };
}

/** Steps forward again after an undo; null when nothing to redo. */
export function redo<T>(
  history: UndoHistory<T>,
  present: T,
): { document: T; history: UndoHistory<T> } | null {
  if (history.future.length === 0) return null;
  const [document, ...future] = history.future;
  const past = [...history.past, present];
  if (past.length > history.limit) past.splice(0, past.length - history.limit);
  return { document, history: { past, future, limit: history.limit } };
}

/** True when undo would do something. */
export function canUndo(history: UndoHistory<unknown>): boolean {
  return history.past.length > 0;
}

/** True when redo would do something. */
export function canRedo(history: UndoHistory<unknown>): boolean {
  return history.future.length > 0;
}
