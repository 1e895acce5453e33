import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  emptyHistory,
  record,
  redo,
  undo,
} from '../../../src/state/undo-history';

describe('undo history', () => {
  it('steps back and forward through recorded documents', () => {
    let h = emptyHistory<string>();
    let present = 'a';
    for (const next of ['b', 'c']) {
      h = record(h, present);
      present = next;
    }
    const u1 = undo(h, present)!;
    expect(u1.document).toBe('b');
    const u2 = undo(u1.history, u1.document)!;
    expect(u2.document).toBe('a');
    expect(undo(u2.history, u2.document)).toBeNull();
    const r1 = redo(u2.history, u2.document)!;
    expect(r1.document).toBe('b');
    const r2 = redo(r1.history, r1.document)!;
    expect(r2.document).toBe('c');
    expect(redo(r2.history, r2.document)).toBeNull();
  });

  it('drops the redo branch when a new edit is recorded', () => {
    let h = record(record(emptyHistory<number>(), 1), 2);
    const step = undo(h, 3)!;
    expect(canRedo(step.history)).toBe(true);
    h = record(step.history, step.document);
    expect(canRedo(h)).toBe(false);
    expect(h.past).toEqual([1, 2]);
  });

  it('keeps at most `limit` past steps, forgetting the oldest', () => {
    let h = emptyHistory<number>(3);
    for (let i = 0; i < 10; i++) h = record(h, i);
    expect(h.past).toEqual([7, 8, 9]);
    const step = undo(h, 10)!;
    const back = redo(step.history, step.document)!;
    expect(back.history.past).toEqual([7, 8, 9]);
    expect(canUndo(emptyHistory())).toBe(false);
  });

  it('never mutates the history it was given', () => {
    const h = record(emptyHistory<number>(), 1);
    const frozen = JSON.stringify(h);
    undo(h, 2);
    record(h, 5);
    expect(JSON.stringify(h)).toBe(frozen);
  });
});
