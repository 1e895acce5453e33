// The client and the worker API talk through a real MessageChannel with comlink, as in the
// browser; only the Worker wrapper is left out.
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { computeMetrics, type MetricsInput } from '../../../src/domain/metrics-kernel';
import { metricsApi } from '../../../src/workers/metrics-api';
import { createMetricsClient, type MetricsClient } from '../../../src/workers/metrics-client';
import { transferablesOf } from '../../../src/workers/transferables';

/** W wells x R reagents: well w gets (w % 7) uL of reagent w % R, targets on reagent 0. */
function plateInput(W: number, R: number, seed = 1): MetricsInput {
  const volumeUL = new Float64Array(W * R);
  const targetNM = new Float64Array(W * R).fill(Number.NaN);
  const tolPct = new Float64Array(W * R).fill(Number.NaN);
  for (let w = 0; w < W; w++) {
    const r = (w + seed) % R;
    volumeUL[w * R + r] = (w % 7) + seed;
    volumeUL[w * R + ((r + 1) % R)] = 1;
    targetNM[w * R] = 1000 * ((w % 5) + 1);
  }
  return {
    wellCount: W,
    reagentCount: R,
    stockNM: Float64Array.from({ length: R }, (_, r) => 1e4 * (r + 1)),
    stockPct: new Float64Array(R).fill(Number.NaN),
    reagentType: Uint8Array.from({ length: R }, (_, r) => r % 6),
    solventLoad: Uint8Array.from({ length: R }, (_, r) => (r % 6 === 3 ? 1 : 0)),
    ionicMM: new Float64Array(R).fill(Number.NaN),
    maxPct: new Float64Array(R).fill(Number.NaN),
    minTransferUL: new Float64Array(R).fill(Number.NaN),
    volumeUL,
    targetNM,
    tolPct,
  };
}

function clone(input: MetricsInput): MetricsInput {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input))
    out[k] = ArrayBuffer.isView(v) ? (v as Float64Array).slice() : v;
  return out as unknown as MetricsInput;
}

let client: MetricsClient | undefined;
let calls = 0;

function start(): MetricsClient {
  const { port1, port2 } = new MessageChannel();
  calls = 0;
  Comlink.expose(
    {
      compute(input: MetricsInput) {
        calls++;
        return metricsApi.compute(input);
      },
    },
    port1 as unknown as Comlink.Endpoint,
  );
  client = createMetricsClient(port2 as unknown as Comlink.Endpoint, () => {
    port1.close();
    port2.close();
  });
  return client;
}

afterEach(() => {
  client?.dispose();
  client = undefined;
});

describe('transferablesOf', () => {
  it('lists each typed array buffer once', () => {
    const shared = new Float64Array(4);
    const list = transferablesOf({
      a: shared,
      b: new Float64Array(shared.buffer, 8, 1),
      c: new Uint8Array(2),
      n: 3,
    });
    expect(list).toHaveLength(2);
    expect(list[0]).toBe(shared.buffer);
  });
});

describe('metrics client', () => {
  it('answers what the kernel computes, through the channel', async () => {
    const c = start();
    const input = plateInput(1536, 16);
    const expected = computeMetrics(clone(input));
    const out = await c.compute(input);
    expect(out).toBeDefined();
    expect(Array.from(out!.status)).toEqual(Array.from(expected.status));
    expect(Array.from(out!.volumeUL)).toEqual(Array.from(expected.volumeUL));
    expect(Array.from(out!.dominant)).toEqual(Array.from(expected.dominant));
    expect(out!.errPct.length).toBe(1536 * 16);
  });

  it('transfers the input instead of copying it', async () => {
    const c = start();
    const input = plateInput(96, 4);
    const pending = c.compute(input);
    expect(input.volumeUL.byteLength).toBe(0); // detached: its buffer moved to the worker side
    await pending;
  });

  it('sends only the latest waiting state and drops overtaken answers', async () => {
    const c = start();
    const a = c.compute(plateInput(96, 4, 1));
    const b = c.compute(plateInput(96, 4, 2));
    const latest = plateInput(96, 4, 3);
    const expected = computeMetrics(clone(latest));
    const d = c.compute(latest);
    const [ra, rb, rd] = await Promise.all([a, b, d]);
    expect(ra).toBeUndefined(); // answered after newer requests existed: stale
    expect(rb).toBeUndefined(); // replaced while waiting: never sent
    expect(Array.from(rd!.volumeUL)).toEqual(Array.from(expected.volumeUL));
    expect(calls).toBe(2);
  });

  it('delivers a lone request and resolves nothing after dispose', async () => {
    const c = start();
    expect(await c.compute(plateInput(6, 2))).toBeDefined();
    c.dispose();
    expect(await c.compute(plateInput(6, 2))).toBeUndefined();
  });
});
