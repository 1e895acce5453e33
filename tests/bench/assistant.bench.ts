// assistant.turn_1536: one assistant turn with the built-in interpreter through app.inject
// (POST /chat: parse, plan, check, write the plate version, store the messages, answer the
// full plate) on a 1536-well plate that is already well filled, with a mix of the requests
// screening staff send: additions, series, controls, screening well sets, a question with
// choices and its answer, replace and move, a refused solvent overload, questions, clears
// and undo. Goal: p95 under 100 ms. On PGlite and on PostgreSQL.
import { loadavg } from 'node:os';
import type { DatabaseKind } from '../../src/server/db/connect';
import { startBenchServer } from './api-bench-server';
import { percentile, summarize, type BenchResult } from './bench-result';

const ROUNDS = 4;

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
    name: 'Staurosporine',
    reagent_type: 'chemical',
    solvent: 'DMSO',
    molecular_weight_g_per_mol: 466.53,
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

// Fills most of the plate before anything is timed.
const SETUP = [
  'add 1 uM compound B to A1:AF48',
  'DMSO controls in columns 1 and 2, 0.1 %',
  'positive controls in column 48: 1 uM staurosporine',
];

const MIX = [
  'add 10 uM staurosporine to column 23',
  '3-fold dilution of compound A from 30 uM across row B, 10 points',
  'what is in B3?',
  'which wells are unmet',
  'how much DMSO in column 4',
  'negative controls in column 47',
  'add 5 uM compund A to rows AA-AB, columns 3-12',
  'clear rows AA to AF',
  'undo',
  'tag column 24 as REF',
  'remove staurosporine from column 23',
  'add 10 uM foobarin to B3',
  'add 1 uM staurosporine to every other column',
  'add 2 uM compound A to all wells except the outer wells',
  'add 1 uM staurosporine to quadrant 1',
  '2',
  'replace staurosporine with 5 uM compound A',
  'move column 47 to column 46',
  'add 50 uM compound B to A1',
  'what is the DMSO % in B3?',
  'how many transfers does this plate take?',
  'undo',
];

/** The turns of the mix on a fresh database of this kind. */
async function turnFigures(kind: DatabaseKind): Promise<BenchResult> {
  const server = await startBenchServer(kind);
  try {
    const { app, headers } = server;
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers, payload });
    const id = (await post('/api/experiments/', { name: 'Bench', plate_type: '1536' })).json()
      .id as number;
    for (const r of BENCH) await post(`/api/experiments/${id}/bench/reagents`, r);
    const chat = (message: string) =>
      post(`/api/experiments/${id}/chat`, {
        message,
        thread_id: `exp_${id}_1700000000000`,
        // as the designer asks: the changed wells, not the whole plate
        plate: 'changes',
      });
    for (const m of SETUP) {
      const res = await chat(m);
      if (res.statusCode !== 200 || res.json().version_id == null)
        throw new Error(`setup "${m}" failed: ${res.body}`);
    }

    const samples: number[] = [];
    // CPU time of this process per turn (PGlite runs in it too): on a shared machine the
    // wall time also counts other people's work, the CPU time does not.
    const cpu: number[] = [];
    const perRequest = new Map<string, number[]>();
    let changes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const m of MIX) {
        const started = performance.now();
        const c0 = process.cpuUsage();
        const res = await chat(m);
        const ms = performance.now() - started;
        samples.push(ms);
        perRequest.set(m, [...(perRequest.get(m) ?? []), ms]);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
        if (res.statusCode !== 200)
          throw new Error(`"${m}" answered ${res.statusCode}: ${res.body}`);
        if (res.json().version_id != null) changes++;
      }
    }
    const cpuFigures = summarize('cpu', cpu);
    // the slowest requests by their median, to say where the tail comes from
    const slowest = [...perRequest]
      .map(([m, v]) => [m, percentile(v, 50)] as const)
      .toSorted((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([m, p]) => `${Math.round(p)} ms: ${m}`);
    return summarize(`assistant.turn_1536${kind === 'postgres' ? '_postgres' : ''}`, samples, {
      cpu_p50: cpuFigures.p50,
      cpu_p95: cpuFigures.p95,
      load_average: Number(loadavg()[0].toFixed(2)),
      goal_ms: 100,
      database: kind,
      requests: MIX.length,
      plate_changes: changes,
      slowest_medians: slowest,
    });
  } finally {
    await server.stop();
  }
}

/**
 * Runs the assistant benchmark on PGlite (the embedded database `npm start` uses) and on a
 * private PostgreSQL cluster; BENCH_DB=pglite|postgres runs one.
 */
export default async function assistantBench(): Promise<BenchResult[]> {
  const only = process.env.BENCH_DB as DatabaseKind | undefined;
  const kinds: DatabaseKind[] = only ? [only] : ['pglite', 'postgres'];
  const results: BenchResult[] = [];
  for (const kind of kinds) results.push(await turnFigures(kind));
  return results;
}
