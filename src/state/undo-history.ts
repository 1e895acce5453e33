// A bounded undo/redo history of immutable document values, its entries tagged by source.
// The user's entries are documents as they were before an edit; other writers' changes are
// remote entries, kept in arrival order beside them and never folded into the user's ones:
// stepping back to a user's entry replays the remote changes that came after it, so an Undo
// takes back only the user's own edit and keeps what the others wrote. Pure: every operation
// returns a new history and never mutates the one given, so a store can hold it as a value.

/** A document the user's undo or redo goes back to. */
export interface UserEntry<T> {
  source: 'user';
  document: T;
  /** How many remote changes had arrived when it was recorded: later ones replay on it. */
  seen: number;
}

/** Another writer's change, replayed on the user's entries recorded before it. */
export interface RemoteEntry<C> {
  source: 'remote';
  change: C;
  /** Its place among the remote changes (0 for the first). */
  at: number;
}

/** Past and future documents and the remote changes since; the present lives with the caller. */
export interface UndoHistory<T, C = never> {
  past: readonly UserEntry<T>[];
  future: readonly UserEntry<T>[];
  /** Remote changes that some entry still replays, oldest first. */
  remote: readonly RemoteEntry<C>[];
  /** Remote changes recorded so far. */
  seen: number;
  limit: number;
}

/** A remote change applied to a document. */
export type Replay<T, C> = (document: T, change: C) => T;

/** Steps kept by default: enough for a working session, a few MB at most for 1536 wells. */
export const DEFAULT_UNDO_LIMIT = 100;

/**
 * Remote changes kept for replay at most; an entry older than the oldest kept one can no
 * longer be replayed to the present, and is forgotten.
 */
export const REMOTE_LIMIT = 1000;

/** An empty history keeping at most `limit` past steps. */
export function emptyHistory<T, C = never>(limit = DEFAULT_UNDO_LIMIT): UndoHistory<T, C> {
  return { past: [], future: [], remote: [], seen: 0, limit: Math.max(1, limit) };
}

// Drops the past beyond the limit and the remote changes no entry replays any more.
function trimmed<T, C>(history: UndoHistory<T, C>): UndoHistory<T, C> {
  let { past, future, remote } = history;
  if (past.length > history.limit) past = past.slice(past.length - history.limit);
  if (remote.length > REMOTE_LIMIT) {
    const oldest = remote[remote.length - REMOTE_LIMIT].at;
    remote = remote.slice(remote.length - REMOTE_LIMIT);
    past = past.filter((e) => e.seen >= oldest);
    future = future.filter((e) => e.seen >= oldest);
  }
  let first = history.seen;
  for (const e of past) first = Math.min(first, e.seen);
  for (const e of future) first = Math.min(first, e.seen);
  if (remote.length > 0 && remote[0].at < first) remote = remote.filter((r) => r.at >= first);
  return { ...history, past, future, remote };
}

function userEntry<T>(document: T, seen: number): UserEntry<T> {
  return { source: 'user', document, seen };
}

// The entry's document with every remote change that came after it applied, in order.
function replayed<T, C>(history: UndoHistory<T, C>, entry: UserEntry<T>, replay: Replay<T, C>): T {
  let document = entry.document;
  for (const r of history.remote) if (r.at >= entry.seen) document = replay(document, r.change);
  return document;
}

/** Records the document as it was before the user's edit; the redo branch is dropped. */
export function record<T, C>(history: UndoHistory<T, C>, before: T): UndoHistory<T, C> {
  const past = [...history.past, userEntry(before, history.seen)];
  return trimmed({ ...history, past, future: [] });
}

/**
 * Records another writer's change, made on top of the present: the user's entries stay as
 * they are and get it replayed when stepped back to.
 */
export function recordRemote<T, C>(history: UndoHistory<T, C>, change: C): UndoHistory<T, C> {
  if (history.past.length === 0 && history.future.length === 0) {
    return { ...history, seen: history.seen + 1 }; // nothing would replay it
  }
  const remote = [...history.remote, { source: 'remote' as const, change, at: history.seen }];
  return trimmed({ ...history, remote, seen: history.seen + 1 });
}

/** Steps back: the document to show and the history after it; null when nothing to undo. */
export function undo<T, C>(
  history: UndoHistory<T, C>,
  present: T,
  replay: Replay<T, C>,
): { document: T; history: UndoHistory<T, C> } | null {
  if (history.past.length === 0) return null;
  const entry = history.past[history.past.length - 1];
  const document = replayed(history, entry, replay);
  const next = {
    ...history,
    past: history.past.slice(0, -1),
    future: [userEntry(present, history.seen), ...history.future],
  };
  return { document, history: trimmed(next) };
}

/** Steps forward again after an undo; null when nothing to redo. */
export function redo<T, C>(
  history: UndoHistory<T, C>,
  present: T,
  replay: Replay<T, C>,
): { document: T; history: UndoHistory<T, C> } | null {
  if (history.future.length === 0) return null;
  const [entry, ...future] = history.future;
  const document = replayed(history, entry, replay);
  const past = [...history.past, userEntry(present, history.seen)];
  return { document, history: trimmed({ ...history, past, future }) };
}

/** True when undo would do something. */
export function canUndo(history: UndoHistory<unknown, unknown>): boolean {
  return history.past.length > 0;
}

/** True when redo would do something. */
export function canRedo(history: UndoHistory<unknown, unknown>): boolean {
  return history.future.length > 0;
}
