// The clients of the mixed-load benchmark, run in a worker thread so that the server's
// event loop does only the server's work. Each client owns one experiment and sends its
// requests one after another: a plate read, a catalog search or a one-well edit, in the
// proportions of the plan.
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
}

export interface MixResult {
  samples: Record<MixOp, number[]>;
  errors: string[];
  seconds: number;
}

/**
 * The one-well edit as an HTTP request. Today a PUT of the whole plate with the well
 * changed; once PATCH /plate exists, return
 * `{ method: 'PATCH', url, body: {version, ops: [{op: 'put', wells: {[well]: {targets}}}]} }`.
 */
export function editRequest(
  experimentId: number,
  version: number,
  well: string,
  step: number,
  wellIds: string[],
): { method: string; url: string; body: string } {
  const wells: Record<string, unknown> = {};
  for (const id of wellIds) wells[id] = wellContent(id === well ? step : 0);
  return {
    method: 'PUT',
    url: `/api/experiments/${experimentId}/plate`,
    body: JSON.stringify({ version, defn: { format: 96, rows: 8, cols: 12 }, wells }),
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

async function runMix(plan: MixPlan): Promise<MixResult> {
  const samples: Record<MixOp, number[]> = { read: [], search: [], edit: [] };
  const errors: string[] = [];
  const started = performance.now();
  let n = 0;
  await Promise.all(
    plan.clients.map(async (client, c) => {
      let version = client.version;
      for (const op of client.ops) {
        n += 1;
        let req: { method: string; url: string; body?: string };
        if (op === 'read')
          req = { method: 'GET', url: `/api/experiments/${client.experimentId}/plate` };
        else if (op === 'search') {
          const q = plan.catalogQueries[(c + n) % plan.catalogQueries.length];
          req = { method: 'GET', url: `/api/reagents/catalog?q=${encodeURIComponent(q)}` };
        } else {
          const well = plan.wellIds[(c * 7 + n) % plan.wellIds.length];
          req = editRequest(client.experimentId, version, well, n, plan.wellIds);
        }
        const t0 = performance.now();
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
          samples[op].push(performance.now() - t0);
          if (res.status !== 200) errors.push(`${op} ${res.status}`);
          else if (op === 'edit') version += 1;
        } catch (error) {
          errors.push(`${op} ${(error as Error).message}`);
        }
      }
    }),
  );
  return { samples, errors, seconds: (performance.now() - started) / 1000 };
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
