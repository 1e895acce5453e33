// The open-loop load generator of the plate ops benchmark, run in a worker thread so that the
// server's thread measures only the server: one-well PATCHes arrive at a fixed rate whatever
// the answers' latency (a closed loop would slow down with the server and hide its queue).
// Each stream (an experiment) sends its edits one after another, each based on the version
// the previous one made; latency counts from the edit's scheduled arrival, so time spent
// waiting behind the stream's previous edit is counted as a user would feel it.
import { parentPort, Worker } from 'node:worker_threads';
import { plateDefn } from '../../src/domain/plate-format';
import { idOfIndex } from '../../src/domain/well-id';

export interface OpenLoopPlan {
  base: string;
  authorization: string;
  /** the streams: an experiment and the version its plate is at */
  streams: { experimentId: number; version: number }[];
  /**
   * When each edit is due (ms after the start) and its stream; built by the caller
   * (fixedRate or perUser), so the worker only sends.
   */
  arrivals: { at: number; stream: number }[];
}

export interface OpenLoopResult {
  /** latency of each edit from its scheduled arrival (ms), in arrival order */
  latencies: number[];
  failures: string[];
  /** seconds from the start to the last answer */
  seconds: number;
  /** the streams' versions at the end (the next run starts from them) */
  versions: number[];
}

/** Arrivals at a fixed total rate, dealt to the streams in turn. */
export function fixedRate(rate: number, seconds: number, streams: number) {
  const total = Math.round(rate * seconds);
  return Array.from({ length: total }, (_, n) => ({ at: (n * 1000) / rate, stream: n % streams }));
}

/**
 * Every stream (one user) edits once per `periodMs`, the users' phases spread evenly over
 * the period, as independent users would.
 */
export function perUser(users: number, periodMs: number, seconds: number) {
  const out: { at: number; stream: number }[] = [];
  const rounds = Math.floor((seconds * 1000) / periodMs);
  for (let r = 0; r < rounds; r++)
    for (let u = 0; u < users; u++)
      out.push({ at: r * periodMs + (u * periodMs) / users, stream: u });
  return out.toSorted((a, b) => a.at - b.at);
}

const defn1536 = plateDefn(1536);

/** A one-well `set` of compound A, different for every n. */
export function oneWellEdit(version: number, n: number): string {
  return JSON.stringify({
    version,
    ops: [
      {
        op: 'set',
        wells: [idOfIndex(defn1536, (n * 37) % 1536)],
        reagent: 'compound-a',
        target_nM: 1000 + n,
        volume_uL: 0.0025 * (1 + (n % 7)),
      },
    ],
  });
}

async function run(plan: OpenLoopPlan): Promise<OpenLoopResult> {
  const versions = plan.streams.map((s) => s.version);
  const chains: Promise<void>[] = plan.streams.map(() => Promise.resolve());
  const latencies: number[] = Array.from({ length: plan.arrivals.length }, () => Number.NaN);
  const failures: string[] = [];
  // Untimed: one read per stream first, so the connections are open and the client code is
  // compiled before the clock starts (the first edits measured connection set-up otherwise).
  await Promise.all(
    plan.streams.map(async (s) => {
      const res = await fetch(`${plan.base}/api/experiments/${s.experimentId}/plate?form=compact`, {
        headers: { authorization: plan.authorization },
      });
      await res.arrayBuffer();
    }),
  );
  const started = performance.now();
  for (let n = 0; n < plan.arrivals.length; n++) {
    const { at, stream } = plan.arrivals[n];
    const due = started + at;
    const wait = due - performance.now();
    if (wait > 0.5) await new Promise((r) => setTimeout(r, wait));
    chains[stream] = chains[stream].then(async () => {
      const id = plan.streams[stream].experimentId;
      try {
        const res = await fetch(`${plan.base}/api/experiments/${id}/plate`, {
          method: 'PATCH',
          headers: { authorization: plan.authorization, 'content-type': 'application/json' },
          body: oneWellEdit(versions[stream], n),
        });
        const text = await res.text();
        if (res.status === 200)
          versions[stream] = (JSON.parse(text) as { version: number }).version;
        else failures.push(`${res.status} ${text.slice(0, 120)}`);
      } catch (error) {
        failures.push((error as Error).message);
      }
      latencies[n] = performance.now() - due;
    });
  }
  await Promise.all(chains);
  return { latencies, failures, seconds: (performance.now() - started) / 1000, versions };
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (plan: OpenLoopPlan) => {
    void run(plan).then((result) => port.postMessage(result));
  });
}

/** Runs the plan in a fresh worker thread; answers when every edit is answered. */
export async function runOpenLoop(plan: OpenLoopPlan): Promise<OpenLoopResult> {
  const worker = new Worker(new URL(import.meta.url));
  try {
    return await new Promise<OpenLoopResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage(plan, []);
    });
  } finally {
    await worker.terminate();
  }
}
