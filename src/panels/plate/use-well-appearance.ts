// The plate document's per-well drawing codes, computed off the main thread: every change of
// wells, format or bench sends compact typed arrays to the metrics worker (coalesced: only the
// latest state waits, overtaken answers are dropped) and the answer becomes the appearance.
import { useEffect, useState } from 'react';
import { benchReagentInfo, type BenchReagent } from '../../api/bench';
import type { DispenseSettings } from '../../domain/dispensing/settings';
import { metricsInputFromPlate, type MetricsOutput } from '../../domain/metrics-kernel';
import { plateDefn, wellCount, type PlateFormat } from '../../domain/plate-format';
import type { WireWells } from '../../domain/plate-wire';
import {
  appearanceFromMetrics,
  markersOfWells,
  type WellAppearance,
} from '../../plate-canvas/well-appearance';
import { createMetricsClient, type MetricsClient } from '../../workers/metrics-client';

let shared: MetricsClient | null = null;

/** One worker for the page, started on first use. */
function metricsClient(): MetricsClient {
  shared ??= createMetricsClient();
  return shared;
}

export interface WellMetricsView {
  appearance: WellAppearance | undefined;
  metrics: MetricsOutput | undefined;
}

/** Appearance and metrics of a plate document; undefined until the first answer. */
export function useWellAppearance(
  format: PlateFormat,
  wells: WireWells,
  reagents: readonly BenchReagent[],
  /** the experiment's dispensing settings; null: the format's defaults (as the server reads them) */
  dispensing: Partial<DispenseSettings> | null = null,
): WellMetricsView {
  const [view, setView] = useState<WellMetricsView>({ appearance: undefined, metrics: undefined });
  useEffect(() => {
    const defn = plateDefn(format);
    // Rounded to the instrument as the dispense plan and the server round: one set of numbers.
    const input = metricsInputFromPlate(defn, wells, reagents.map(benchReagentInfo), dispensing);
    // The input's buffers move to the worker: keep what the appearance needs.
    const reagentType = input.reagentType.slice();
    const markers = markersOfWells(defn, wells);
    let live = true;
    void metricsClient()
      .compute(input)
      .then((out) => {
        if (!live || !out || out.status.length !== wellCount(format)) return;
        setView({ appearance: appearanceFromMetrics(out, reagentType, markers), metrics: out });
      });
    return () => {
      live = false;
    };
  }, [format, wells, reagents, dispensing]);
  return view;
}
