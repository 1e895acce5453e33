// What the metrics worker exposes: the domain kernel, with its answer transferred back.
// Kept apart from the worker entry so tests can expose it on a MessageChannel.
import * as Comlink from 'comlink';
import { computeMetrics, type MetricsInput, type MetricsOutput } from '../domain/metrics-kernel';
import { transferablesOf } from './transferables';

/** The worker's API: one call per plate state. */
export const metricsApi = {
  /** Per-well metrics of a plate; the output's buffers are transferred to the caller. */
  compute(input: MetricsInput): MetricsOutput {
    const out = computeMetrics(input);
    return Comlink.transfer(out, transferablesOf(out));
  },
};

export type MetricsApi = typeof metricsApi;
