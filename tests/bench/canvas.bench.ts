// Browser benchmarks of the plate canvas and the metrics worker: builds the benchmark page
// (tests/bench/browser, its own vite config), serves it with vite's preview server in this
// process, and drives Debian's chromium with Playwright. Headless chromium draws WebGL in
// software (SwiftShader), far slower than a GPU, so every canvas figure comes twice: main-
// thread time and presented-frame latency (frame_p50/frame_p95).
// The drag-select figures (canvas.drag_select_1536 against dom_baseline.drag_select_1536):
// - p50/p95 and main_cpu_p50/p95 (the ratios' quantity): the main thread's work per pointer
//   move, from a trace of paced steps (paced-trace.ts, browser/paced-steps.ts), the same
//   procedure on both sides: each move dispatched in the page from its own plain task, 50 ms
//   after the previous one, and every main-thread task until the next move counted: the
//   handler with its microtasks, the frame the browser renders if the move changed the page
//   (style, layout, paint, commit: the DOM grid's selection is drawn there), the tasks the
//   overlay worker's canvases post back (the canvas' selection is painted in the worker),
//   garbage collection. p50/p95 sum the tasks' wall-clock durations, main_cpu_* their thread
//   time. The harness's own share, paced_floor_*, is the same procedure with an input that
//   does nothing (one timer task and two marks per step), counted on both sides, not taken off.
//   frames_per_move: main-thread frames counted per move (the DOM grid renders one for each
//   move that changes its selection, the canvas none: its overlay is painted in a worker).
//   off_main_cpu_per_move (mean) and off_main_cpu_by_thread: the CPU time the browser's other
//   threads spent per move in the same steps (overlay worker, compositors, GPU process), not
//   part of the ratios, which are of main-thread time, but what a move costs the machine.
// - forced_frame_*: the earlier procedure (browser/harness.ts, measureDom): the input, then
//   the next animation frame, which the harness requests on both sides, from the start of
//   its requestAnimationFrame callback to the first task after it. The canvas needs no main-
//   thread frame for a move, so there the harness pays for one the plate never asked for;
//   kept for comparison with earlier runs (forced_frame_floor_*: its cost with a no-op input).
// - frame_*: presented-frame latency, the canvas' from a sweep with a frame listener on
//   (measureCanvas: it waits for the overlay worker's paint), listener_main_* its main-thread
//   time then.
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { percentile, round3, summarize, type BenchResult } from './bench-result';
import { callPage, cpuFields, openBenchBrowser, tracedCpu } from './bench-browser';
import type { BenchPageApi, StepSample } from './canvas-bench-api';
import { tracedPacedSteps, type PacedStep } from './paced-trace';

const NAVIGATIONS = 7;
const SWEEPS = 3;
const STEPS = 100;
const REDRAWS = 40;
const WORKER_CALLS = 100;
const TRACED_STEPS = 60;

/** Calls window.bench[name](...args) in the page. */
function call<K extends keyof BenchPageApi>(
  page: Page,
  name: K,
  ...args: Parameters<BenchPageApi[K]>
): Promise<Awaited<ReturnType<BenchPageApi[K]>>> {
  return callPage(page, 'bench', name, args) as Promise<Awaited<ReturnType<BenchPageApi[K]>>>;
}

/** The page's step marks (browser/harness.ts STEP_START, STEP_END). */
const STEP_START = 'bench-step-start';
const STEP_END = 'bench-step-end';

/** p50/p95 of paced steps' wall-clock and CPU time, and the other threads' CPU per move. */
function pacedFigure(
  name: string,
  { steps, offMain }: { steps: PacedStep[]; offMain: Record<string, number> },
  extra: Partial<BenchResult> = {},
) {
  const cpu = steps.map((s) => s.cpu);
  const frames = steps.reduce((n, s) => n + s.frames, 0);
  const perMove = (ms: number) => round3(ms / steps.length);
  const byThread = Object.entries(offMain).toSorted((a, b) => b[1] - a[1]);
  return summarize(
    name,
    steps.map((s) => s.wall),
    {
      ...cpuFields(cpu),
      frames_per_move: perMove(frames),
      off_main_cpu_per_move: perMove(byThread.reduce((sum, [, ms]) => sum + ms, 0)),
      off_main_cpu_by_thread: Object.fromEntries(
        byThread.slice(0, 4).map(([thread, ms]) => [thread, perMove(ms)]),
      ),
      ...extra,
    },
  );
}

/** A DOM figure over the canvas' (figures are numbers; extra fields are typed unknown). */
function ratio(domValue: unknown, canvasValue: unknown): number {
  return round3((domValue as number) / (canvasValue as number));
}

function samplesOf(steps: StepSample[], key: keyof StepSample): number[] {
  return steps.map((s) => s[key]);
}

function stepFigure(name: string, steps: StepSample[], extra: Partial<BenchResult> = {}) {
  const main = samplesOf(steps, 'main');
  const calls = samplesOf(steps, 'renderCall');
  const frame = samplesOf(steps, 'frame');
  return summarize(name, main, {
    frame_p50: round3(percentile(frame, 50)),
    frame_p95: round3(percentile(frame, 95)),
    render_call_p50: round3(percentile(calls, 50)),
    render_call_p95: round3(percentile(calls, 95)),
    ...extra,
  });
}

export default async function canvasBench(): Promise<BenchResult[]> {
  const served = await openBenchBrowser();
  const { browser, url } = served;
  try {
    const page = await browser.newPage({
      viewport: { width: 1600, height: 1560 },
      deviceScaleFactor: 1,
    });
    page.on('pageerror', (e) => console.error('bench page error:', e));

    const firsts: { renderer: string; firstFrame: number; firstPresented: number }[] = [];
    for (let i = 0; i < NAVIGATIONS; i++) {
      await page.goto(url);
      firsts.push(await call(page, 'ready'));
    }
    const renderer = firsts[0].renderer;
    const isolated = await call(page, 'isolated');
    if (!isolated) console.warn('bench: not cross-origin isolated, performance.now() is coarse');
    if (renderer !== 'webgl')
      console.warn(`bench: the plate rendered with "${renderer}", not webgl`);

    // One unmeasured sweep each warms the JIT and the GPU process.
    await call(page, 'dragCanvas', 1, 40);
    await call(page, 'dragDom', 1, 40);
    // Main-thread figures: the canvas drag timed exactly as the DOM grid's, the plate as
    // shipped (no frame listener, so its overlay worker answers nothing). The presented-frame
    // figures need the worker's answers, so they come from a sweep with the listener on.
    const canvas = await call(page, 'dragCanvasAsDom', SWEEPS, STEPS);
    const canvasFrames = await call(page, 'dragCanvas', 1, STEPS);
    const dom = await call(page, 'dragDom', SWEEPS, STEPS);
    const redraws = await call(page, 'fullRedraw', REDRAWS);
    const floorSteps = await call(page, 'idleSteps', SWEEPS * STEPS);
    // The same interactions again under a trace, for the main thread's own CPU time.
    const marking = (on: boolean) => call(page, 'setMarks', on);
    const canvasCpu = await tracedCpu(browser, page, marking, () =>
      call(page, 'dragCanvasAsDom', 1, TRACED_STEPS),
    );
    const domCpu = await tracedCpu(browser, page, marking, () =>
      call(page, 'dragDom', 1, TRACED_STEPS),
    );
    const floorCpu = await tracedCpu(browser, page, marking, () =>
      call(page, 'idleSteps', TRACED_STEPS),
    );
    const redrawCpu = await tracedCpu(browser, page, marking, () => call(page, 'fullRedraw', 20));
    const worker = await call(page, 'workerRoundTrips', WORKER_CALLS);

    // The headline figures: paced steps under a trace, the same procedure on both sides.
    const paced = (run: () => Promise<unknown>) =>
      tracedPacedSteps(browser, page, run, STEP_START, STEP_END);
    const pacedCanvas = await paced(() => call(page, 'pacedDrag', 'canvas', SWEEPS, STEPS));
    const pacedDom = await paced(() => call(page, 'pacedDrag', 'dom', SWEEPS, STEPS));
    const pacedFloor = await paced(() => call(page, 'pacedIdle', SWEEPS * STEPS));

    const withListener = samplesOf(canvasFrames, 'main');
    const canvasForced = stepFigure('forced', canvas);
    const domForced = stepFigure('forced', dom);
    const domFig = pacedFigure('dom_baseline.drag_select_1536', pacedDom, {
      frame_p50: domForced.frame_p50,
      frame_p95: domForced.frame_p95,
      forced_frame_main_p50: domForced.p50,
      forced_frame_main_p95: domForced.p95,
      forced_frame_render_call_p50: domForced.render_call_p50,
      forced_frame_cpu_p50: round3(percentile(domCpu, 50)),
      forced_frame_cpu_p95: round3(percentile(domCpu, 95)),
    });
    const canvasFig = pacedFigure('canvas.drag_select_1536', pacedCanvas, {
      renderer,
      frame_p50: round3(percentile(samplesOf(canvasFrames, 'frame'), 50)),
      frame_p95: round3(percentile(samplesOf(canvasFrames, 'frame'), 95)),
      listener_main_p50: round3(percentile(withListener, 50)),
      listener_main_p95: round3(percentile(withListener, 95)),
    });
    canvasFig.ratio_vs_dom_p50 = ratio(domFig.p50, canvasFig.p50);
    canvasFig.ratio_vs_dom_p95 = ratio(domFig.p95, canvasFig.p95);
    canvasFig.cpu_ratio_vs_dom_p50 = ratio(domFig.main_cpu_p50, canvasFig.main_cpu_p50);
    canvasFig.cpu_ratio_vs_dom_p95 = ratio(domFig.main_cpu_p95, canvasFig.main_cpu_p95);
    canvasFig.frame_ratio_vs_dom_p50 = ratio(domFig.frame_p50, canvasFig.frame_p50);
    const floor = pacedFigure('floor', pacedFloor);
    canvasFig.paced_floor_off_main_cpu_per_move = floor.off_main_cpu_per_move;
    canvasFig.paced_floor_p50 = floor.p50;
    canvasFig.paced_floor_p95 = floor.p95;
    canvasFig.paced_floor_cpu_p50 = floor.main_cpu_p50;
    canvasFig.paced_floor_cpu_p95 = floor.main_cpu_p95;
    canvasFig.paced_ms = 50;

    // The earlier procedure, with the frame the harness requests (see the top of this file).
    canvasFig.forced_frame_main_p50 = canvasForced.p50;
    canvasFig.forced_frame_main_p95 = canvasForced.p95;
    canvasFig.forced_frame_render_call_p50 = canvasForced.render_call_p50;
    canvasFig.forced_frame_cpu_p50 = round3(percentile(canvasCpu, 50));
    canvasFig.forced_frame_cpu_p95 = round3(percentile(canvasCpu, 95));
    canvasFig.forced_frame_ratio_vs_dom_p50 = ratio(domForced.p50, canvasForced.p50);
    canvasFig.forced_frame_ratio_vs_dom_p95 = ratio(domForced.p95, canvasForced.p95);
    canvasFig.forced_frame_cpu_ratio_vs_dom_p50 = ratio(
      domFig.forced_frame_cpu_p50,
      canvasFig.forced_frame_cpu_p50,
    );
    const forcedFloor = samplesOf(floorSteps, 'main');
    canvasFig.forced_frame_floor_p50 = round3(percentile(forcedFloor, 50));
    canvasFig.forced_frame_floor_p95 = round3(percentile(forcedFloor, 95));
    canvasFig.forced_frame_floor_cpu_p50 = round3(percentile(floorCpu, 50));
    canvasFig.fine_clock = isolated;
    canvasFig.load_average_1m = round3(loadavg()[0]);
    canvasFig.goal = 'p95 < 4 ms and ratio_vs_dom_p95 >= 10';

    return [
      canvasFig,
      domFig,
      stepFigure('canvas.full_redraw_1536', redraws, { renderer, ...cpuFields(redrawCpu) }),
      summarize(
        'canvas.first_frame_1536',
        firsts.map((f) => f.firstFrame),
        {
          frame_p50: round3(
            percentile(
              firsts.map((f) => f.firstPresented),
              50,
            ),
          ),
          frame_p95: round3(
            percentile(
              firsts.map((f) => f.firstPresented),
              95,
            ),
          ),
          renderer,
          note: 'ms from navigation start: p50/p95 to the first render call done, frame_* to its presented frame',
        },
      ),
      summarize('worker.metrics_1536x16', worker, {
        note: 'round trip through the module worker, input and output transferred',
        goal: 'p95 < 5 ms',
      }),
    ];
  } finally {
    await served.close();
  }
}
