// Bench actions against a fake fetch: the HTTP layer is replaced by a test double (see
// tests/unit/api/fake-fetch.ts) only in these unit tests; the server's own behaviour is
// covered by the server and end-to-end tests.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BenchReagent } from '../../../src/api/bench';
import { notePathname, setUnauthorizedHandler } from '../../../src/api/http-client';
import {
  ADD_REAGENT_TIMEOUT_MS,
  UPDATE_FAILED_MESSAGE,
  addReagent,
  deleteReagent,
  loadBench,
  updateConstraints,
} from '../../../src/state/bench-actions';
import { DEMO_REAGENTS, bench } from '../../../src/state/bench-store';
import { installFakeFetch, type FakeFetch } from '../api/fake-fetch';

let net: FakeFetch;

function reagent(slug: string, name: string, fields: Partial<BenchReagent> = {}): BenchReagent {
  return {
    ...DEMO_REAGENTS[0],
    id: slug,
    slug,
    name,
    ...fields,
  };
}

// a medium has no stock concentration (the demo reagent it is made from has 10 mM)
const noStock = { stock_uM: null, concentration_units: null, default_concentration_value: null };

const experiment = (vehicle: string | null) => ({
  id: 5,
  name: 'E',
  description: null,
  plate_type: '96',
  vehicle_slug: vehicle,
  default_vehicle_slug: vehicle,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});

beforeEach(() => {
  net = installFakeFetch();
  setUnauthorizedHandler(vi.fn());
  notePathname('/login');
  Object.assign(bench, {
    experimentId: null,
    reagents: [],
    status: 'loading',
    error: null,
    vehicleSlug: null,
    autoSelectVehicle: true,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUnauthorizedHandler(null);
});

async function readyBench(reagents: BenchReagent[], vehicle: string | null = 'dmso') {
  net.respond(200, reagents);
  await loadBench(5, vehicle);
  expect(bench.status).toBe('ready');
}

describe('loadBench', () => {
  it('shows the bench by name', async () => {
    await readyBench([reagent('b', 'Beta'), reagent('a', 'alpha')]);
    expect(bench.reagents.map((r) => r.name)).toEqual(['alpha', 'Beta']);
    expect(net.calls[0].url).toMatch(/\/api\/experiments\/5\/bench\/reagents$/);
  });

  it('falls back to the four demo reagents, marked as demo, when the bench cannot load', async () => {
    net.respond(500, { detail: 'Database unavailable' }, 'Internal Server Error');
    await loadBench(5, 'dmso');
    expect(bench.status).toBe('demo');
    expect(bench.error).toBe('Database unavailable');
    expect(bench.reagents.map((r) => r.name)).toEqual([
      'Compound A',
      'Compound B',
      'HEPES Buffer',
      'DMSO',
    ]);
  });

  it('auto-selects the default vehicle when none is set (PATCH .../vehicle)', async () => {
    net.respond(200, [
      reagent('dmso', 'DMSO', { type: 'solvent', reagent_type: 'solvent' }),
      reagent('rpmi', 'RPMI', { type: 'media', reagent_type: 'media', ...noStock }),
      reagent('dmem', 'DMEM', { type: 'media', reagent_type: 'media', ...noStock }),
    ]);
    net.respond(200, experiment('dmem'));
    await loadBench(5, null);
    expect(bench.vehicleSlug).toBe('dmem');
    const patch = net.calls[1];
    expect(patch.method).toBe('PATCH');
    expect(patch.url).toMatch(/\/api\/experiments\/5\/vehicle$/);
    expect(JSON.parse(String(patch.body))).toEqual({ vehicle_slug: 'dmem' });
  });

  it('picks no vehicle from a 1 M buffer stock: it is diluted into wells, water fills them', async () => {
    net.respond(200, [
      reagent('dmso', 'DMSO', { type: 'solvent', reagent_type: 'solvent' }),
      reagent('hepes', 'HEPES', { type: 'buffer', reagent_type: 'buffer', stock_uM: 1e6 }),
    ]);
    await loadBench(5, null);
    expect(bench.vehicleSlug).toBeNull();
    expect(net.calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('keeps a vehicle that is already set', async () => {
    await readyBench([reagent('dmso', 'DMSO', { type: 'solvent', reagent_type: 'solvent' })], 'x');
    expect(bench.vehicleSlug).toBe('x');
    expect(net.calls).toHaveLength(1);
  });
});

describe('deleteReagent', () => {
  it('removes the reagent from the view at once', async () => {
    await readyBench([reagent('a', 'A'), reagent('b', 'B')]);
    let answer: (() => void) | undefined;
    net.calls.length = 0;
    const gate = new Promise<void>((r) => (answer = r));
    net.respond(204);
    const fetchStub = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return fetchStub(...args);
    });
    const done = deleteReagent('a');
    expect(bench.reagents.map((r) => r.slug)).toEqual(['b']);
    answer?.();
    expect(await done).toBe(true);
    expect(bench.reagents.map((r) => r.slug)).toEqual(['b']);
    expect(net.calls[0].method).toBe('DELETE');
    expect(net.calls[0].url).toMatch(/\/bench\/reagents\/a$/);
  });

  it('restores the reagent in its place and reloads when the server refuses', async () => {
    await readyBench([reagent('a', 'A'), reagent('b', 'B'), reagent('c', 'C')]);
    net.respond(500, { detail: 'Database unavailable' }, 'Internal Server Error');
    net.respond(200, [reagent('a', 'A'), reagent('b', 'B'), reagent('c', 'C')]);
    expect(await deleteReagent('b')).toBe(false);
    expect(bench.reagents.map((r) => r.slug)).toEqual(['a', 'b', 'c']);
    expect(bench.error).toBe('Could not delete B: Database unavailable');
    expect(net.calls.map((c) => c.method)).toEqual(['GET', 'DELETE', 'GET']);
  });
});

describe('updateConstraints', () => {
  it('sends only the changed fields and shows the answer', async () => {
    await readyBench([reagent('dmso', 'DMSO', { max_concentration_percent: 0.1 })]);
    net.respond(
      200,
      reagent('dmso', 'DMSO', { max_concentration_percent: 0.1, min_transfer_ul: 0.5 }),
    );
    expect(await updateConstraints('dmso', { min_transfer_ul: 0.5 })).toBe(true);
    expect(JSON.parse(String(net.calls[1].body))).toEqual({ min_transfer_ul: 0.5 });
    expect(net.calls[1].method).toBe('PATCH');
    expect(bench.reagents[0].min_transfer_ul).toBe(0.5);
  });

  it('sends nothing when nothing changed', async () => {
    await readyBench([reagent('dmso', 'DMSO')]);
    expect(await updateConstraints('dmso', {})).toBe(true);
    expect(net.calls).toHaveLength(1);
  });

  it('alerts "Failed to update reagent. Please try again." on failure and changes nothing', async () => {
    await readyBench([reagent('dmso', 'DMSO', { max_concentration_percent: 0.1 })]);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    net.respond(500, { detail: 'boom' }, 'Internal Server Error');
    expect(await updateConstraints('dmso', { max_concentration_percent: 1 })).toBe(false);
    expect(alert).toHaveBeenCalledWith(UPDATE_FAILED_MESSAGE);
    expect(bench.reagents[0].max_concentration_percent).toBe(0.1);
  });
});

describe('addReagent', () => {
  const payload = {
    name: 'Water',
    reagent_type: 'other' as const,
    solvent: null,
    default_concentration_units: null,
    default_concentration_value: null,
    molecular_weight_g_per_mol: null,
    cells_per_ml: null,
    ph: null,
    ionic_strength_value: null,
    ionic_strength_units: null,
    max_concentration_percent: null,
    purity_grade: null,
    supplements: null,
    description: null,
    slug: null,
  };

  it('posts the payload and shows the new reagent in name order', async () => {
    await readyBench([reagent('zinc', 'Zinc')]);
    net.respond(201, reagent('water', 'Water'));
    await addReagent(payload);
    expect(net.calls[1].method).toBe('POST');
    expect(JSON.parse(String(net.calls[1].body))).toMatchObject({ name: 'Water' });
    expect(bench.reagents.map((r) => r.slug)).toEqual(['water', 'zinc']);
  });

  it('rejects with "Request timed out" after 10 s and leaves the bench as it was', async () => {
    await readyBench([reagent('zinc', 'Zinc')]);
    vi.useFakeTimers();
    net.hang();
    const result = addReagent(payload);
    const check = expect(result).rejects.toThrow('Request timed out');
    await vi.advanceTimersByTimeAsync(ADD_REAGENT_TIMEOUT_MS);
    await check;
    expect(bench.reagents.map((r) => r.slug)).toEqual(['zinc']);
  });

  it('rejects with the server detail (duplicate)', async () => {
    await readyBench([reagent('water', 'Water')]);
    net.respond(409, { detail: 'Water is already on the bench' }, 'Conflict');
    await expect(addReagent(payload)).rejects.toMatchObject({
      detail: 'Water is already on the bench',
    });
  });
});
