// API figures over real HTTP on loopback: GET and PUT /plate of a full 1536-well plate with
// four reagents per well, 50 concurrent clients, on PGlite and on PostgreSQL; and the
// catalog search. The plate clients run in a worker thread; server_cpu_ms_per_request is the
// server thread's CPU time per request (with PGlite, the database's work is included: it runs
// in that thread), a figure that holds even when other work shares the machine.
import { plateDefn } from '../../src/domain/plate-format';
import { idOfIndex } from '../../src/domain/well-id';
import type { DatabaseKind } from '../../src/server/db/connect';
import { percentile, round3, summarize, type BenchResult } from './bench-result';
import { runLoad, type LoadPlan, type LoadResult } from './api-bench-clients';
import { startBenchServer, timedRequest, type BenchServer } from './api-bench-server';

const CLIENTS = 50;
/** What the clients accept, as browsers do: the server sends its gzip made once per version. */
const ENCODING = 'gzip';
const GETS_PER_CLIENT = 10;
const PUTS_PER_CLIENT = 2;
const CATALOG_QUERIES = [
  'dmso',
  'DMS',
  'hepes',
  'tris',
  'staurosporin',
  'stuarosporine',
  'chloride',
  'mgcl2',
  'cells',
  'glu',
  'pbs',
  'sodium phosphate',
  'x',
  '',
];

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

/** A full 1536-well plate, four reagents per well, varied so no two columns are alike. */
function fullPlate(version: number, seed: number) {
  const defn = plateDefn(1536);
  const wells: Record<string, unknown> = {};
  for (let w = 0; w < 1536; w++) {
    const step = (w + seed) % 12;
    const a = 0.0025 * (1 + step);
    const b = 0.05;
    wells[idOfIndex(defn, w)] = {
      targets: {
        'compound-a': { target_nM: (1e7 * a) / 8, volume_uL: a },
        'compound-b': { target_nM: 6250, tol_pct: 10, volume_uL: b },
        dmso: { target_nM: null, volume_uL: 0.02 },
        'assay-medium': { target_nM: null, volume_uL: 8 - a - b - 0.02 },
      },
      sample: `S${w % 48}`,
      tags: [`SERIES:a:${step}`],
    };
  }
  return JSON.stringify({ version, defn: { format: 1536, rows: 32, cols: 48 }, wells });
}

async function newExperiment(server: BenchServer): Promise<number> {
  const created = await timedRequest(
    server,
    'POST',
    '/api/experiments/',
    JSON.stringify({ name: 'Bench', plate_type: '1536' }),
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
  return id;
}

/** Server-thread CPU time (ms) spent while `work` runs (the clients run in a worker). */
async function serverCpu<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = process.threadCpuUsage();
  const result = await work();
  const used = process.threadCpuUsage(before);
  return { result, cpuMs: (used.user + used.system) / 1000 };
}

function figures(
  name: string,
  run: { result: LoadResult; cpuMs: number },
  extra: Record<string, unknown>,
): BenchResult {
  const { samples, rps, failures } = run.result;
  if (failures.length > 0) throw new Error(`${name}: ${failures.slice(0, 3).join('; ')}`);
  return summarize(name, samples, {
    ...extra,
    throughput_rps: round3(rps),
    server_cpu_ms_per_request: round3(run.cpuMs / samples.length),
  });
}

async function plateFigures(kind: DatabaseKind): Promise<BenchResult[]> {
  const server = await startBenchServer(kind);
  try {
    const load = (requests: LoadPlan['requests']) =>
      serverCpu(() =>
        runLoad({
          base: server.base,
          authorization: server.headers.authorization,
          encoding: ENCODING,
          requests,
        }),
      );
    // GET: every client reads the same full plate.
    const shared = await newExperiment(server);
    const getUrl = `/api/experiments/${shared}/plate`;
    const first = await timedRequest(server, 'PUT', getUrl, fullPlate(0, 0));
    if (first.status !== 200) throw new Error(`PUT: ${first.status} ${first.text.slice(0, 300)}`);
    const common = { database: kind, clients: CLIENTS, response_bytes: first.text.length };
    const get = { method: 'GET' as const, url: getUrl };
    // One client alone first: the latency without queueing behind 49 others.
    const alone = await load([Array.from({ length: 30 }, () => get)]);
    const gets = await load(
      Array.from({ length: CLIENTS }, () => Array.from({ length: GETS_PER_CLIENT }, () => get)),
    );

    // PUT: each client writes its own experiment's plate, version after version.
    const ids: number[] = [];
    for (let c = 0; c < CLIENTS; c++) ids.push(await newExperiment(server));
    await timedRequest(server, 'PUT', getUrl, fullPlate(1, 3)); // warm-up
    const puts = await load(
      ids.map((id, c) =>
        Array.from({ length: PUTS_PER_CLIENT }, (_unused, i) => ({
          method: 'PUT' as const,
          url: `/api/experiments/${id}/plate`,
          body: fullPlate(i, c + i),
        })),
      ),
    );
    return [
      figures('api.plate_get_1536', gets, {
        ...common,
        encoding: ENCODING,
        single_client_p50: round3(percentile(alone.result.samples, 50)),
        single_client_p95: round3(percentile(alone.result.samples, 95)),
      }),
      figures('api.plate_put_1536', puts, {
        ...common,
        encoding: ENCODING,
        request_bytes: fullPlate(0, 0).length,
      }),
    ];
  } finally {
    await server.stop();
  }
}

const catalogUrl = (q: string) => `/api/reagents/catalog?q=${encodeURIComponent(q)}`;

async function catalogFigures(): Promise<BenchResult[]> {
  const server = await startBenchServer('pglite');
  try {
    for (const q of CATALOG_QUERIES) await timedRequest(server, 'GET', catalogUrl(q)); // warm-up
    const samples: number[] = [];
    for (let round = 0; round < 30; round++) {
      for (const q of CATALOG_QUERIES) {
        const res = await timedRequest(server, 'GET', catalogUrl(q));
        if (res.status !== 200) throw new Error(`catalog ${res.status}`);
        samples.push(res.ms);
      }
    }
    return [
      summarize('api.catalog_search', samples, {
        database: 'pglite',
        clients: 1,
        queries: CATALOG_QUERIES.length,
      }),
    ];
  } finally {
    await server.stop();
  }
}

/** The API benchmark: plate GET/PUT on both databases, then the catalog search. */
export default async function apiBench(): Promise<BenchResult[]> {
  return [
    ...(await plateFigures('pglite')),
    ...(await plateFigures('postgres')),
    ...(await catalogFigures()),
  ];
}
