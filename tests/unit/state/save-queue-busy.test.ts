// A busy server (503 with Retry-After) loses nothing the user typed: the save queue keeps the
// document and sends it again after the wait the server asked for, not its own back-off.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import { emptyPlateState, type PlateState } from '../../../src/domain/plate-state';
import { SaveQueue, type SaveStatus } from '../../../src/state/save-queue';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const busy = (seconds: string) =>
  new ApiError(503, 'Service Unavailable', '{"detail":"The server is busy"}', seconds);

describe('save queue on a busy server', () => {
  it('sends the latest document again after Retry-After, then saves it', async () => {
    const calls: { doc: string; resolve(s: PlateState): void; reject(e: unknown): void }[] = [];
    const statuses: [SaveStatus, string | null][] = [];
    const saved: string[] = [];
    const queue = new SaveQueue<string>(
      {
        send: (doc) => new Promise((resolve, reject) => calls.push({ doc, resolve, reject })),
        onSaved: (_state, doc) => saved.push(doc),
        onConflict: () => {},
        onStatus: (status, error) => statuses.push([status, error]),
        coalesceMs: 10,
        retryBaseMs: 30_000,
        retryMaxMs: 60_000,
      },
      1,
    );
    queue.schedule('a');
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toHaveLength(1);
    calls[0].reject(busy('3'));
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)?.[1]).toMatch(/busy.*Retrying in 3 s/);
    queue.schedule('ab'); // typed while waiting: this is what goes out next
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.doc)).toEqual(['a', 'ab']);
    calls[1].reject(busy('1'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => c.doc)).toEqual(['a', 'ab', 'ab']);
    calls[2].resolve({ ...emptyPlateState(96), version: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual(['ab']);
    expect(statuses.at(-1)?.[0]).toBe('saved');
  });

  it('reads Retry-After as seconds or a date; a 503 without it waits 1 s', async () => {
    const { busyRetryMs } = await import('../../../src/api/api-error');
    expect(busyRetryMs(busy('7'))).toBe(7000);
    const date = new Date(Date.now() + 4000).toUTCString();
    expect(busyRetryMs(busy(date))).toBeGreaterThan(2000);
    expect(busyRetryMs(new ApiError(503, 'Service Unavailable', ''))).toBe(1000);
    expect(busyRetryMs(new ApiError(500, 'Internal', ''))).toBeNull();
  });
});
