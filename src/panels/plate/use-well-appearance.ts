// The plate document's per-well drawing codes, computed off the main thread. A change of the
// wells alone goes to the metrics worker as a delta (workers/metrics-delta.ts: the wells of
// new contents only, packed, their buffers transferred) and the answer is written into the
// previous metrics; wells that only moved (a randomisation) take their metrics from where they
// were, so a change made of moves alone is answered at once, with no request. A change of
// format, bench or settings sends the whole plate. The request leaves in
// the render's layout effect, in the same task as the edit, so the worker computes while the
// browser gets to its next frame; the client coalesces (only the latest state waits,
// overtaken answers are dropped), and each delta is taken from the last answered state.
import { useLayoutEffect, useRef, useState } from 'react';
import { benchReagentInfo, type BenchReagent } from '../../api/bench';
import type { DispenseSettings } from '../../domain/dispensing/settings';
import { metricsInputFromPlate, type MetricsOutput } from '../../domain/metrics-kernel';
import { plateIds } from '../../domain/layout/well-list';
import { plateDefn, wellCount, type PlateDefn, type PlateFormat } from '../../domain/plate-format';
import type { WireWells } from '../../domain/plate-wire';
import {
  appearanceFromMetrics,
  markerOfTags,
  markersOfWells,
  type WellAppearance,
} from '../../plate-canvas/well-appearance';
import { createMetricsClient, type MetricsClient } from '../../workers/metrics-client';
import { deltaInput, mergeMetrics, wellDelta, type WellDelta } from '../../workers/metrics-delta';

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

/** The last answered state: what the next delta is taken from. */
interface Answered {
  format: PlateFormat;
  reagents: readonly BenchReagent[];
  dispensing: Partial<DispenseSettings> | null;
  wells: WireWells;
  metrics: MetricsOutput;
  reagentType: Uint8Array;
  /** the wells' markers (from their tags) */
  markers: Uint8Array;
}

/** The markers of `wells`: the answered state's, with the delta's wells read again. */
function deltaMarkers(
  defn: PlateDefn,
  base: Uint8Array,
  wells: WireWells,
  delta: WellDelta,
): Uint8Array {
  if (delta.indices.length === 0) return base;
  const ids = plateIds(defn);
  const out = base.slice();
  for (const i of delta.indices) out[i] = markerOfTags(wells[ids[i]]?.tags);
  return out;
}

/** Appearance and metrics of a plate document; undefined until the first answer. */
export function useWellAppearance(
  format: PlateFormat,
  wells: WireWells,
  reagents: readonly BenchReagent[],
  /** the experiment's dispensing settings; null: the format's defaults (as the server reads them) */
  dispensing: Partial<DispenseSettings> | null = null,
): WellMetricsView {
  const [view, setView] = useState<WellMetricsView>({
    appearance: undefined,
    metrics: undefined,
    wells: undefined,
  });
  const answered = useRef<Answered | null>(null);
  useLayoutEffect(() => {
    const defn = plateDefn(format);
    const bench = reagents.map(benchReagentInfo);
    const base = answered.current;
    const delta =
      base && base.format === format && base.reagents === reagents && base.dispensing === dispensing
        ? wellDelta(defn, base.wells, wells)
        : null;
    const markers =
      base && delta ? deltaMarkers(defn, base.markers, wells, delta) : markersOfWells(defn, wells);
    if (base && delta?.computed === 0) {
      // the same wells in another record, or wells moved: nothing to compute
      const metrics =
        delta.indices.length === 0 ? base.metrics : mergeMetrics(base.metrics, delta, null);
      answered.current = { ...base, wells, metrics, markers };
      setView({
        appearance: appearanceFromMetrics(metrics, base.reagentType, markers),
        metrics,
        wells,
      });
      return;
    }
    // Rounded to the instrument as the dispense plan and the server round: one set of numbers.
    const input = delta
      ? deltaInput(defn, delta, bench, dispensing)
      : metricsInputFromPlate(defn, wells, bench, dispensing);
    // The input's buffers move to the worker: keep what the appearance needs.
    const reagentType = base && delta ? base.reagentType : input.reagentType.slice();
    let live = true;
    void metricsClient()
      .compute(input)
      .then((out) => {
        if (!live || !out) return;
        const metrics = base && delta ? mergeMetrics(base.metrics, delta, out) : out;
        if (metrics.status.length !== wellCount(format)) return;
        answered.current = { format, reagents, dispensing, wells, metrics, reagentType, markers };
        setView({
          appearance: appearanceFromMetrics(metrics, reagentType, markers),
          metrics,
          wells,
        });
      });
    return () => {
      live = false;
    };
  }, [format, wells, reagents, dispensing]);
  return view;
}
