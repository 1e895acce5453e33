// The load generator of load.bench.ts, run in a worker thread so that the server's thread
// measures only the server. Requests go to 127.0.0.1 only, bounded in count by the plan.
// Reads (GET /plate) are sent when due, whatever else is running; each experiment's writes
// (one-well PATCHes) go one after another on the version the previous one made, as a
// designer's save queue sends them: a 503 is sent again after its Retry-After, a 409 on the
// version it names. Latency counts from when a request was due (an open loop: a slow server
// is not allowed to slow the load down and hide its queue).
import { request, Agent } from 'node:http';
import { parentPort, Worker } from 'node:worker_threads';

export interface LoadPlan {
  base: string;
  authorization: string;
  /** the experiments written to, with the version each plate is at */
  writers: { experimentId: number; version: number }[];
  /** what is sent when (ms after the start): a read of an experiment, or a writer's edit */
  arrivals: { at: number; read?: number; write?: number }[];
  /** give up retrying a write after this many ms from the start */
  deadlineMs: number;
}

export interface LoadSample {
  kind: 'read' | 'write';
  /** the final answer's status; 0 when the connection failed */
  status: number;
  /** ms from due to the final answer */
  ms: number;
  /**
   * ms from sending the final attempt to its answer: a writer's edit is sent only once the
   * one before it is answered (a save queue), so its wait for that one is the client's
   */
  sentMs: number;
  /** 503s answered before the final answer (writes only: reads are not retried) */
  shed: number;
  /** the error code of a failed connection (ECONNRESET...) */
  error?: string;
}

export interface LoadResult {
  samples: LoadSample[];
  /** per writer: writes acknowledged (200) */
  acknowledged: number[];
  versions: number[];
  seconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function errorCode(error: unknown): string {
  const e = error as { cause?: { code?: string }; code?: string; message?: string };
  return e.cause?.code ?? e.code ?? e.message ?? 'error';
}

async function run(plan: LoadPlan): Promise<LoadResult> {
  const versions = plan.writers.map((w) => w.version);
  const acknowledged = plan.writers.map(() => 0);
  const chains: Promise<void>[] = plan.writers.map(() => Promise.resolve());
  const samples: LoadSample[] = [];
  const started = performance.now();
  const pending: Promise<void>[] = [];
  const headers = { authorization: plan.authorization };

  // Reads take the gzip as a browser does, and count its bytes without inflating them: the
  // time a reader waits is the server's until the last byte, not the load generator's
  // decompression (200 inflates of a 1536-well answer cost this thread seconds of the CPU
  // that the server being measured shares).
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const read = async (experimentId: number, due: number) => {
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          `${plan.base}/api/experiments/${experimentId}/plate`,
          { agent, headers: { ...headers, 'accept-encoding': 'gzip' } },
          (res) => {
            res.on('data', () => undefined);
            res.once('end', () => resolve(res.statusCode ?? 0));
            res.once('error', reject);
          },
        );
        req.once('error', reject);
        req.end();
      });
      samples.push({
        kind: 'read',
        status,
        ms: performance.now() - due,
        sentMs: performance.now() - due,
        shed: 0,
      });
    } catch (error) {
      samples.push({
        kind: 'read',
        status: 0,
        ms: performance.now() - due,
        sentMs: performance.now() - due,
        shed: 0,
        error: errorCode(error),
      });
    }
  };

  const write = async (w: number, n: number, due: number) => {
    const id = plan.writers[w].experimentId;
    let shed = 0;
    for (;;) {
      const sent = performance.now();
      try {
        const res = await fetch(`${plan.base}/api/experiments/${id}/plate`, {
          method: 'PATCH',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            version: versions[w],
            ops: [{ op: 'label', wells: [`A${1 + (n % 12)}`], label: `edit ${n}` }],
          }),
        });
        const text = await res.text();
        const late = performance.now() - started > plan.deadlineMs;
        if (res.status === 200) {
          versions[w] = (JSON.parse(text) as { version: number }).version;
          acknowledged[w]++;
        } else if (res.status === 409) {
          versions[w] = (JSON.parse(text) as { version: number }).version;
          if (!late) continue;
        } else if (res.status === 503 && !late) {
          shed++;
          await sleep(Number(res.headers.get('retry-after') ?? '1') * 1000);
          continue;
        }
        samples.push({
          kind: 'write',
          status: res.status,
          ms: performance.now() - due,
          sentMs: performance.now() - sent,
          shed,
        });
      } catch (error) {
        samples.push({
          kind: 'write',
          status: 0,
          ms: performance.now() - due,
          sentMs: performance.now() - sent,
          shed,
          error: errorCode(error),
        });
      }
      return;
    }
  };

  for (let n = 0; n < plan.arrivals.length; n++) {
    const a = plan.arrivals[n];
    const due = started + a.at;
    const wait = due - performance.now();
    if (wait > 0.5) await sleep(wait);
    if (a.read !== undefined) pending.push(read(a.read, due));
    if (a.write !== undefined) {
      const w = a.write;
      chains[w] = chains[w].then(() => write(w, n, due));
    }
  }
  await Promise.all([...pending, ...chains]);
  agent.destroy();
  return { samples, acknowledged, versions, seconds: (performance.now() - started) / 1000 };
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (plan: LoadPlan) => {
    void run(plan).then((result) => port.postMessage(result));
  });
}

/** Runs the plan in a fresh worker thread; answers when every request is answered. */
export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const worker = new Worker(new URL(import.meta.url));
  try {
    return await new Promise<LoadResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage(plan, []);
    });
  } finally {
    await worker.terminate();
  }
}
