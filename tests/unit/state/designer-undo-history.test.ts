import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  emptyHistory,
  record,
  recordRemote,
  redo,
  REMOTE_LIMIT,
  undo,
  type UndoHistory,
} from '../../../src/state/undo-history';

// Documents are strings here; a remote change appends its letter (another writer's edit).
const append = (doc: string, change: string) => doc + change;
const none = (doc: string) => doc;
const documents = (h: UndoHistory<unknown, unknown>) => h.past.map((e) => e.document);

describe('undo history', () => {
  it('steps back and forward through recorded documents', () => {
    let h = emptyHistory<string>();
    let present = 'a';
    for (const next of ['b', 'c']) {
      h = record(h, present);
      present = next;
    }
    const u1 = undo(h, present, none)!;
    expect(u1.document).toBe('b');
    const u2 = undo(u1.history, u1.document, none)!;
    expect(u2.document).toBe('a');
    expect(undo(u2.history, u2.document, none)).toBeNull();
    const r1 = redo(u2.history, u2.document, none)!;
    expect(r1.document).toBe('b');
    const r2 = redo(r1.history, r1.document, none)!;
    expect(r2.document).toBe('c');
    expect(redo(r2.history, r2.document, none)).toBeNull();
  });

  it('drops the redo branch when a new edit is recorded', () => {
    let h = record(record(emptyHistory<number>(), 1), 2);
    const step = undo(h, 3, (d) => d)!;
    expect(canRedo(step.history)).toBe(true);
    h = record(step.history, step.document);
    expect(canRedo(h)).toBe(false);
    expect(documents(h)).toEqual([1, 2]);
    expect(h.past.every((e) => e.source === 'user')).toBe(true);
  });

  it('keeps at most `limit` past steps, forgetting the oldest', () => {
    let h = emptyHistory<number>(3);
    for (let i = 0; i < 10; i++) h = record(h, i);
    expect(documents(h)).toEqual([7, 8, 9]);
    const step = undo(h, 10, (d) => d)!;
    const back = redo(step.history, step.document, (d) => d)!;
    expect(documents(back.history)).toEqual([7, 8, 9]);
    expect(canUndo(emptyHistory())).toBe(false);
  });

  it('never mutates the history it was given', () => {
    const h = recordRemote(record(emptyHistory<number, number>(), 1), 7);
    const frozen = JSON.stringify(h);
    undo(h, 2, (d, c) => d + c);
    record(h, 5);
    recordRemote(h, 3);
    expect(JSON.stringify(h)).toBe(frozen);
  });
});

describe('undo history with other writers', () => {
  it('keeps the user’s entries as recorded and replays later remote changes on undo', () => {
    // the user typed a then b; another writer added x; the user typed c; another added y
    let h = emptyHistory<string, string>();
    h = record(h, '');
    h = record(h, 'a');
    h = recordRemote(h, 'x');
    h = record(h, 'abx');
    h = recordRemote(h, 'y');
    const present = 'abxcy';
    // the entries are what the user had, untouched by the remote changes
    expect(documents(h)).toEqual(['', 'a', 'abx']);
    expect(h.remote.map((r) => [r.source, r.change])).toEqual([
      ['remote', 'x'],
      ['remote', 'y'],
    ]);

    const u1 = undo(h, present, append)!;
    expect(u1.document).toBe('abxy'); // c taken back, y kept
    const u2 = undo(u1.history, u1.document, append)!;
    expect(u2.document).toBe('axy'); // b taken back, x and y kept
    const u3 = undo(u2.history, u2.document, append)!;
    expect(u3.document).toBe('xy');
    expect(undo(u3.history, u3.document, append)).toBeNull();
  });

  it('replays remote changes that came after an undo on redo', () => {
    let h = record(emptyHistory<string, string>(), '');
    const back = undo(h, 'a', append)!; // 'a' waits for redo
    h = recordRemote(back.history, 'z');
    const again = redo(h, 'z', append)!;
    expect(again.document).toBe('az');
    expect(undo(again.history, again.document, append)!.document).toBe('z');
  });

  it('forgets remote changes no entry replays and, past the limit, the entries they would need', () => {
    expect(recordRemote(emptyHistory<string, string>(), 'x').remote).toEqual([]);
    let h = record(emptyHistory<string, string>(), 'old');
    for (let i = 0; i <= REMOTE_LIMIT; i++) h = recordRemote(h, '.');
    expect(h.remote).toHaveLength(0);
    expect(canUndo(h)).toBe(false);
    h = record(h, 'new');
    h = recordRemote(h, '!');
    expect(h.remote).toHaveLength(1);
    expect(undo(h, 'now!', append)!.document).toBe('new!');
  });
});
