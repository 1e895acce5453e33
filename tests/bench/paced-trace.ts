// Main-thread work per paced step, from a Chrome trace. The page dispatches each input from a
// plain task, a fixed time after the previous one, and requests no animation frame of its
// own: every main-thread task the browser runs from one input to the next (the input's task
// with its microtasks, the frame it makes the browser render if it changed anything there,
// the tasks the overlay worker's canvases post back, a garbage collection) is that step's.
// The same procedure for the canvas and the DOM grid, so the harness costs both sides the
// same: one timer task and two user-timing marks per step.
// Beside it, the CPU time the other threads of the browser spent in the same steps (the
// overlay worker, the compositors, the GPU process): not the figures' quantity, but what a
// move costs the machine as a whole, which on a small machine the main thread shares.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import type { TraceEvent } from './trace-cpu';

/** One step's main-thread work, in milliseconds. */
export interface PacedStep {
  /** Wall-clock time the main thread was busy: the summed durations of its tasks. */
  wall: number;
  /** The main thread's own CPU time in those tasks (thread time). */
  cpu: number;
  /** Main-thread frames (BeginMainFrame tasks) among them. */
  frames: number;
}

/** The task that runs a main-thread frame: animation callbacks, style, layout, paint. */
const FRAME_TASK = 'ScheduledActionSendBeginMainFrame';

/**
 * The main-thread tasks of each step: a step starts at a `start` mark and lasts until the
 * next mark, a `start` or an `end` (which closes the last step of a run of steps). Tasks do
 * not overlap on the main thread, so a task that holds a mark is the one that made it (the
 * input's own task, begun just before its start mark): it is that mark's step's. Any other
 * task belongs to the step in which it began; tasks begun after an `end` mark to none.
 */
export function pacedStepTimes(
  events: readonly TraceEvent[],
  start: string,
  end: string,
): PacedStep[] {
  const mainThreads = events.filter(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const onMain = (e: TraceEvent) => mainThreads.some((t) => t.pid === e.pid && t.tid === e.tid);
  const marks = events
    .filter(
      (e) =>
        (e.name === start || e.name === end) && (e.cat ?? '').includes('user_timing') && onMain(e),
    )
    .toSorted((a, b) => a.ts - b.ts);
  // Each mark's step (its index among the start marks), or -1 for an end mark.
  const stepOf: number[] = [];
  let count = 0;
  for (const m of marks) stepOf.push(m.name === start ? count++ : -1);
  const steps: PacedStep[] = Array.from({ length: count }, () => ({ wall: 0, cpu: 0, frames: 0 }));
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && onMain(e),
  );
  for (const t of tasks) {
    // The latest mark at or before the task's start (binary search), or -1.
    let lo = 0;
    let hi = marks.length - 1;
    let k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (marks[mid].ts <= t.ts) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // A task holding the next mark (begun before it, ended after) ran that mark.
    const next = marks[k + 1];
    if (next && next.ts <= t.ts + (t.dur ?? 0)) k++;
    const step = k < 0 ? -1 : stepOf[k];
    if (step < 0) continue;
    // In microseconds, as the trace gives them, until the end (see below).
    steps[step].wall += t.dur ?? 0;
    steps[step].cpu += t.tdur ?? t.dur ?? 0;
    if (t.args?.src_func === FRAME_TASK) steps[step].frames++;
  }
  for (const s of steps) {
    s.wall /= 1000;
    s.cpu /= 1000;
  }
  return steps;
}

/** Threads of the tracing itself, left out of offMainCpu. */
const TRACING_THREADS = new Set(['PerfettoTrace', 'TracingThread']);

/**
 * CPU milliseconds of every thread but the page's main one in the steps (from each `start`
 * mark to the next mark), by "process/thread" name, summed over all steps.
 */
export function offMainCpu(
  events: readonly TraceEvent[],
  start: string,
  end: string,
): Record<string, number> {
  const threadName = new Map<string, string>();
  const processName = new Map<number, string>();
  let main = '';
  for (const e of events) {
    if (e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    if (e.name === 'process_name') processName.set(e.pid, e.args?.name ?? '');
  }
  const marks = events
    .filter((e) => (e.name === start || e.name === end) && (e.cat ?? '').includes('user_timing'))
    .toSorted((a, b) => a.ts - b.ts);
  if (marks.length > 0) main = `${marks[0].pid}:${marks[0].tid}`;
  const windows: [number, number][] = [];
  for (let i = 0; i + 1 < marks.length; i++) {
    if (marks[i].name === start) windows.push([marks[i].ts, marks[i + 1].ts]);
  }
  const out: Record<string, number> = {};
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask') continue;
    const id = `${e.pid}:${e.tid}`;
    const thread = threadName.get(id) ?? '?';
    if (id === main || TRACING_THREADS.has(thread)) continue;
    if (!windows.some(([from, to]) => e.ts >= from && e.ts < to)) continue;
    const key = `${processName.get(e.pid) ?? '?'}/${thread}`;
    out[key] = (out[key] ?? 0) + (e.tdur ?? 0) / 1000;
  }
  return out;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const tracePath = path.resolve(here, '../../.tmp/bench-paced-trace.json');

/**
 * The main-thread work of each paced step that `run` makes the page take, and the other
 * threads' CPU time in them (offMainCpu).
 */
export async function tracedPacedSteps(
  browser: Browser,
  page: Page,
  run: () => Promise<unknown>,
  start: string,
  end: string,
): Promise<{ steps: PacedStep[]; offMain: Record<string, number> }> {
  await browser.startTracing(page, {
    path: tracePath,
    categories: ['toplevel', 'blink.user_timing', '__metadata'],
  });
  await run();
  await browser.stopTracing();
  const trace = JSON.parse(await readFile(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
  await rm(tracePath, { force: true });
  return {
    steps: pacedStepTimes(trace.traceEvents, start, end),
    offMain: offMainCpu(trace.traceEvents, start, end),
  };
}
