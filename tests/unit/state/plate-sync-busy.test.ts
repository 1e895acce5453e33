// The designer against a busy server (503 with Retry-After), through the real API client with
// only the network replaced: an edit is sent again after the wait and saved, and the changes
// another writer made are read again after the wait instead of being given up.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { followPlate, onPlateChanged } from '../../../src/state/plate-sync';
import { installFakeFetch, type FakeFetch } from '../api/fake-fetch';

const D96 = plateDefn(96);
const dose: WireWell = { targets: { cpd: { target_nM: 1000, volume_uL: 2 } } };
const theirs: WireWell = { targets: { dmso: { target_nM: null, volume_uL: 5 } } };
const BUSY = { 'retry-after': '2' };

let net: FakeFetch;
let stopFollowing: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  net = installFakeFetch();
  resetDesignerState();
  designer.experiment = {
    id: 1,
    name: 'x',
    description: null,
    plate_type: '96',
    vehicle_slug: null,
    default_vehicle_slug: null,
    created_at: '',
    updated_at: '',
  };
  const session = openDesignerSession(1, 5, { coalesceMs: 300 });
  session.adoptWirePlate({ version: 5, hash: 'h5', defn: D96, wells: {} }, false);
  stopFollowing = followPlate(session);
});

afterEach(() => {
  stopFollowing();
  closeDesignerSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a busy server', () => {
  it('gets the edit again after Retry-After, and it is saved', async () => {
    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [indexOfWellId('A1', D96)]);
    net.respond(503, { detail: 'The server is busy' }, 'Service Unavailable', BUSY);
    await vi.advanceTimersByTimeAsync(300);
    expect(net.calls).toHaveLength(1);
    expect(designer.saveStatus).toBe('error');
    const state = computePlateState({
      defn: D96,
      wells: { A1: dose },
      version: 6,
      bench: [],
      hasher: null,
    });
    net.respond(200, {
      version: 6,
      hash: 'h6',
      changed: state.wells,
      removed: [],
      indices_changed: {},
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(net.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.calls).toHaveLength(2);
    expect(JSON.parse(String(net.calls[1].body))).toMatchObject({ version: 5 });
    expect(designer.saveStatus).toBe('saved');
    expect(baseVersion()).toBe(6);
  });

  it("reads another writer's changes again after Retry-After", async () => {
    net.respond(503, { detail: 'The server is busy' }, 'Service Unavailable', BUSY);
    onPlateChanged({
      type: 'plate_changed',
      experiment_id: 1,
      at: 't',
      version: 7,
      base_version: 6,
      hash: 'h7',
      changed: null,
      removed: null,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(net.calls.map((c) => c.url)).toEqual(['/api/experiments/1/plate?since=5']);
    net.respond(200, { from: 5, version: 7, hash: 'h7', changed: { C3: theirs }, removed: [] });
    await vi.advanceTimersByTimeAsync(2000);
    expect(net.calls).toHaveLength(2);
    expect(designer.plate?.version).toBe(7);
    expect(Object.keys(designer.plate?.wells ?? {})).toEqual(['C3']);
  });
});
