// The API benchmark's clients, run in a worker thread: the 50 concurrent HTTP clients then
// use their own thread (and core), and the server's event loop only does the server's work.
import { parentPort, Worker } from 'node:worker_threads';

/** Requests of one load run: per client, the requests it sends one after another. */
export interface LoadPlan {
  base: string;
  authorization: string;
  /** Accept-Encoding the clients send ("gzip" as browsers do, or "identity"). */
  encoding: string;
  /** [client][i] -> request */
  requests: { method: 'GET' | 'PUT'; url: string; body?: string }[][];
}

/** Latency of each request (ms) and requests per second over the run. */
export interface LoadResult {
  samples: number[];
  rps: number;
  failures: string[];
}

async function runPlan(plan: LoadPlan): Promise<LoadResult> {
  const samples: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  await Promise.all(
    plan.requests.map(async (list) => {
      for (const req of list) {
        const t0 = performance.now();
        const res = await fetch(`${plan.base}${req.url}`, {
          method: req.method,
          headers: {
            authorization: plan.authorization,
            'accept-encoding': plan.encoding,
            ...(req.body && { 'content-type': 'application/json' }),
          },
          body: req.body,
        });
        const bytes = await res.arrayBuffer();
        samples.push(performance.now() - t0);
        if (res.status !== 200) failures.push(`${req.method} ${res.status} ${bytes.byteLength}`);
      }
    }),
  );
  return { samples, rps: samples.length / ((performance.now() - started) / 1000), failures };
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (plan: LoadPlan) => {
    void runPlan(plan).then((result) => port.postMessage(result));
  });
}

/** Runs the plan in a fresh worker thread; answers when every client is done. */
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
