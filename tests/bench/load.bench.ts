// Load as an operator meets it, over real HTTP on loopback, on PGlite and on PostgreSQL; the
// load comes from a worker thread (load-clients.ts) and is bounded in count and time.
// - load.stampede_cold_1536: 200 readers of one 1536-well plate that the process has not
//   cached (a restarted process) arrive together, while 10 writers edit plates of their own:
//   p99 of the reads and of the writes, and the plate computations the process counted.
// - load.overload_pglite (named for the engine it was first seen on; one figure per
//   database): first the process is offered more than it can serve to find what it serves,
//   then twice that for a few seconds: the served requests' latency, the 503 answers,
//   connection resets, and acknowledged writes that the plate does not hold (must be 0).
import { idOfIndex } from '../../src/domain/well-id';
import type { DatabaseKind } from '../../src/server/db/connect';
import { percentile, round3, type BenchResult } from './bench-result';
import { startBenchServer, timedRequest, type BenchServer } from './api-bench-server';
import { runLoad, type LoadPlan, type LoadSample } from './load-clients';

const READERS = 200;
const WRITERS = 10;
const EDITS_PER_WRITER = 5;
/** the overload: share of writes, seconds of each phase, most requests sent in a phase */
const WRITE_SHARE = 0.2;
const PROBE_S = 2;
const PROBE_RATE = 500;
const OVERLOAD_S = 5;
const MAX_REQUESTS = 4000;

const COMPOUND = {
  name: 'Compound A',
  reagent_type: 'chemical',
  solvent: 'DMSO',
  molecular_weight_g_per_mol: 400,
  default_concentration_value: 10,
  default_concentration_units: 'mM',
};

async function ok(
  server: BenchServer,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ version?: number; id?: number }> {
  const res = await timedRequest(
    server,
    method,
    url,
    body === undefined ? undefined : JSON.stringify(body),
  );
  if (res.status >= 300)
    throw new Error(`${method} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
  return JSON.parse(res.text) as { version?: number; id?: number };
}

async function experiment(server: BenchServer, plateType: string): Promise<number> {
  const created = await ok(server, 'POST', '/api/experiments/', {
    name: 'Load',
    plate_type: plateType,
  });
  return created.id!;
}

/** An experiment whose 1536 wells all hold compound A (a target per column). */
async function full1536(server: BenchServer): Promise<number> {
  const id = await experiment(server, '1536');
  await ok(server, 'POST', `/api/experiments/${id}/bench/reagents`, COMPOUND);
  const wells: Record<string, unknown> = {};
  for (let i = 0; i < 1536; i++) {
    wells[idOfIndex({ cols: 48 }, i)] = {
      targets: { 'compound-a': { target_nM: 100 + (i % 48), volume_uL: 0.01 } },
    };
  }
  await ok(server, 'PUT', `/api/experiments/${id}/plate`, {
    version: 0,
    defn: { format: 1536 },
    wells,
  });
  return id;
}

async function metrics(server: BenchServer) {
  const res = await timedRequest(server, 'GET', '/api/metrics');
  return JSON.parse(res.text) as { plate_computations: number; requests_shed: number };
}

async function writers(server: BenchServer, n: number) {
  const out: LoadPlan['writers'] = [];
  for (let i = 0; i < n; i++)
    out.push({ experimentId: await experiment(server, '96'), version: 0 });
  return out;
}

/** Acknowledged writes the plates do not hold: what each writer's plate advanced, short of it. */
async function writesLost(server: BenchServer, plan: LoadPlan, acknowledged: number[]) {
  let lost = 0;
  for (let w = 0; w < plan.writers.length; w++) {
    const { experimentId, version } = plan.writers[w];
    const now = await ok(server, 'GET', `/api/experiments/${experimentId}/plate?form=compact`);
    lost += Math.max(0, acknowledged[w] - (now.version! - version));
  }
  return lost;
}

const p = (samples: number[], q: number) => round3(percentile(samples, q));
const errorsOf = (samples: LoadSample[]) => samples.filter((s) => s.status === 0);

async function stampede(kind: DatabaseKind): Promise<BenchResult> {
  // every reader admitted: this figure is about the computation, not the shedding
  const server = await startBenchServer(kind, { MAX_IN_FLIGHT: '1000', QUEUE_BUDGET_MS: '999999' });
  try {
    const plate = await full1536(server);
    const plan: LoadPlan = {
      base: '',
      authorization: server.headers.authorization,
      writers: await writers(server, WRITERS),
      arrivals: [],
      deadlineMs: 60_000,
    };
    for (let r = 0; r < READERS; r++) plan.arrivals.push({ at: 0, read: plate });
    for (let e = 0; e < EDITS_PER_WRITER; e++)
      for (let w = 0; w < WRITERS; w++) plan.arrivals.push({ at: e * 20, write: w });
    plan.arrivals.sort((a, b) => a.at - b.at);
    await server.restart();
    plan.base = server.base;
    const before = await metrics(server);
    // the server's own CPU (this thread: the app and PGlite; the load runs in a worker), a
    // figure that a shared machine's other work does not lengthen as it does the latencies
    const cpu = process.threadCpuUsage();
    const result = await runLoad(plan);
    const { user, system } = process.threadCpuUsage(cpu);
    const after = await metrics(server);
    const reads = result.samples.filter((s) => s.kind === 'read');
    const writes = result.samples.filter((s) => s.kind === 'write');
    const readMs = reads.filter((s) => s.status === 200).map((s) => s.ms);
    const writeMs = writes.filter((s) => s.status === 200).map((s) => s.ms);
    return {
      name: 'load.stampede_cold_1536',
      unit: 'ms',
      database: kind,
      p50: p(readMs, 50),
      p95: p(readMs, 95),
      n: reads.length,
      read_p99: p(readMs, 99),
      write_p50: p(writeMs, 50),
      write_p99: p(writeMs, 99),
      writes: writes.length,
      computations: after.plate_computations - before.plate_computations,
      server_cpu_ms: round3((user + system) / 1000),
      errors:
        errorsOf(result.samples).length + result.samples.filter((s) => s.status >= 400).length,
      writes_lost: await writesLost(server, plan, result.acknowledged),
    };
  } finally {
    await server.stop();
  }
}

/** Arrivals at `rate` per second for `seconds`: every 1/WRITE_SHARE-th a write, else a read. */
function arrivalsAt(rate: number, seconds: number, reads: number[], writerCount: number) {
  const total = Math.min(MAX_REQUESTS, Math.round(rate * seconds));
  const every = Math.round(1 / WRITE_SHARE);
  return Array.from({ length: total }, (_, n) =>
    n % every === 0
      ? { at: (n * 1000) / rate, write: (n / every) % writerCount }
      : { at: (n * 1000) / rate, read: reads[n % reads.length] },
  );
}

async function overload(kind: DatabaseKind): Promise<BenchResult> {
  const server = await startBenchServer(kind);
  try {
    const reads: number[] = [];
    for (let i = 0; i < 10; i++) {
      const id = await experiment(server, '384');
      await ok(server, 'PATCH', `/api/experiments/${id}/plate`, {
        version: 0,
        ops: [{ op: 'label', wells: ['A1:P24'], label: `plate ${i}` }],
      });
      reads.push(id);
    }
    const base = { base: server.base, authorization: server.headers.authorization };
    // what the process serves: offered more than it can, the answers per second that were 2xx
    const probeWriters = await writers(server, 10);
    const probe = await runLoad({
      ...base,
      writers: probeWriters,
      arrivals: arrivalsAt(PROBE_RATE, PROBE_S, reads, probeWriters.length),
      deadlineMs: PROBE_S * 1000,
    });
    const served = probe.samples.filter((s) => s.status === 200).length / probe.seconds;
    const rate = Math.max(10, Math.round(2 * served));
    const plan: LoadPlan = {
      ...base,
      writers: await writers(server, 10),
      arrivals: [],
      deadlineMs: OVERLOAD_S * 1000 + 10_000,
    };
    plan.arrivals = arrivalsAt(rate, OVERLOAD_S, reads, plan.writers.length);
    const before = await metrics(server);
    const result = await runLoad(plan);
    const after = await metrics(server);
    const ok200 = result.samples.filter((s) => s.status === 200);
    // served requests: a read from when it was due; a write from when it was sent (a writer
    // sends its next edit once the last is answered, as the save queue does: the wait for
    // the one before, and any Retry-After, are in write_p95_with_retries)
    const servedMs = ok200.map((s) => (s.kind === 'read' ? s.ms : s.sentMs));
    const writes = result.samples.filter((s) => s.kind === 'write');
    return {
      name: 'load.overload_pglite',
      unit: 'ms',
      database: kind,
      p50: p(servedMs, 50),
      p95: p(servedMs, 95),
      n: result.samples.length,
      capacity_per_s: round3(served),
      offered_per_s: rate,
      served: ok200.length,
      answered_503: after.requests_shed - before.requests_shed,
      reads_503: result.samples.filter((s) => s.kind === 'read' && s.status === 503).length,
      connection_resets: errorsOf(result.samples).filter((s) => s.error === 'ECONNRESET').length,
      other_errors: result.samples.filter(
        (s) => s.status === 0 || (s.status >= 400 && s.status !== 503),
      ).length,
      writes: writes.length,
      writes_acknowledged: result.acknowledged.reduce((a, b) => a + b, 0),
      writes_retried_after_503: writes.filter((s) => s.shed > 0).length,
      write_p95_with_retries: p(
        writes.filter((s) => s.status === 200).map((s) => s.ms),
        95,
      ),
      writes_lost: await writesLost(server, plan, result.acknowledged),
    };
  } finally {
    await server.stop();
  }
}

export default async function loadBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    out.push(await stampede(kind));
    out.push(await overload(kind));
  }
  return out;
}
