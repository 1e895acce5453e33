// API figures over real HTTP on loopback: GET and PUT /plate of a full 1536-well plate with
// four reagents per well, 50 concurrent clients, on PGlite and on PostgreSQL; and the
// catalog search. The client runs in the server's process (as `npm run bench` does), so the
// figures include the client's own work on the shared cores.
import { plateDefn } from '../../src/domain/plate-format';
import { idOfIndex } from '../../src/domain/well-id';
import type { DatabaseKind } from '../../src/server/db/connect';
import { round3, summarize, type BenchResult } from './bench-result';
import { closedLoop, startBenchServer, timedRequest, type BenchServer } from './api-bench-server';

const CLIENTS = 50;
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

async function plateFigures(kind: DatabaseKind): Promise<BenchResult[]> {
  const server = await startBenchServer(kind);
  try {
    // GET: every client reads the same full plate.
    const shared = await newExperiment(server);
    const first = await timedRequest(
      server,
      'PUT',
      `/api/experiments/${shared}/plate`,
      fullPlate(0, 0),
    );
    if (first.status !== 200) throw new Error(`PUT: ${first.status} ${first.text.slice(0, 300)}`);
    const bytes = first.text.length;
    const getUrl = `/api/experiments/${shared}/plate`;
    for (let i = 0; i < 5; i++) await timedRequest(server, 'GET', getUrl); // warm-up
    const gets = await closedLoop(CLIENTS, GETS_PER_CLIENT, async () => {
      const res = await timedRequest(server, 'GET', getUrl);
      if (res.status !== 200) throw new Error(`GET ${res.status}`);
      return res.ms;
    });

    // PUT: each client writes its own experiment's plate, version after version.
    const ids: number[] = [];
    for (let c = 0; c < CLIENTS; c++) ids.push(await newExperiment(server));
    const bodies = ids.map((_, c) =>
      Array.from({ length: PUTS_PER_CLIENT }, (_unused, i) => fullPlate(i, c + i)),
    );
    await timedRequest(server, 'PUT', `/api/experiments/${shared}/plate`, fullPlate(1, 3)); // warm-up
    const puts = await closedLoop(CLIENTS, PUTS_PER_CLIENT, async (c, i) => {
      const res = await timedRequest(
        server,
        'PUT',
        `/api/experiments/${ids[c]}/plate`,
        bodies[c][i],
      );
      if (res.status !== 200) throw new Error(`PUT ${res.status} ${res.text.slice(0, 300)}`);
      return res.ms;
    });
    const common = { database: kind, clients: CLIENTS, response_bytes: bytes };
    return [
      summarize('api.plate_get_1536', gets.samples, {
        ...common,
        throughput_rps: round3(gets.rps),
      }),
      summarize('api.plate_put_1536', puts.samples, {
        ...common,
        request_bytes: bodies[0][0].length,
        throughput_rps: round3(puts.rps),
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
