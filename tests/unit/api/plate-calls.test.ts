// The plate calls against canned responses: compact GET decoded, changes since a version
// (410 and a server without `since` both mean "fetch the whole plate"), and PATCH.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import { getPlateCompact, getPlateSince, patchPlate, wirePlateOf } from '../../../src/api/plate';
import { encodeCompactPlate } from '../../../src/domain/plate/compact';
import { plateDefn } from '../../../src/domain/plate-format';
import { computePlateState } from '../../../src/domain/plate-state';
import { installFakeFetch } from './fake-fetch';

afterEach(() => vi.unstubAllGlobals());

const D1536 = plateDefn(1536);
const wells = {
  A1: {
    label: 'ctl',
    sample: '',
    tags: [],
    targets: { cpd: { target_nM: 10, volume_uL: 0.5, tol_pct: 5 } },
  },
  AF48: {
    label: '',
    sample: 's1',
    tags: ['edge'],
    targets: { dmso: { target_nM: null, volume_uL: 1, tol_pct: 5 } },
  },
};

describe('compact plate', () => {
  it('decodes the columns the server sends into wire wells', async () => {
    const net = installFakeFetch();
    const compact = encodeCompactPlate({ version: 4, hash: 'abc', defn: D1536, wells });
    expect(compact.form).toBe('compact');
    net.respond(200, compact);
    const plate = await getPlateCompact(3);
    expect(net.calls[0]).toMatchObject({
      url: '/api/experiments/3/plate?form=compact',
      method: 'GET',
    });
    expect(plate).toEqual({ version: 4, hash: 'abc', defn: D1536, wells });
  });

  it('reads a full state as its wire wells (a server without the compact form)', () => {
    const state = computePlateState({ defn: D1536, wells, version: 2, bench: [] });
    const plate = wirePlateOf(state);
    expect(plate.version).toBe(2);
    expect(plate.hash).toBe(state.hash);
    expect(plate.wells.AF48).toEqual(wells.AF48);
    expect(Object.keys(plate.wells)).toEqual(['A1', 'AF48']);
  });
});

describe('changes since a version', () => {
  it('answers the changes, or null on 410 and on a whole state', async () => {
    const net = installFakeFetch();
    const changes = { from: 3, version: 5, hash: 'h', changed: { A1: wells.A1 }, removed: ['B2'] };
    net.respond(200, changes);
    net.respond(410, { detail: 'gone' });
    net.respond(200, computePlateState({ defn: D1536, wells, version: 5, bench: [] }));
    net.respond(500, { detail: 'boom' });
    await expect(getPlateSince(9, 3)).resolves.toEqual(changes);
    await expect(getPlateSince(9, 1)).resolves.toBeNull();
    await expect(getPlateSince(9, 1)).resolves.toBeNull();
    await expect(getPlateSince(9, 1)).rejects.toBeInstanceOf(ApiError);
    expect(net.calls.map((c) => c.url)).toEqual([
      '/api/experiments/9/plate?since=3',
      '/api/experiments/9/plate?since=1',
      '/api/experiments/9/plate?since=1',
      '/api/experiments/9/plate?since=1',
    ]);
  });
});

describe('PATCH', () => {
  it('sends the version and the ops as JSON', async () => {
    const net = installFakeFetch();
    const answer = {
      version: 6,
      hash: 'h6',
      changed: {},
      removed: ['A1'],
      indices_changed: { unmet: [] },
    };
    net.respond(200, answer);
    const ops = [{ op: 'put' as const, wells: { A1: null } }];
    await expect(patchPlate(2, { version: 5, ops })).resolves.toEqual(answer);
    expect(net.calls[0]).toMatchObject({ url: '/api/experiments/2/plate', method: 'PATCH' });
    expect(JSON.parse(String(net.calls[0].body))).toEqual({ version: 5, ops });
  });
});
