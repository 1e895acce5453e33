// What belongs to one open experiment's session and ends with it: the undo history, the
// clipboard and the save pipeline (a save landing after the session closed changes nothing).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import { computePlateState } from '../../../src/domain/plate-state';
import {
  closeDesignerSession,
  designerSession,
  openDesignerSession,
} from '../../../src/state/designer-document';
import type { SaveAnswer } from '../../../src/state/designer-session';
import { designer, resetDesignerState, showDocument } from '../../../src/state/designer-store';
import * as actions from '../../../src/state/plate-actions';

const D96 = plateDefn(96);
const never = () => Promise.reject(new Error('no request expected'));

beforeEach(() => {
  vi.useFakeTimers();
  resetDesignerState();
});

afterEach(() => {
  closeDesignerSession();
  vi.useRealTimers();
});

describe('designer session', () => {
  it('opening another experiment starts with no undo and no clipboard of its own', () => {
    const first = openDesignerSession(1, 0, { send: never });
    showDocument({ format: 96, wells: {} });
    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [0]);
    expect(actions.copy([0])).toBe(true);
    expect(actions.paste(1)).toBe(true);
    expect(Object.keys(designer.wells).toSorted()).toEqual(['A1', 'A2']);
    expect(designer.canUndo).toBe(true);

    const second = openDesignerSession(2, 0, { send: never });
    expect(designerSession()).toBe(second);
    expect(designer.canUndo).toBe(false);
    expect(actions.undo()).toBe(false);
    expect(actions.paste(5)).toBe(false);
    expect(first.clipboard).not.toBeNull();
    expect(second.clipboard).toBeNull();
  });

  it('a save that lands after its session closed leaves the store alone', async () => {
    const pending: { answer?: (a: SaveAnswer) => void } = {};
    openDesignerSession(1, 3, {
      send: () => new Promise<SaveAnswer>((resolve) => (pending.answer = resolve)),
      coalesceMs: 10,
    });
    showDocument({ format: 96, wells: {} });
    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [0]);
    await vi.advanceTimersByTimeAsync(10);
    expect(designer.saveStatus).toBe('saving');

    closeDesignerSession();
    expect(designerSession()).toBeNull();
    const later = computePlateState({ defn: D96, wells: {}, version: 4, bench: [] });
    expect(pending.answer).toBeDefined();
    pending.answer?.(later);
    await vi.advanceTimersByTimeAsync(0);
    expect(designer.plate).toBeNull();
    expect(designer.saveStatus).toBe('saving');
    // with no session open the edits do nothing
    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [1]);
    expect(Object.keys(designer.wells)).toEqual(['A1']);
  });
});
