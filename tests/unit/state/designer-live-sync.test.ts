// The designer's saves and live sync through the real API client. Only the network is
// replaced (fake-fetch.ts answers canned responses and throws on any request not queued),
// so each test counts the requests a scenario makes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canonicalizeWells } from '../../../src/domain/plate-wells';
import type { PlatePatched } from '../../../src/api/plate';
import type { Experiment } from '../../../src/api/types';
import { plateDefn } from '../../../src/domain/plate-format';
import { computePlateState, type WireWell } from '../../../src/domain/plate-state';
import { indexOfWellId } from '../../../src/domain/well-id';
import {
  baseVersion,
  closeDesignerSession,
  openDesignerSession,
} from '../../../src/state/designer-document';
import { designer, resetDesignerState } from '../../../src/state/designer-store';
import * as actions from '../../../src/state/plate-actions';
import { followPlate, onPlateChanged, onStreamHello } from '../../../src/state/plate-sync';
import type { PlateChangedEvent } from '../../../src/domain/schemas/event';
import { installFakeFetch, type FakeFetch } from '../api/fake-fetch';

const D96 = plateDefn(96);
const at = (id: string) => indexOfWellId(id, D96);
// applyReagent stores uM as nM and the volume as given
const dose = (uM: number, volumeUl = 2): WireWell => ({
  targets: { cpd: { target_nM: uM * 1000, volume_uL: volumeUl } },
});
// what applyOps makes of a rebased well: every field spelled out
const canonical = (w: WireWell) => canonicalizeWells(D96, { A1: w }).A1;
const theirs: WireWell = { targets: { dmso: { target_nM: null, volume_uL: 5 } } };

function experiment(): Experiment {
  return {
    id: 1,
    name: 'x',
    description: null,
    plate_type: '96',
    vehicle_slug: null,
    default_vehicle_slug: null,
    created_at: '',
    updated_at: '',
  };
}

// What the server answers a PATCH of these wells at `version` (derived values computed as it
// would, with an empty bench).
function patched(
  version: number,
  wells: Record<string, WireWell>,
  removed: string[] = [],
  indices_changed: PlatePatched['indices_changed'] = {},
) {
  const state = computePlateState({ defn: D96, wells, version, bench: [], hasher: null });
  return {
    version,
    hash: `h${version}`,
    changed: state.wells,
    removed,
    indices_changed,
  } satisfies PlatePatched;
}

function sentBody(net: FakeFetch, i: number): unknown {
  return JSON.parse(String(net.calls[i].body));
}

const plateEvent = (fields: Partial<PlateChangedEvent>): PlateChangedEvent => ({
  type: 'plate_changed',
  experiment_id: 1,
  at: 't',
  version: 0,
  base_version: 0,
  hash: '',
  changed: null,
  removed: null,
  ...fields,
});

let net: FakeFetch;
let stopFollowing: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  net = installFakeFetch();
  resetDesignerState();
  designer.experiment = experiment();
  const session = openDesignerSession(1, 5, { coalesceMs: 300 });
  session.adoptWirePlate({ version: 5, hash: 'h5', defn: D96, wells: { H12: theirs } }, false);
  stopFollowing = followPlate(session);
});

afterEach(() => {
  stopFollowing();
  closeDesignerSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('saving ops', () => {
  it('sends a burst of edits as one PATCH of the wells they touched', async () => {
    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [at('A1')]);
    actions.applyReagent('cpd', { uM: 3, volumeUl: 2 }, [at('A1'), at('B1')]);
    net.respond(
      200,
      patched(6, { A1: dose(3), B1: dose(3) }, [], { by_target: { cpd: ['A1', 'B1'] } }),
    );
    await vi.advanceTimersByTimeAsync(300);
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]).toMatchObject({ url: '/api/experiments/1/plate', method: 'PATCH' });
    expect(sentBody(net, 0)).toEqual({
      version: 5,
      ops: [{ op: 'put', wells: { A1: dose(3), B1: dose(3) } }],
    });
    expect(designer.saveStatus).toBe('saved');
    expect(baseVersion()).toBe(6);
    // the store took the changed wells; the others stay as computed before
    expect(designer.plate?.version).toBe(6);
    expect(Object.keys(designer.plate?.wells ?? {}).toSorted()).toEqual(['A1', 'B1', 'H12']);
    expect(designer.plate?.wells.A1.targets.cpd.target_nM).toBe(3000);
    expect(designer.plate?.indices.by_target).toEqual({ cpd: ['A1', 'B1'], dmso: ['H12'] });

    // Undo of the second edit: B1 emptied and A1 back to 1 uM, as one put
    expect(actions.undo()).toBe(true);
    net.respond(200, patched(7, { A1: dose(1) }, ['B1'], { by_col: { '1': ['A1'] } }));
    await vi.advanceTimersByTimeAsync(300);
    expect(sentBody(net, 1)).toEqual({
      version: 6,
      ops: [{ op: 'put', wells: { A1: dose(1), B1: null } }],
    });
    expect(Object.keys(designer.plate?.wells ?? {}).toSorted()).toEqual(['A1', 'H12']);
    expect(designer.plate?.indices.by_col).toEqual({ '1': ['A1'], '12': ['H12'] });
  });

  it('rebases a refused edit on the changes the 409 carries and sends only its own wells', async () => {
    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [at('A1')]);
    net.respond(409, {
      detail: 'stale',
      version: 6,
      since: { from: 5, version: 6, hash: 'h6', changed: { C3: theirs }, removed: ['H12'] },
    });
    net.respond(200, patched(7, { A1: dose(1) }));
    await vi.advanceTimersByTimeAsync(300);
    expect(net.calls.map((c) => c.method)).toEqual(['PATCH', 'PATCH']);
    expect(sentBody(net, 1)).toEqual({
      version: 6,
      ops: [{ op: 'put', wells: { A1: canonical(dose(1)) } }],
    });
    expect(Object.keys(designer.wells).toSorted()).toEqual(['A1', 'C3']);
    expect(designer.saveStatus).toBe('saved');
    expect(baseVersion()).toBe(7);
    // Undo takes back the user's edit only; the other writer's change stays
    expect(actions.undo()).toBe(true);
    expect(Object.keys(designer.wells)).toEqual(['C3']);
  });

  it('without usable changes keeps the old conflict path: reload, message, edit one Undo away', async () => {
    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [at('A1')]);
    net.respond(409, { detail: 'stale', version: 9 }); // no since: changes no longer known
    const elsewhere = computePlateState({
      defn: D96,
      wells: { G7: theirs },
      version: 9,
      bench: [],
    });
    net.respond(200, elsewhere); // GET ?form=compact (a full state is read as well)
    await vi.advanceTimersByTimeAsync(300);
    expect(net.calls[1]).toMatchObject({
      method: 'GET',
      url: '/api/experiments/1/plate?form=compact',
    });
    expect(designer.saveStatus).toBe('conflict');
    expect(designer.saveError).toBe(
      'The plate was changed elsewhere (now version 9) and has been reloaded. Your unsaved edit is kept: press Undo to bring it back.',
    );
    expect(Object.keys(designer.wells)).toEqual(['G7']);
    expect(actions.undo()).toBe(true);
    expect(Object.keys(designer.wells).toSorted()).toEqual(['A1', 'H12']);
  });
});

describe('live sync', () => {
  it('applies an event one version ahead with no request', async () => {
    onPlateChanged(
      plateEvent({ version: 6, base_version: 5, hash: 'h6', changed: { C3: theirs }, removed: [] }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(net.calls).toHaveLength(0);
    expect(Object.keys(designer.wells).toSorted()).toEqual(['C3', 'H12']);
    expect(baseVersion()).toBe(6);
    expect(designer.plate?.version).toBe(6);
    expect(designer.plate?.wells.C3.targets.dmso.volume_uL).toBe(5);
  });

  it("ignores the echo of this tab's own save", async () => {
    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [at('A1')]);
    net.respond(200, patched(6, { A1: dose(1) }));
    await vi.advanceTimersByTimeAsync(300);
    onPlateChanged(
      plateEvent({
        version: 6,
        base_version: 5,
        hash: 'h6',
        changed: { A1: dose(1) },
        removed: [],
      }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(net.calls).toHaveLength(1);
    expect(baseVersion()).toBe(6);
  });

  it('keeps an unsaved edit on top of the changes and saves it on the new version', async () => {
    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [at('A1')]);
    onPlateChanged(
      plateEvent({ version: 6, base_version: 5, hash: 'h6', changed: { C3: theirs }, removed: [] }),
    );
    expect(Object.keys(designer.wells).toSorted()).toEqual(['A1', 'C3', 'H12']);
    net.respond(200, patched(7, { A1: dose(1) }));
    await vi.advanceTimersByTimeAsync(300);
    expect(net.calls).toHaveLength(1);
    expect(sentBody(net, 0)).toEqual({
      version: 6,
      ops: [{ op: 'put', wells: { A1: canonical(dose(1)) } }],
    });
  });

  it("undoes the user's edits, not the other writer's change that came between them", async () => {
    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [at('A1')]);
    net.respond(200, patched(6, { A1: dose(1) }));
    await vi.advanceTimersByTimeAsync(300);
    onPlateChanged(
      plateEvent({
        version: 7,
        base_version: 6,
        hash: 'h7',
        changed: { C3: theirs },
        removed: ['H12'],
      }),
    );
    actions.applyReagent('cpd', { uM: 2, volumeUl: 2 }, [at('B1')]);
    expect(Object.keys(designer.wells).toSorted()).toEqual(['A1', 'B1', 'C3']);
    expect(actions.undo()).toBe(true);
    expect(Object.keys(designer.wells).toSorted()).toEqual(['A1', 'C3']);
    expect(actions.undo()).toBe(true);
    expect(Object.keys(designer.wells)).toEqual(['C3']);
    expect(actions.undo()).toBe(false);
    expect(actions.redo()).toBe(true);
    expect(actions.redo()).toBe(true);
    expect(Object.keys(designer.wells).toSorted()).toEqual(['A1', 'B1', 'C3']);
  });

  it('further behind fetches the changes since its version, then the whole plate on 410', async () => {
    onPlateChanged(
      plateEvent({ version: 8, base_version: 7, hash: 'h8', changed: { C3: theirs }, removed: [] }),
    );
    net.respond(200, { from: 5, version: 8, hash: 'h8', changed: { D4: theirs }, removed: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(net.calls.map((c) => c.url)).toEqual(['/api/experiments/1/plate?since=5']);
    expect(Object.keys(designer.wells).toSorted()).toEqual(['D4', 'H12']);
    expect(baseVersion()).toBe(8);

    // an event with no changes: since answers 410, the compact plate follows
    onPlateChanged(plateEvent({ version: 12, base_version: 11, changed: null, removed: null }));
    net.respond(410, { detail: 'gone' });
    net.respond(200, { version: 12, hash: 'h12', defn: D96, wells: { E5: theirs } });
    await vi.advanceTimersByTimeAsync(0);
    expect(net.calls.map((c) => c.url).slice(1)).toEqual([
      '/api/experiments/1/plate?since=8',
      '/api/experiments/1/plate?form=compact',
    ]);
    expect(Object.keys(designer.wells)).toEqual(['E5']);
    expect(baseVersion()).toBe(12);
  });

  it("follows a write made before the stream listened, from the stream's hello", async () => {
    // connected at version 7 while this tab is at 5: the events of 6 and 7 were never heard
    onStreamHello({ type: 'hello', experiment_id: 1, at: 't', version: 7 });
    net.respond(200, { from: 5, version: 7, hash: 'h7', changed: { D4: theirs }, removed: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(net.calls.map((c) => c.url)).toEqual(['/api/experiments/1/plate?since=5']);
    expect(baseVersion()).toBe(7);
    // a hello at the version this tab holds asks for nothing
    onStreamHello({ type: 'hello', experiment_id: 1, at: 't', version: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(net.calls).toHaveLength(1);
  });

  it('waits for a save in flight, then catches up from the version it landed on', async () => {
    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [at('A1')]);
    const answerPatch = net.respondLater();
    net.respond(200, { from: 6, version: 7, hash: 'h7', changed: { C3: theirs }, removed: [] });
    await vi.advanceTimersByTimeAsync(300);
    // the PATCH is on its way; an event of another writer arrives meanwhile
    onPlateChanged(plateEvent({ version: 7, base_version: 6, changed: null, removed: null }));
    await vi.advanceTimersByTimeAsync(0);
    expect(net.calls).toHaveLength(1);
    answerPatch(200, patched(6, { A1: dose(1) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(net.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PATCH /api/experiments/1/plate',
      'GET /api/experiments/1/plate?since=6',
    ]);
    expect(Object.keys(designer.wells).toSorted()).toEqual(['A1', 'C3', 'H12']);
    expect(baseVersion()).toBe(7);
  });
});
