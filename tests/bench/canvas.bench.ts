// Browser benchmarks of the plate canvas and the metrics worker: builds the benchmark page
// (tests/bench/browser, its own vite config), serves it with vite's preview server in this
// process, and drives Debian's chromium with Playwright. Headless chromium draws WebGL in
// software (SwiftShader), far slower than a GPU, so every canvas figure comes twice: main-
// thread time (p50/p95) and presented-frame latency (frame_p50/frame_p95); see
// browser/harness.ts for exactly what each covers. The drag's main-thread figures of both
// sides come from one procedure (measureDom); the canvas' presented frames from its own.
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { percentile, round3, summarize, type BenchResult } from './bench-result';
import { callPage, cpuFields, openBenchBrowser, tracedCpu } from './bench-browser';
import type { BenchPageApi, StepSample } from './canvas-bench-api';

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
    const floor = await call(page, 'idleSteps', SWEEPS * STEPS);
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

    const withListener = samplesOf(canvasFrames, 'main');
    const canvasFig = stepFigure('canvas.drag_select_1536', canvas, {
      renderer,
      ...cpuFields(canvasCpu),
      frame_p50: round3(percentile(samplesOf(canvasFrames, 'frame'), 50)),
      frame_p95: round3(percentile(samplesOf(canvasFrames, 'frame'), 95)),
      listener_main_p50: round3(percentile(withListener, 50)),
      listener_main_p95: round3(percentile(withListener, 95)),
    });
    const domFig = stepFigure('dom_baseline.drag_select_1536', dom, cpuFields(domCpu));
    canvasFig.ratio_vs_dom_p50 = round3(domFig.p50 / canvasFig.p50);
    canvasFig.ratio_vs_dom_p95 = round3(domFig.p95 / canvasFig.p95);
    canvasFig.frame_ratio_vs_dom_p50 = round3(
      (domFig.frame_p50 ?? NaN) / (canvasFig.frame_p50 ?? NaN),
    );
    canvasFig.cpu_ratio_vs_dom_p50 = round3(
      (domFig.main_cpu_p50 as number) / (canvasFig.main_cpu_p50 as number),
    );
    canvasFig.cpu_ratio_vs_dom_p95 = round3(
      (domFig.main_cpu_p95 as number) / (canvasFig.main_cpu_p95 as number),
    );
    // The harness's own work per step (its timer, the frame it waits for, its after-frame
    // task), measured as a DOM step with an input that does nothing: counted on both sides,
    // it bounds every ratio above; the same ratios with it taken off both sides follow.
    const floorMain = samplesOf(floor, 'main');
    const floorP50 = percentile(floorMain, 50);
    const floorCpuP50 = percentile(floorCpu, 50);
    canvasFig.harness_floor_p50 = round3(floorP50);
    canvasFig.harness_floor_p95 = round3(percentile(floorMain, 95));
    canvasFig.harness_floor_cpu_p50 = round3(floorCpuP50);
    canvasFig.ratio_above_floor_p50 = round3(
      (domFig.p50 - floorP50) / Math.max(0.001, canvasFig.p50 - floorP50),
    );
    canvasFig.cpu_ratio_above_floor_p50 = round3(
      ((domFig.main_cpu_p50 as number) - floorCpuP50) /
        Math.max(0.001, (canvasFig.main_cpu_p50 as number) - floorCpuP50),
    );
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
