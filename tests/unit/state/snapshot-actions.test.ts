// Saving a snapshot under the name the user gave (the version's label in the snapshots menu).
// The HTTP layer is the fake fetch of tests/unit/api/fake-fetch.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notePathname, setUnauthorizedHandler } from '../../../src/api/http-client';
import type { VersionSummary } from '../../../src/api/versions';
import { designer, resetDesignerState } from '../../../src/state/designer-store';
import { SNAPSHOT_SUMMARY, saveSnapshot } from '../../../src/state/snapshot-actions';
import { installFakeFetch, type FakeFetch } from '../api/fake-fetch';

let net: FakeFetch;

const version = (id: number, label: string | null): VersionSummary => ({
  id,
  experiment_id: 3,
  version: id,
  summary: SNAPSHOT_SUMMARY,
  label,
  created_at: '2026-01-01T00:00:00.000Z',
  has_snapshot: true,
});

beforeEach(() => {
  net = installFakeFetch();
  setUnauthorizedHandler(vi.fn());
  notePathname('/login');
  resetDesignerState();
  designer.experiment = {
    id: 3,
    name: 'Screen',
    description: null,
    plate_type: '96',
    vehicle_slug: null,
    default_vehicle_slug: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  designer.snapshots = [version(1, 'Snapshot 1')];
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

const sentSnapshot = () =>
  (JSON.parse(String(net.calls[0].body)) as { summary: string; snapshot: { label: string } })
    .snapshot;

describe('saveSnapshot', () => {
  it('saves the snapshot under the name given, trimmed, and lists it first', async () => {
    net.respond(201, version(2, 'Before dosing'));
    const saved = await saveSnapshot('  Before dosing ');
    expect(net.calls[0].method).toBe('POST');
    expect(net.calls[0].url).toMatch(/\/api\/experiments\/3\/versions$/);
    expect(sentSnapshot().label).toBe('Before dosing');
    expect(JSON.parse(String(net.calls[0].body)).summary).toBe(SNAPSHOT_SUMMARY);
    expect(saved?.label).toBe('Before dosing');
    expect(designer.snapshots.map((v) => v.label)).toEqual(['Before dosing', 'Snapshot 1']);
  });

  it('names it "Snapshot <n>" without a name or with a blank one', async () => {
    net.respond(201, version(2, 'Snapshot 2'));
    await saveSnapshot('   ');
    expect(sentSnapshot().label).toBe('Snapshot 2');
  });
});
