// The 200-client mix over real HTTP on loopback, on PGlite and on PostgreSQL: 80 % plate
// reads, 15 % catalog searches, 5 % one-well edits, each client on its own experiment
// (96 wells, four reagents each). The load generator runs in a worker on the same cores, as
// it would on a small host. Two runs per database: closed loop (each client sends its next
// request when the last is answered: 200 in flight, latency mostly queueing; the throughput
// is the figure) and open loop (each client one request a second with jitter: 200 requests/s
// offered, what 200 users do; latency counted from when a request was due). Figures: p50/p95/
// max per kind of request, and errors (must be 0).
import { plateDefn } from '../../src/domain/plate-format';
import { idOfIndex } from '../../src/domain/well-id';
import type { DatabaseKind } from '../../src/server/db/connect';
import { percentile, round3, type BenchResult } from './bench-result';
import { startBenchServer, timedRequest, type BenchServer } from './api-bench-server';
import {
  fillRequest,
  runMixLoad,
  type MixOp,
  type MixPlan,
  type MixResult,
} from './load-mix-clients';

const CLIENTS = 200;
const REQUESTS_PER_CLIENT = 10;
/** Open loop: each client's mean time between requests (200 clients: 200 requests/s offered). */
const OPEN_INTERVAL_MS = 1000;
const SHARES: [MixOp, number][] = [
  ['read', 0.8],
  ['search', 0.15],
  ['edit', 0.05],
];
const CATALOG_QUERIES = ['dmso', 'hepes', 'tris', 'staurosporin', 'mgcl2', 'pbs', 'glu', 'cells'];
const BENCH = [
  {
    name: 'Compound A',
    reagent_type: 'chemical',
    solvent: 'DMSO',
    molecular_weight_g_per_mol: 400,
    default_concentration_value: 10,
    default_concentration_units: 'mM',
  },
  {
    name: 'Compound B',
    reagent_type: 'chemical',
    solvent: 'DMSO',
    molecular_weight_g_per_mol: 500,
    default_concentration_value: 1,
    default_concentration_units: 'mM',
  },
  {
    name: 'DMSO',
    reagent_type: 'solvent',
    default_concentration_value: 100,
    default_concentration_units: '%',
    max_concentration_percent: 1,
  },
  { name: 'Assay medium', reagent_type: 'media', ph: 7.4 },
];

/** The operations of every client: exactly the shares over the whole run, spread evenly. */
export function mixOps(clients: number, perClient: number): MixOp[][] {
  const total = clients * perClient;
  const all: MixOp[] = [];
  for (const [op, share] of SHARES)
    for (let i = 0; i < Math.round(total * share); i++) all.push(op);
  // A fixed shuffle (linear congruential), so every run sends the same sequence.
  let seed = 12345;
  for (let i = all.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [all[i], all[j]] = [all[j], all[i]];
  }
  return Array.from({ length: clients }, (_, c) => all.slice(c * perClient, (c + 1) * perClient));
}

async function newExperiment(server: BenchServer, wellIds: string[]): Promise<number> {
  const created = await timedRequest(
    server,
    'POST',
    '/api/experiments/',
    JSON.stringify({ name: 'Mix', plate_type: '96' }),
  );
  const id = JSON.parse(created.text).id as number;
  for (const reagent of BENCH) {
    const res = await timedRequest(
      server,
      'POST',
      `/api/experiments/${id}/bench/reagents`,
      JSON.stringify(reagent),
    );
    if (res.status !== 201) throw new Error(`bench: ${res.status} ${res.text}`);
  }
  const fill = fillRequest(id, wellIds);
  const put = await timedRequest(server, fill.method, fill.url, fill.body);
  if (put.status !== 200) throw new Error(`plate: ${put.status} ${put.text.slice(0, 300)}`);
  return id;
}

/** The figures of one run: p50/p95/max per kind of request, errors, throughput. */
function mixResult(
  name: string,
  kind: DatabaseKind,
  result: MixResult,
  extra: Record<string, string | number>,
): BenchResult {
  const all = [...result.samples.read, ...result.samples.search, ...result.samples.edit];
  const figure = (op: MixOp) => {
    const s = result.samples[op];
    return {
      [`${op}_p50`]: round3(percentile(s, 50)),
      [`${op}_p95`]: round3(percentile(s, 95)),
      [`${op}_max`]: round3(Math.max(...s)),
      [`${op}_n`]: s.length,
    };
  };
  return {
    name,
    unit: 'ms',
    p50: round3(percentile(all, 50)),
    p95: round3(percentile(all, 95)),
    n: all.length,
    database: kind,
    clients: CLIENTS,
    ...extra,
    ...figure('read'),
    ...figure('search'),
    ...figure('edit'),
    errors: result.errors.length,
    error_samples: result.errors.slice(0, 5),
    throughput_rps: round3(all.length / result.seconds),
  };
}

async function mixFigures(kind: DatabaseKind): Promise<BenchResult[]> {
  const server = await startBenchServer(kind);
  try {
    const defn = plateDefn(96);
    const wellIds = Array.from({ length: 96 }, (_, w) => idOfIndex(defn, w));
    const ids: number[] = [];
    for (let c = 0; c < CLIENTS; c++) ids.push(await newExperiment(server, wellIds));
    const ops = mixOps(CLIENTS, REQUESTS_PER_CLIENT);
    const plan: MixPlan = {
      base: server.base,
      authorization: server.headers.authorization,
      clients: ids.map((experimentId, c) => ({ experimentId, version: 1, ops: ops[c] })),
      catalogQueries: CATALOG_QUERIES,
      wellIds,
    };
    const closed = await runMixLoad(plan);
    // The open loop continues from the versions the closed loop's edits made.
    const versions = closed.versions;
    const open = await runMixLoad({
      ...plan,
      clients: plan.clients.map((client, c) => ({ ...client, version: versions[c] })),
      intervalMs: OPEN_INTERVAL_MS,
    });
    return [
      mixResult(`load.mix_200_${kind}`, kind, closed, { loop: 'closed' }),
      mixResult(`load.mix_200_open_${kind}`, kind, open, {
        loop: 'open',
        offered_rps: round3((CLIENTS * 1000) / OPEN_INTERVAL_MS),
      }),
    ];
  } finally {
    await server.stop();
  }
}

/** The mixed load on PGlite, then PostgreSQL. */
export default async function loadMixBench(): Promise<BenchResult[]> {
  const only = process.env.BENCH_DB as DatabaseKind | undefined;
  const kinds: DatabaseKind[] = only ? [only] : ['pglite', 'postgres'];
  const results: BenchResult[] = [];
  for (const kind of kinds) results.push(...(await mixFigures(kind)));
  return results;
}
