// The clients of the mixed-load benchmark, run in a worker thread so that the server's
// event loop does only the server's work. Each client owns one experiment and sends a plate
// read, a catalog search or a one-well edit, in the proportions of the plan: either back to
// back (closed loop: as many requests in flight as clients) or at a fixed mean rate whatever
// the answers take (open loop: what a number of users offer).
import { parentPort, Worker } from 'node:worker_threads';

export type MixOp = 'read' | 'search' | 'edit';

export interface MixPlan {
  base: string;
  authorization: string;
  /** [client] -> its experiment and plate version, and the operations it sends in order */
  clients: { experimentId: number; version: number; ops: MixOp[] }[];
  catalogQueries: string[];
  /** Wells of the plates (the edit changes one of them). */
  wellIds: string[];
  /** Open loop: each client's mean ms between requests; absent: closed loop. */
  intervalMs?: number;
}

export interface MixResult {
  samples: Record<MixOp, number[]>;
  errors: string[];
  seconds: number;
  /** [client] -> its plate's version after the run */
  versions: number[];
}

/** The one-well edit as an HTTP request: a PATCH `put` of the one well, at the client's version. */
export function editRequest(
  experimentId: number,
  version: number,
  well: string,
  step: number,
): { method: string; url: string; body: string } {
  return {
    method: 'PATCH',
    url: `/api/experiments/${experimentId}/plate`,
    body: JSON.stringify({ version, ops: [{ op: 'put', wells: { [well]: wellContent(step) } }] }),
  };
}

/** The whole plate as one PUT (every well of `wellIds`): how each client's plate is made. */
export function fillRequest(
  experimentId: number,
  wellIds: string[],
): { method: string; url: string; body: string } {
  const wells: Record<string, unknown> = {};
  for (const id of wellIds) wells[id] = wellContent(0);
  return {
    method: 'PUT',
    url: `/api/experiments/${experimentId}/plate`,
    body: JSON.stringify({ version: 0, defn: { format: 96, rows: 8, cols: 12 }, wells }),
  };
}

/** A well with two compounds, vehicle and medium; `step` varies the first compound. */
export function wellContent(step: number) {
  const a = 0.0025 * (1 + (step % 12));
  return {
    targets: {
      'compound-a': { target_nM: (1e7 * a) / 8, volume_uL: a },
      'compound-b': { target_nM: 6250, tol_pct: 10, volume_uL: 0.05 },
      dmso: { target_nM: null, volume_uL: 0.02 },
      'assay-medium': { target_nM: null, volume_uL: 8 - a - 0.05 - 0.02 },
    },
  };
}

/** The request of one operation of client `c`, the `n`-th of the run. */
function requestOf(
  plan: MixPlan,
  c: number,
  n: number,
  op: MixOp,
  version: number,
): { method: string; url: string; body?: string } {
  const client = plan.clients[c];
  if (op === 'read') return { method: 'GET', url: `/api/experiments/${client.experimentId}/plate` };
  if (op === 'search') {
    const q = plan.catalogQueries[(c + n) % plan.catalogQueries.length];
    return { method: 'GET', url: `/api/reagents/catalog?q=${encodeURIComponent(q)}` };
  }
  const well = plan.wellIds[(c * 7 + n) % plan.wellIds.length];
  return editRequest(client.experimentId, version, well, n);
}

/** Sends one request; its status, or the error's message. */
async function send(
  plan: MixPlan,
  req: { method: string; url: string; body?: string },
): Promise<number | string> {
  try {
    const res = await fetch(`${plan.base}${req.url}`, {
      method: req.method,
      headers: {
        authorization: plan.authorization,
        'accept-encoding': 'gzip',
        ...(req.body && { 'content-type': 'application/json' }),
      },
      body: req.body,
    });
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A deterministic uniform [0, 1) sequence (so every run sends at the same moments). */
function uniform(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

async function runMix(plan: MixPlan): Promise<MixResult> {
  const samples: Record<MixOp, number[]> = { read: [], search: [], edit: [] };
  const errors: string[] = [];
  const started = performance.now();
  const versions = plan.clients.map((client) => client.version);
  const record = (op: MixOp, t0: number, outcome: number | string) => {
    samples[op].push(performance.now() - t0);
    if (outcome !== 200) errors.push(`${op} ${outcome}`);
  };
  let n = 0;
  const interval = plan.intervalMs;
  if (interval === undefined) {
    // Closed loop: each client sends its next request as soon as the last one is answered.
    await Promise.all(
      plan.clients.map(async (client, c) => {
        let version = client.version;
        for (const op of client.ops) {
          n += 1;
          const t0 = performance.now();
          const outcome = await send(plan, requestOf(plan, c, n, op, version));
          record(op, t0, outcome);
          if (op === 'edit' && outcome === 200) versions[c] = version += 1;
        }
      }),
    );
  } else {
    // Open loop: each client sends a request every `interval` ms on average (uniform jitter
    // of +-50 %, first one at a random moment of the first interval), answered or not. The
    // latency counts from the moment the request was due, so a slow server is not hidden by
    // late sending. A client's edits follow one another (each needs the version the last
    // one made), as a user's edits do; reads and searches never wait.
    const random = uniform(4242);
    await Promise.all(
      plan.clients.map(async (client, c) => {
        let version = client.version;
        let lastEdit: Promise<unknown> = Promise.resolve();
        let due = started + random() * interval;
        const pending: Promise<unknown>[] = [];
        for (const op of client.ops) {
          n += 1;
          const at = due;
          due += interval * (0.5 + random());
          await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
          const k = n;
          if (op === 'edit') {
            lastEdit = lastEdit.then(async () => {
              const outcome = await send(plan, requestOf(plan, c, k, op, version));
              record(op, at, outcome);
              if (outcome === 200) versions[c] = version += 1;
            });
            pending.push(lastEdit);
          } else {
            pending.push(
              send(plan, requestOf(plan, c, k, op, version)).then((o) => record(op, at, o)),
            );
          }
        }
        await Promise.all(pending);
      }),
    );
  }
  return { samples, errors, seconds: (performance.now() - started) / 1000, versions };
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (plan: MixPlan) => {
    void runMix(plan).then((result) => port.postMessage(result));
  });
}

/** Runs the plan in a fresh worker thread; answers when every client is done. */
export async function runMixLoad(plan: MixPlan): Promise<MixResult> {
  const worker = new Worker(new URL(import.meta.url));
  try {
    return await new Promise<MixResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage(plan, []);
    });
  } finally {
    await worker.terminate();
  }
}
