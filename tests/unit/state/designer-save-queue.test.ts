// The save pipeline on its own. The PUT is replaced by a scripted fake `send` here (and only
// in these unit tests): the end-to-end suite saves through the real server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import { emptyPlateState, type PlateState } from '../../../src/domain/plate-state';
import { SaveQueue, type SaveStatus } from '../../../src/state/save-queue';

interface Call {
  doc: string;
  base: number;
  resolve(state: PlateState): void;
  reject(error: unknown): void;
}

function stateAt(version: number): PlateState {
  return { ...emptyPlateState(96), version };
}

function harness(baseVersion = 3) {
  const calls: Call[] = [];
  const statuses: [SaveStatus, string | null][] = [];
  const saved: [number, string, boolean][] = [];
  const conflicts: [PlateState | null, string, string][] = [];
  const queue = new SaveQueue<string>(
    {
      send: (doc, base) =>
        new Promise<PlateState>((resolve, reject) => calls.push({ doc, base, resolve, reject })),
      onSaved: (state, doc, settled) => saved.push([state.version, doc, settled]),
      onConflict: (current, message, refused) => conflicts.push([current, message, refused]),
      onStatus: (status, error) => statuses.push([status, error]),
      coalesceMs: 300,
      retryBaseMs: 1000,
      retryMaxMs: 8000,
    },
    baseVersion,
  );
  return { queue, calls, statuses, saved, conflicts };
}

const lastStatus = (s: [SaveStatus, string | null][]) => s[s.length - 1]?.[0];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('save queue', () => {
  it('coalesces a burst of edits into one PUT of the latest document', async () => {
    const { queue, calls, statuses } = harness();
    queue.schedule('a');
    await vi.advanceTimersByTimeAsync(100);
    queue.schedule('b');
    queue.schedule('c');
    expect(lastStatus(statuses)).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(299);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => [c.doc, c.base])).toEqual([['c', 3]]);
    expect(lastStatus(statuses)).toBe('saving');
  });

  it('keeps one request in flight and sends later edits on the new version', async () => {
    const { queue, calls, statuses, saved } = harness();
    queue.schedule('a');
    await vi.advanceTimersByTimeAsync(300);
    queue.schedule('b');
    queue.schedule('c');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    calls[0].resolve(stateAt(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(saved[0]).toEqual([4, 'a', false]);
    expect(calls.map((c) => [c.doc, c.base])).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
    expect(lastStatus(statuses)).toBe('saving');
    calls[1].resolve(stateAt(5));
    await vi.advanceTimersByTimeAsync(0);
    expect(saved[1]).toEqual([5, 'c', true]);
    expect(lastStatus(statuses)).toBe('saved');
    expect(queue.idle).toBe(true);
    expect(queue.version).toBe(5);
  });

  it('retries a failed save with a growing delay and never drops it', async () => {
    const { queue, calls, statuses } = harness();
    queue.schedule('a');
    await vi.advanceTimersByTimeAsync(300);
    calls[0].reject(new ApiError(503, 'Service Unavailable', '{"detail":"Database unavailable"}'));
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses[statuses.length - 1]).toEqual([
      'error',
      'Not saved: Database unavailable. Retrying in 1 s.',
    ]);
    expect(queue.idle).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.doc)).toEqual(['a', 'a']);
    calls[1].reject(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    calls[2].resolve(stateAt(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(lastStatus(statuses)).toBe('saved');
    expect(queue.idle).toBe(true);
  });

  it('caps the retry delay', async () => {
    const { queue, calls } = harness();
    queue.schedule('a');
    await vi.advanceTimersByTimeAsync(300);
    for (let i = 0; i < 6; i++) {
      calls[calls.length - 1].reject(new TypeError('Failed to fetch'));
      await vi.advanceTimersByTimeAsync(8000);
    }
    expect(calls).toHaveLength(7);
  });

  it('a newer edit made while a save failed is what the retry sends', async () => {
    const { queue, calls } = harness();
    queue.schedule('a');
    await vi.advanceTimersByTimeAsync(300);
    queue.schedule('b');
    calls[0].reject(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => c.doc)).toEqual(['a', 'b']);
  });

  it('on 409 hands over the server state and the refused edit, and stops sending it', async () => {
    const { queue, calls, statuses, conflicts } = harness();
    const current = stateAt(9);
    queue.schedule('mine');
    await vi.advanceTimersByTimeAsync(300);
    calls[0].reject(
      new ApiError(
        409,
        'Conflict',
        JSON.stringify({
          detail: 'The plate was changed elsewhere (now version 9). Reload to continue.',
          current,
        }),
      ),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0][0]?.version).toBe(9);
    expect(conflicts[0][2]).toBe('mine');
    expect(conflicts[0][1]).toContain('now version 9');
    expect(lastStatus(statuses)).toBe('conflict');
    expect(queue.version).toBe(9);
    expect(queue.idle).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    // The next edit (for example Undo bringing the refused one back) is based on version 9.
    queue.schedule('mine');
    await vi.advanceTimersByTimeAsync(300);
    expect(calls[1].base).toBe(9);
  });

  it('flush sends at once and resolves when saved', async () => {
    const { queue, calls } = harness();
    queue.schedule('a');
    const done = queue.flush();
    expect(calls).toHaveLength(1);
    calls[0].resolve(stateAt(4));
    await expect(done).resolves.toBe('saved');
    await expect(queue.flush()).resolves.toBe('saved');
  });

  it('reset drops waiting edits and starts from a confirmed version', async () => {
    const { queue, calls, statuses } = harness();
    queue.schedule('a');
    queue.reset(12);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(0);
    expect(lastStatus(statuses)).toBe('saved');
    queue.schedule('b');
    await vi.advanceTimersByTimeAsync(300);
    expect(calls[0].base).toBe(12);
  });
});

describe('designer document with a refused save', () => {
  it('shows the server plate after a 409 and keeps the refused edit one Undo away', async () => {
    const { closeDesignerSession, openDesignerSession } =
      await import('../../../src/state/designer-document');
    const { designer, showDocument } = await import('../../../src/state/designer-store');
    const actions = await import('../../../src/state/plate-actions');
    const { computePlateState } = await import('../../../src/domain/plate-state');
    const { plateDefn } = await import('../../../src/domain/plate-format');

    const sent: { wells: string[]; base: number }[] = [];
    const elsewhere = computePlateState({
      defn: plateDefn(96),
      wells: { H12: { targets: { cpd: { target_nM: 5, volume_uL: 1 } } } },
      version: 8,
      bench: [],
    });
    let answer: 'conflict' | 'ok' = 'conflict';
    openDesignerSession(1, 7, {
      send: async (doc, base) => {
        sent.push({ wells: Object.keys(doc.wells), base });
        if (answer === 'conflict') {
          throw new ApiError(
            409,
            'Conflict',
            JSON.stringify({ detail: 'stale', current: elsewhere }),
          );
        }
        return { ...elsewhere, version: base + 1 };
      },
    });
    showDocument({ format: 96, wells: {} });

    actions.applyReagent('cpd', { uM: 1, volumeUl: 2 }, [0]);
    expect(Object.keys(designer.wells)).toEqual(['A1']); // shown before any answer
    expect(designer.saveStatus).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(300);
    expect(sent[0]).toEqual({ wells: ['A1'], base: 7 });
    expect(designer.saveStatus).toBe('conflict');
    expect(designer.saveError).toContain('now version 8');
    expect(Object.keys(designer.wells)).toEqual(['H12']);
    expect(designer.canUndo).toBe(true);

    answer = 'ok';
    expect(actions.undo()).toBe(true);
    expect(Object.keys(designer.wells)).toEqual(['A1']);
    await vi.advanceTimersByTimeAsync(300);
    expect(sent[1]).toEqual({ wells: ['A1'], base: 8 });
    expect(designer.saveStatus).toBe('saved');
    expect(designer.plate?.version).toBe(9);

    expect(actions.redo()).toBe(true);
    expect(Object.keys(designer.wells)).toEqual(['H12']);
    closeDesignerSession();
  });
});

describe('save queue reset while a request is in flight', () => {
  it('ignores the answer of a request sent before the reset', async () => {
    const { queue, calls, saved, statuses } = harness();
    queue.schedule('old');
    await vi.advanceTimersByTimeAsync(300);
    queue.reset(20);
    calls[0].resolve(stateAt(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual([]);
    expect(queue.version).toBe(20);
    expect(queue.idle).toBe(true);
    expect(lastStatus(statuses)).toBe('saved');
    queue.schedule('new');
    await vi.advanceTimersByTimeAsync(300);
    expect(calls[1]).toMatchObject({ doc: 'new', base: 20 });
  });
});

describe('save queue rebase on 409', () => {
  it('sends the rebased document on the version the conflict names, with no conflict shown', async () => {
    const calls: Call[] = [];
    const statuses: [SaveStatus, string | null][] = [];
    const conflicts: string[] = [];
    const seen: [unknown, string][] = [];
    const queue = new SaveQueue<string>(
      {
        send: (doc, base) =>
          new Promise<PlateState>((resolve, reject) => calls.push({ doc, base, resolve, reject })),
        onSaved: () => {},
        rebase: (body, latest) => {
          seen.push([body, latest]);
          const version = (body as { version: number }).version;
          return version === 9 ? { doc: `${latest}+theirs`, version } : null;
        },
        onConflict: (_current, _message, refused) => conflicts.push(refused),
        onStatus: (status, error) => statuses.push([status, error]),
        coalesceMs: 300,
      },
      3,
    );
    queue.schedule('a');
    await vi.advanceTimersByTimeAsync(300);
    queue.schedule('ab'); // a newer edit waits behind the request
    calls[0].reject(new ApiError(409, 'Conflict', JSON.stringify({ detail: 'stale', version: 9 })));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([[{ detail: 'stale', version: 9 }, 'ab']]);
    expect(calls.map((c) => [c.doc, c.base])).toEqual([
      ['a', 3],
      ['ab+theirs', 9],
    ]);
    expect(conflicts).toEqual([]);
    calls[1].resolve(stateAt(10));
    await vi.advanceTimersByTimeAsync(0);
    expect(lastStatus(statuses)).toBe('saved');
    expect(statuses.some(([s]) => s === 'conflict')).toBe(false);

    // a conflict the rebase cannot take goes the old way, on the version it names
    queue.schedule('c');
    await vi.advanceTimersByTimeAsync(300);
    calls[2].reject(
      new ApiError(409, 'Conflict', JSON.stringify({ detail: 'stale', version: 12 })),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(conflicts).toEqual(['c']);
    expect(queue.version).toBe(12);
    expect(statuses[statuses.length - 1]).toEqual([
      'conflict',
      'The plate was changed elsewhere (now version 12) and has been reloaded. Your unsaved edit is kept: press Undo to bring it back.',
    ]);
  });
});
