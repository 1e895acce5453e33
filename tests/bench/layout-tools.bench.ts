// tools.apply_1536: each screening tool applied as the designer applies it, on a full
// 1536-well plate (every well holds a compound and DMSO): the main thread's work of an Apply
// (previewOp: the domain's expansion into plate ops, then applyToolOps, applyOps with the
// dispensing engine's volume planning at the format's default settings). One figure per tool (field `tool`); the
// target is one 60 Hz frame, p95 < 16 ms. A dialog previews the same op again as its fields
// change, so the runs after the first reuse the plans of the bench and settings as the
// designer does; `first_ms` is the first run (the JIT cold, its targets planned afresh).
// `expand_p50`/`expand_p95`: the expansion alone; cpu_*: the process' CPU time (on a shared
// machine the wall clock also counts other processes' turns).
import { loadavg } from 'node:os';
import { expandHighLevelOp } from '../../src/domain/layout';
import { applyToolOps, reusablePlanner } from '../../src/domain/layout/tool-apply';
import { round3, summarize, type BenchResult } from './bench-result';
import { benchInfos, benchSlugs, defn, plate, TOOLS } from './layout-tools-fixture';

const RUNS = 40;

export default async function layoutToolsBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const planner = reusablePlanner();
  for (const { tool, op } of TOOLS) {
    const samples: number[] = [];
    const cpu: number[] = [];
    const expand: number[] = [];
    let first = Number.NaN;
    let changed = 0;
    for (let run = 0; run < RUNS + 3; run++) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage().user;
      const expanded = expandHighLevelOp(op, { defn, wells: plate, benchSlugs });
      if (!expanded.ok) throw new Error(`${tool}: ${expanded.message}`);
      const applied = applyToolOps(defn, plate, expanded.ops, benchInfos, {
        dispensing: null,
        vehicle: null,
        planner,
      });
      const elapsed = performance.now() - started;
      const cpuElapsed = (process.cpuUsage().user - cpuStarted) / 1000;
      if (!applied.ok) throw new Error(`${tool}: ${applied.message}`);
      changed = applied.changed.length + applied.removed.length;
      if (run === 0) first = elapsed;
      const t = performance.now();
      expandHighLevelOp(op, { defn, wells: plate, benchSlugs });
      const expandMs = performance.now() - t;
      if (run >= 3) {
        // the first runs warm the JIT
        samples.push(elapsed);
        cpu.push(cpuElapsed);
        expand.push(expandMs);
      }
    }
    const cpuFigures = summarize('cpu', cpu);
    const expandFigures = summarize('expand', expand);
    results.push(
      summarize('tools.apply_1536', samples, {
        tool,
        wells_changed: changed,
        first_ms: round3(first),
        expand_p50: expandFigures.p50,
        expand_p95: expandFigures.p95,
        cpu_p50: cpuFigures.p50,
        cpu_p95: cpuFigures.p95,
        load_average_1m: round3(loadavg()[0]),
        target_ms: 16,
      }),
    );
  }
  return results;
}
