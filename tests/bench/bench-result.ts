/** One figure of `npm run bench` (ARCHITECTURE.md, Benchmarks). */
export interface BenchResult {
  name: string;
  unit: string;
  p50: number;
  p95: number;
  n: number;
  /** Browser figures: presented-frame latency next to the main-thread p50/p95. */
  frame_p50?: number;
  frame_p95?: number;
  [extra: string]: unknown;
}

/** A benchmark module: `tests/bench/*.bench.ts` default-exports one of these. */
export type BenchModule = () => Promise<BenchResult[]>;

/** Percentile by nearest rank over a copy of the samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = samples.toSorted((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Summarises raw samples (milliseconds unless told) into a BenchResult. */
export function summarize(
  name: string,
  samples: readonly number[],
  extra: Partial<BenchResult> = {},
): BenchResult {
  return {
    name,
    unit: 'ms',
    p50: round3(percentile(samples, 50)),
    p95: round3(percentile(samples, 95)),
    n: samples.length,
    ...extra,
  };
}

export function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
