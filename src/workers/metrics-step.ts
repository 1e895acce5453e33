// The plate's metrics from one state of the document to the next. Each computed state is the
// base the next change is measured from (metrics-delta.ts): a change whose new wells are few
// (a tool's apply, an edit) is computed at once on the main thread, in the render that shows
// it, so the plate draws the new wells with their rings in the edit's own frame; a whole
// plate (the first state, another format, bench or settings) or a change of many new wells
// goes to the worker. The kernel costs a few microseconds a well: up to INLINE_WELLS that is
// less than a worker's round trip, whose two thread hops and second render cost a frame on a
// busy machine.
import { benchReagentInfo, type BenchReagent } from '../api/bench';
import type { DispenseSettings } from '../domain/dispensing/settings';
import {
  computeMetrics,
  metricsInputFromPlate,
  type MetricsInput,
  type MetricsOutput,
} from '../domain/metrics-kernel';
import { plateIds } from '../domain/layout/well-list';
import { plateDefn, wellCount, type PlateDefn, type PlateFormat } from '../domain/plate-format';
import type { WireWells } from '../domain/plate-wire';
import { markerOfTags, markersOfWells } from '../plate-canvas/well-appearance';
import { deltaInput, mergeMetrics, wellDelta, type WellDelta } from './metrics-delta';

/** Distinct new wells computed on the main thread (about 1 ms); more go to the worker. */
export const INLINE_WELLS = 384;

/** What the metrics are computed from. */
export interface MetricsSource {
  format: PlateFormat;
  wells: WireWells;
  reagents: readonly BenchReagent[];
  /** the experiment's dispensing settings; null: the format's defaults */
  dispensing: Partial<DispenseSettings> | null;
}

/** A computed state: the metrics of `wells`, and what the plate draws with them. */
export interface MetricsState extends MetricsSource {
  metrics: MetricsOutput;
  /** [R] each bench reagent's type code (the kernel's input, kept for the appearance) */
  reagentType: Uint8Array;
  /** the wells' markers (from their tags) */
  markers: Uint8Array;
}

/** A request for the worker, and how its answer makes the state. */
export interface WorkerRequest {
  /** the kernel's input; its buffers are transferred */
  input: MetricsInput;
  /** the state of the answer; null when it no longer fits the plate (another format) */
  finish(out: MetricsOutput): MetricsState | null;
}

/** The next state at once, or the worker's request for it. */
export type MetricsStep =
  | { ready: true; state: MetricsState }
  | {
      ready: false;
      /** the last computed state, shown until the answer (null: none yet) */
      shown: MetricsState | null;
      request(): WorkerRequest;
    };

const sameBench = (a: MetricsSource, b: MetricsSource) =>
  a.format === b.format && a.reagents === b.reagents && a.dispensing === b.dispensing;

/**
 * The markers of `wells`: the base's, with the delta's wells read again; a moved well (the
 * same object, so the same tags) takes its marker from where it was.
 */
function deltaMarkers(
  defn: PlateDefn,
  base: Uint8Array,
  wells: WireWells,
  delta: WellDelta,
): Uint8Array {
  const { indices, from } = delta;
  if (indices.length === 0) return base;
  const ids = plateIds(defn);
  const out = base.slice();
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k];
    out[i] = from[k] >= 0 ? base[from[k]] : markerOfTags(wells[ids[i]]?.tags);
  }
  return out;
}

/**
 * The metrics of `next` from the last computed state `base` (null: none yet). Rounded to the
 * instrument as the dispense plan and the server round: one set of numbers. `spare`: metrics
 * no one reads any more, whose arrays a step computed at once may write its own into.
 */
export function metricsStep(
  base: MetricsState | null,
  next: MetricsSource,
  spare: MetricsOutput | null = null,
): MetricsStep {
  const defn = plateDefn(next.format);
  const bench = next.reagents.map(benchReagentInfo);
  if (!base || !sameBench(base, next)) {
    return {
      ready: false,
      shown: base,
      request() {
        const input = metricsInputFromPlate(defn, next.wells, bench, next.dispensing);
        // the input's buffers move to the worker: keep what the appearance needs
        const reagentType = input.reagentType.slice();
        const markers = markersOfWells(defn, next.wells);
        return {
          input,
          finish: (metrics) =>
            metrics.status.length === wellCount(next.format)
              ? { ...next, metrics, reagentType, markers }
              : null,
        };
      },
    };
  }
  if (base.wells === next.wells) return { ready: true, state: base };
  const delta = wellDelta(defn, base.wells, next.wells);
  const markers = deltaMarkers(defn, base.markers, next.wells, delta);
  const state = (metrics: MetricsOutput): MetricsState => ({
    ...next,
    metrics,
    reagentType: base.reagentType,
    markers,
  });
  if (delta.computed === 0) {
    // the same wells in another record, or wells moved: nothing to compute
    const metrics =
      delta.indices.length === 0 ? base.metrics : mergeMetrics(base.metrics, delta, null, spare);
    return { ready: true, state: state(metrics) };
  }
  if (delta.computed <= INLINE_WELLS) {
    const out = computeMetrics(deltaInput(defn, delta, bench, next.dispensing));
    return { ready: true, state: state(mergeMetrics(base.metrics, delta, out, spare)) };
  }
  return {
    ready: false,
    shown: base,
    request: () => ({
      input: deltaInput(defn, delta, bench, next.dispensing),
      finish: (out) => state(mergeMetrics(base.metrics, delta, out)),
    }),
  };
}

/**
 * The base of a plate's steps: the last computed state, moved on by each step computed at once
 * and by each worker answer. Any computed state is a right base (a step's metrics do not
 * depend on which, only its cost does), so a step taken in a render that is then thrown away
 * leaves nothing wrong behind.
 *
 * A step computed at once writes into the arrays of a state two or more states old: the
 * plate shows the last state and is rendering the newest (a render's metrics are handed on,
 * as an appearance, in copies), so the metrics of the two newest states are never written.
 */
export class MetricsBase {
  private state: MetricsState | null = null;
  private adopted: MetricsState | null = null;
  /** the metrics of the newest states, newest last (two kept) */
  private readonly recent: MetricsOutput[] = [];
  /** metrics older than those: no one reads them, a step may write into their arrays */
  private spare: MetricsOutput | null = null;

  /** The step to `source`; `answer`: the worker's last answer, the base from now on. */
  step(source: MetricsSource, answer: MetricsState | null): MetricsStep {
    if (answer && answer !== this.adopted) {
      this.adopted = answer;
      this.state = answer;
      this.keep(answer.metrics);
    }
    const step = metricsStep(this.state, source, this.spare);
    if (step.ready) {
      // new metrics may have been written into the spare's arrays: it is spent
      if (!this.recent.includes(step.state.metrics)) this.spare = null;
      this.state = step.state;
      this.keep(step.state.metrics);
    }
    return step;
  }

  /** Records the newest state's metrics; the one they push out becomes the spare. */
  private keep(metrics: MetricsOutput): void {
    const { recent } = this;
    if (recent.includes(metrics)) {
      // already one of the two newest (a step that changed nothing): now the newest
      recent.splice(recent.indexOf(metrics), 1);
      recent.push(metrics);
      return;
    }
    recent.push(metrics);
    if (recent.length > 2) this.spare = recent.shift()!;
  }
}
