// The plate document's per-well drawing codes. Each state is computed from the last one
// (workers/metrics-step.ts): a change of few new wells (a tool's apply, an edit) is computed
// in the render that shows it, so the plate draws the new wells with their rings in the
// edit's own frame; wells that only moved take their metrics from where they were. A whole
// plate (the first state, another format, bench or settings) or a change of many new wells
// goes to the metrics worker, as a delta where it can (the new wells only, packed, their
// buffers transferred); the request leaves in the render's layout effect, in the same task
// as the edit, and the plate shows the last computed state until the answer. The client
// coalesces (only the latest state waits, overtaken answers are dropped).
import { useLayoutEffect, useMemo, useState } from 'react';
import type { BenchReagent } from '../../api/bench';
import type { DispenseSettings } from '../../domain/dispensing/settings';
import type { MetricsOutput } from '../../domain/metrics-kernel';
import type { PlateFormat } from '../../domain/plate-format';
import type { WireWells } from '../../domain/plate-wire';
import { appearanceFromMetrics, type WellAppearance } from '../../plate-canvas/well-appearance';
import { createMetricsClient, type MetricsClient } from '../../workers/metrics-client';
import { MetricsBase, type MetricsState } from '../../workers/metrics-step';

let shared: MetricsClient | null = null;

/** One worker for the page, started on first use. */
function metricsClient(): MetricsClient {
  shared ??= createMetricsClient();
  return shared;
}

export interface WellMetricsView {
  appearance: WellAppearance | undefined;
  metrics: MetricsOutput | undefined;
  /** the wells the metrics are of (the plate draws these, fills and rings together) */
  wells: WireWells | undefined;
}

const NO_VIEW: WellMetricsView = { appearance: undefined, metrics: undefined, wells: undefined };

/** Appearance and metrics of a plate document; undefined until the first state is computed. */
export function useWellAppearance(
  format: PlateFormat,
  wells: WireWells,
  reagents: readonly BenchReagent[],
  /** the experiment's dispensing settings; null: the format's defaults (as the server reads them) */
  dispensing: Partial<DispenseSettings> | null = null,
): WellMetricsView {
  const [base] = useState(() => new MetricsBase());
  // the worker's last answer (a state of these very inputs, or of inputs since left)
  const [answer, setAnswer] = useState<MetricsState | null>(null);
  const step = useMemo(
    () => base.step({ format, wells, reagents, dispensing }, answer),
    [base, answer, format, wells, reagents, dispensing],
  );
  const state = step.ready ? step.state : step.shown;
  useLayoutEffect(() => {
    if (step.ready) return;
    const { input, finish } = step.request();
    let live = true;
    void metricsClient()
      .compute(input)
      .then((out) => {
        const next = live && out ? finish(out) : null;
        if (next) setAnswer(next);
      });
    return () => {
      live = false;
    };
  }, [step]);
  return useMemo(
    () =>
      state
        ? {
            appearance: appearanceFromMetrics(state.metrics, state.reagentType, state.markers),
            metrics: state.metrics,
            wells: state.wells,
          }
        : NO_VIEW,
    [state],
  );
}
