// Plate ops figures on PGlite: the server CPU of a one-well PATCH on a full 1536-well plate,
// single-well edits per second at a fixed arrival rate (open loop, over HTTP on loopback),
// and the gzip size of the compact plate.
import { gzipSync } from 'node:zlib';
import { plateDefn } from '../../src/domain/plate-format';
import { idOfIndex } from '../../src/domain/well-id';
import { percentile, round3, summarize, type BenchResult } from './bench-result';
import { startBenchServer, timedRequest, type BenchServer } from './api-bench-server';

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

/** A full 1536-well plate, four reagents per well, every well different. */
function fullPlate() {
  const defn = plateDefn(1536);
  const wells: Record<string, unknown> = {};
  for (let w = 0; w < 1536; w++) {
    const drops = 1 + (w % 40);
    wells[idOfIndex(defn, w)] = {
      targets: {
        'compound-a': { target_nM: 10 * (w + 1), volume_uL: drops * 0.0025 },
        'compound-b': { target_nM: 5 * (w + 7), tol_pct: 10, volume_uL: 0.05 },
        dmso: { target_nM: null, volume_uL: 0.02 },
        'assay-medium': { target_nM: null, volume_uL: (7930 - (w % 400)) / 1000 },
      },
      sample: `S${w % 48}`,
      tags: [`SERIES:a:${w % 12}`],
    };
  }
  return JSON.stringify({ version: 0, defn: { format: 1536, rows: 32, cols: 48 }, wells });
}

async function fullExperiment(server: BenchServer): Promise<number> {
  const created = await timedRequest(
    server,
    'POST',
    '/api/experiments/',
    JSON.stringify({ name: 'Ops', plate_type: '1536' }),
  );
  const id = JSON.parse(created.text).id as number;
  for (const reagent of BENCH) {
    await timedRequest(
      server,
      'POST',
      `/api/experiments/${id}/bench/reagents`,
      JSON.stringify(reagent),
    );
  }
  const put = await timedRequest(server, 'PUT', `/api/experiments/${id}/plate`, fullPlate());
  if (put.status !== 200) throw new Error(`PUT ${put.status}`);
  return id;
}

const edit = (version: number, i: number) =>
  JSON.stringify({
    version,
    ops: [
      {
        op: 'set',
        wells: [idOfIndex(plateDefn(1536), i % 1536)],
        reagent: 'compound-a',
        target_nM: 1000 + i,
        volume_uL: 0.0025 * (1 + (i % 7)),
      },
    ],
  });

export default async function opsBench(): Promise<BenchResult[]> {
  const server = await startBenchServer('pglite');
  try {
    const auth = {
      authorization: server.headers.authorization,
      'content-type': 'application/json',
    };
    // 1. Server CPU of one-well PATCHes, through inject (no client in the measured thread).
    const id = await fullExperiment(server);
    let version = 1;
    const url = `/api/experiments/${id}/plate`;
    for (let i = 0; i < 20; i++) {
      const res = await server.app.inject({
        method: 'PATCH',
        url,
        headers: auth,
        payload: edit(version, i),
      });
      version = JSON.parse(res.body).version;
    }
    const cpu: number[] = [];
    const wall: number[] = [];
    let responseBytes = 0;
    for (let i = 0; i < 300; i++) {
      const before = process.threadCpuUsage();
      const t0 = performance.now();
      const res = await server.app.inject({
        method: 'PATCH',
        url,
        headers: auth,
        payload: edit(version, i),
      });
      wall.push(performance.now() - t0);
      const used = process.threadCpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
      if (res.statusCode !== 200)
        throw new Error(`PATCH ${res.statusCode} ${res.body.slice(0, 200)}`);
      version = JSON.parse(res.body).version;
      responseBytes = res.body.length;
    }
    const patchFigure = summarize('api.plate_patch_1536', cpu, {
      database: 'pglite',
      measure: 'server thread CPU ms per one-well PATCH (inject)',
      wall_p50: round3(percentile(wall, 50)),
      wall_p95: round3(percentile(wall, 95)),
      request_bytes: edit(version, 0).length,
      response_bytes: responseBytes,
    });

    // 2. Open loop: single-well edits arrive at a fixed rate over HTTP, spread over experiments
    // (each experiment's edits are sequential: each is based on the version the last made).
    const RATE = 250;
    const SECONDS = 4;
    const experiments = [id];
    for (let e = 1; e < 8; e++) experiments.push(await fullExperiment(server));
    const versions = new Map<number, number>();
    for (const e of experiments) {
      versions.set(
        e,
        JSON.parse(
          (await timedRequest(server, 'GET', `/api/experiments/${e}/plate?form=compact`)).text,
        ).version,
      );
    }
    const chains = new Map<number, Promise<void>>();
    const latencies: number[] = [];
    let failures = 0;
    const started = performance.now();
    const total = RATE * SECONDS;
    const all: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const e = experiments[n % experiments.length];
      const run = (chains.get(e) ?? Promise.resolve()).then(async () => {
        const res = await fetch(`${server.base}/api/experiments/${e}/plate`, {
          method: 'PATCH',
          headers: auth,
          body: edit(versions.get(e)!, n),
        });
        const body = (await res.json()) as { version: number };
        if (res.status === 200) versions.set(e, body.version);
        else failures++;
        latencies.push(performance.now() - due);
      });
      chains.set(e, run);
      all.push(run);
    }
    await Promise.all(all);
    const elapsed = (performance.now() - started) / 1000;
    const editsFigure = summarize('api.edits_per_s', latencies, {
      database: 'pglite',
      arrival_rate_per_s: RATE,
      edits: total,
      failures,
      edits_per_s: round3((total - failures) / elapsed),
      measure: 'latency from scheduled arrival (ms), open loop',
    });

    // 3. Bytes of the compact plate, gzipped as the server sends it.
    const compact = await fetch(`${server.base}${url}?form=compact`, {
      headers: { authorization: auth.authorization, 'accept-encoding': 'gzip' },
    });
    const raw = Buffer.from(await compact.arrayBuffer());
    const gz = gzipSync(raw).length;
    const full = await timedRequest(server, 'GET', url);
    return [
      patchFigure,
      editsFigure,
      {
        name: 'api.plate_get_bytes_gzip',
        unit: 'bytes',
        p50: gz,
        p95: gz,
        n: 1,
        compact_raw_bytes: raw.length,
        full_raw_bytes: full.text.length,
        full_gzip_bytes: gzipSync(full.text).length,
      },
    ];
  } finally {
    await server.stop();
  }
}
