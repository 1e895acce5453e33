// tools.apply_1536: each screening tool's expansion into plate ops plus applying those ops,
// on a full 1536-well plate (every well holds a compound and DMSO). One figure per tool
// (field `tool`); the target is < 50 ms each. The ops are applied with the reference reading
// of the primitive ops used by the layout tests (no volume planning: that is the dispensing
// engine's share of a PATCH, measured with it).
import { expandHighLevelOp } from '../../src/domain/layout';
import { referenceApply } from '../unit/domain/layout/reference-apply';
import { summarize, type BenchResult } from './bench-result';
import { benchSlugs, defn, plate, TOOLS } from './layout-tools-fixture';

const RUNS = 40;

export default async function layoutToolsBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const { tool, op } of TOOLS) {
    const samples: number[] = [];
    // CPU time too: on a shared machine the wall clock also counts other processes' turns.
    const cpu: number[] = [];
    let ops = 0;
    for (let run = 0; run < RUNS + 3; run++) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage().user;
      const result = expandHighLevelOp(op, { defn, wells: plate, benchSlugs });
      if (!result.ok) throw new Error(`${tool}: ${result.message}`);
      const after = referenceApply(defn, plate, result.ops);
      const elapsed = performance.now() - started;
      const cpuElapsed = (process.cpuUsage().user - cpuStarted) / 1000;
      if (Object.keys(after).length === 0) throw new Error(`${tool}: empty plate`);
      ops = result.ops.length;
      if (run >= 3) {
        // the first runs warm the JIT
        samples.push(elapsed);
        cpu.push(cpuElapsed);
      }
    }
    const cpuFigures = summarize('cpu', cpu);
    results.push(
      summarize('tools.apply_1536', samples, {
        tool,
        ops,
        cpu_p50: cpuFigures.p50,
        cpu_p95: cpuFigures.p95,
        target_ms: 50,
      }),
    );
  }
  return results;
}
