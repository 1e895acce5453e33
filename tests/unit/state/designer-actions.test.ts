// Store actions on the designer document. No request is made: saves wait behind the
// coalescing timer, which these tests never let run (the `send` given throws if called).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Experiment } from '../../../src/api/types';
import { plateDefn, wellCount } from '../../../src/domain/plate-format';
import { indexOfWellId } from '../../../src/domain/well-id';
import { WellSet } from '../../../src/domain/plate/well-set';
import { closeDesignerSession, openDesignerSession } from '../../../src/state/designer-document';
import { designer, resetDesignerState, showDocument } from '../../../src/state/designer-store';
import * as actions from '../../../src/state/plate-actions';
import { changePlateType } from '../../../src/state/snapshot-actions';
import {
  plateSelection,
  resetSelection,
  setFocus,
  setSelection,
  setSubsection,
} from '../../../src/state/selection-store';

const D1536 = plateDefn(1536);
const at = (id: string) => indexOfWellId(id, D1536);
const ids = () => Object.keys(designer.wells);

function experiment(): Experiment {
  return {
    id: 1,
    name: 'x',
    description: null,
    plate_type: '1536',
    vehicle_slug: null,
    default_vehicle_slug: null,
    created_at: '',
    updated_at: '',
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  resetDesignerState();
  designer.experiment = experiment();
  openDesignerSession(1, 0, {
    send: () => {
      throw new Error('no request expected');
    },
  });
  showDocument({ format: 1536, wells: {} });
  resetSelection(plateSelection, 1536);
});

afterEach(() => {
  closeDesignerSession();
  vi.useRealTimers();
});

function select(...wellIds: string[]) {
  setSelection(plateSelection, WellSet.of(wellCount(1536), wellIds.map(at)));
}

describe('designer actions', () => {
  it('apply to the selection shows at once, marks unsaved, and undoes and redoes', () => {
    const column = Array.from({ length: 32 }, (_, r) => r * 48);
    setSelection(plateSelection, WellSet.of(1536, column));
    actions.applyReagent('cpd', { uM: 10, volumeUl: 1 });
    expect(ids()).toHaveLength(32);
    expect(designer.wells.AF1.targets.cpd).toEqual({ target_nM: 10_000, volume_uL: 1 });
    expect(designer.saveStatus).toBe('unsaved');
    expect(designer.canUndo).toBe(true);
    actions.removeReagent('cpd', [at('A1')]);
    expect(ids()).toHaveLength(31);
    expect(actions.undo()).toBe(true);
    expect(ids()).toHaveLength(32);
    expect(actions.undo()).toBe(true);
    expect(ids()).toEqual([]);
    expect(actions.undo()).toBe(false);
    expect(actions.redo()).toBe(true);
    expect(ids()).toHaveLength(32);
    expect(designer.canRedo).toBe(true);
  });

  it('clear plate empties every well, and undo brings them back', () => {
    select('A1', 'P24');
    actions.applyReagent('cpd', { uM: 1, volumeUl: 1 });
    actions.clearPlate();
    expect(ids()).toEqual([]);
    actions.undo();
    expect(ids().toSorted()).toEqual(['A1', 'P24']);
  });

  it('copy and paste onto the focused well select what was pasted', () => {
    select('A1', 'B2');
    actions.applyReagent('cpd', { uM: 1, volumeUl: 1 });
    expect(actions.copy()).toBe(true);
    setFocus(plateSelection, at('C5'));
    expect(actions.paste()).toBe(true);
    expect(ids().toSorted()).toEqual(['A1', 'B2', 'C5', 'D6']);
    expect(designer.wells.D6).toBe(designer.wells.B2);
    expect(plateSelection.selection.indices()).toEqual([at('C5'), at('D6')]);
  });

  it('to 96 without a snapshot keeps the current subsection and resets it to the first', async () => {
    select('A1', 'I13', 'P24');
    actions.applyReagent('cpd', { uM: 1, volumeUl: 1 });
    setSubsection(plateSelection, 5); // rows I..P, columns 13..24
    expect(await changePlateType(96, { snapshot: false })).toBe(true);
    expect(designer.format).toBe(96);
    expect(ids()).toEqual(['A1', 'H12']);
    expect(designer.experiment?.plate_type).toBe('96');
    expect(plateSelection.format).toBe(96);
    expect(plateSelection.subsection).toBe(0);
    expect(plateSelection.selection.isEmpty).toBe(true);
    actions.undo();
    expect(designer.format).toBe(1536);
    expect(ids()).toEqual(['A1', 'I13', 'P24']);
  });
});
