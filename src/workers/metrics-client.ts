// Main-thread side of the metrics worker. At most one request is in flight; while it runs,
// only the latest plate state waits (older waiting states are dropped), and an answer that a
// newer request has overtaken is dropped too, so the canvas never draws stale metrics and the
// main thread never waits on the worker.
import * as Comlink from 'comlink';
import type { MetricsInput, MetricsOutput } from '../domain/metrics-kernel';
import type { MetricsApi } from './metrics-api';
import { transferablesOf } from './transferables';

export interface MetricsClient {
  /**
   * Computes metrics for a plate state. The input's buffers are transferred (the arrays are
   * unusable afterwards). Resolves with the output, or with undefined when a newer request
   * superseded this one.
   */
  compute(input: MetricsInput): Promise<MetricsOutput | undefined>;
  /** Stops the worker; pending requests resolve with undefined. */
  dispose(): void;
}

interface Waiting {
  seq: number;
  input: MetricsInput;
  resolve: (out: MetricsOutput | undefined) => void;
}

/** Starts the module worker that runs the kernel. */
export function startMetricsWorker(): Worker {
  return new Worker(new URL('./metrics-worker.ts', import.meta.url), {
    type: 'module',
    name: 'plate-metrics',
  });
}

/** A coalescing client over a comlink endpoint (a Worker, or a MessagePort in tests). */
export function createMetricsClient(
  endpoint: Comlink.Endpoint = startMetricsWorker(),
  terminate: () => void = () => (endpoint as Worker).terminate?.(),
): MetricsClient {
  const remote = Comlink.wrap<MetricsApi>(endpoint);
  let seq = 0;
  let busy = false;
  let waiting: Waiting | null = null;
  let disposed = false;

  const run = (job: Waiting) => {
    busy = true;
    const sent = remote.compute(Comlink.transfer(job.input, transferablesOf(job.input)));
    sent.then(
      (out) => finish(job, out),
      (error: unknown) => {
        console.error('Metrics worker failed', error);
        finish(job, undefined);
      },
    );
  };

  const finish = (job: Waiting, out: MetricsOutput | undefined) => {
    busy = false;
    // Stale when a newer request exists (waiting or already answered).
    job.resolve(job.seq === seq && !disposed ? out : undefined);
    const next = waiting;
    waiting = null;
    if (next && !disposed) run(next);
  };

  return {
    compute(input) {
      if (disposed) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const job: Waiting = { seq: ++seq, input, resolve };
        if (!busy) {
          run(job);
          return;
        }
        waiting?.resolve(undefined);
        waiting = job;
      });
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      waiting?.resolve(undefined);
      waiting = null;
      remote[Comlink.releaseProxy]();
      terminate();
    },
  };
}
