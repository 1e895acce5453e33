// tools.apply_canvas_1536: each screening tool applied in the benchmark page as the designer
// applies it, on a full 1536-well plate, until the canvas has drawn the result: the tool's
// expansion, the volume planning (planVolumeFor, the format's default dispensing settings),
// the store update, the new wells' metrics and the WebGL frame. One figure per tool
// (field `tool`), goal 50 ms. The plate is coloured by reagent, so that each tool's result
// changes what the canvas draws (`redrawn`: the share of runs that rendered WebGL).
// No server runs: the save that follows an Apply 300 ms later is answered by the plate state
// computed in the page, outside the measured step (browser/tools-main.tsx says what each
// time covers).
// p50/p95: from the input until the main thread finished the frame that draws the result
// (the metrics' computation included); frame_p50/frame_p95: until that frame was presented;
// main_cpu_*: the main thread's own CPU time in the same span, from a Chrome trace;
// input_*: the synchronous part (expansion, planning, store update); worker_post_*: until
// the request for the new wells' metrics left for the worker, worker_message_*: until its
// answer arrived (both over the runs that asked it: `worker_requests`, the share of them;
// a change of up to a few hundred distinct new wells is computed in the render that shows
// it, and wells that only moved take their metrics from where they were, with no request);
// worker_answer_*: until the new wells' metrics reached the plate (computed or merged, and
// handed to the scene; goal 16 ms, the apply's whole round trip); save_client_*: the
// client's part of the later PATCH (the ops and the request body).
// Headless chromium draws WebGL with SwiftShader and its compositor reads the canvas back in
// the frame's commit (GLES2::ReadPixels): a frame that renders the plate waits there for the
// software rasteriser, about 100-300 ms on a small machine (canvas.full_redraw_1536 shows
// the same), with almost no main-thread CPU; main_cpu_* is the client's own share.
import type { Page } from '@playwright/test';
import { percentile, round3, summarize, type BenchResult } from './bench-result';
import { callPage, cpuFields, openBenchBrowser, tracedCpu } from './bench-browser';
import type { ToolsPageApi } from './tools-bench-api';

const RUNS = 20;
const TRACED_RUNS = 8;
const GOAL_MS = 50;

function call<K extends keyof ToolsPageApi>(
  page: Page,
  name: K,
  ...args: Parameters<ToolsPageApi[K]>
): Promise<Awaited<ReturnType<ToolsPageApi[K]>>> {
  return callPage(page, 'toolsBench', name, args) as Promise<Awaited<ReturnType<ToolsPageApi[K]>>>;
}

const p = (xs: number[], q: number) => round3(percentile(xs, q));

export default async function toolsCanvasBench(): Promise<BenchResult[]> {
  const served = await openBenchBrowser();
  const { browser, url } = served;
  try {
    const page = await browser.newPage({
      viewport: { width: 1600, height: 1000 },
      deviceScaleFactor: 1,
    });
    page.on('pageerror', (e) => console.error('bench page error:', e));
    await page.goto(`${url}tools.html`);
    const { renderer } = await call(page, 'ready');
    if (renderer !== 'webgl')
      console.warn(`bench: the plate rendered with "${renderer}", not webgl`);
    const marking = (on: boolean) => call(page, 'setMarks', on);

    const results: BenchResult[] = [];
    for (const tool of await call(page, 'tools')) {
      const { samples, changed, saveMs } = await call(page, 'applyTool', tool, RUNS);
      const cpu = await tracedCpu(browser, page, marking, () =>
        call(page, 'applyTool', tool, TRACED_RUNS),
      );
      const frame = samples.map((s) => s.frame);
      const input = samples.map((s) => s.input);
      const answer = samples.map((s) => s.answer);
      // NaN where the metrics were computed at once: no request, no worker message
      const posted = samples.map((s) => s.posted).filter((ms) => Number.isFinite(ms));
      const message = samples.map((s) => s.message).filter((ms) => Number.isFinite(ms));
      const saved = saveMs.filter((ms) => Number.isFinite(ms));
      // the traced call's warm-up runs are marked too: keep its measured runs
      const measuredCpu = cpu.slice(-TRACED_RUNS);
      const figure = summarize(
        'tools.apply_canvas_1536',
        samples.map((s) => s.main),
        {
          tool,
          wells_changed: changed,
          // the share of runs that rendered WebGL (the rest had nothing new to draw)
          redrawn: round3(samples.filter((s) => s.redrawn).length / samples.length),
          frame_p50: p(frame, 50),
          frame_p95: p(frame, 95),
          input_p50: p(input, 50),
          input_p95: p(input, 95),
          // the share of runs that asked the worker (the rest computed the metrics at once)
          worker_requests: round3(posted.length / samples.length),
          worker_post_p50: p(posted, 50),
          worker_post_p95: p(posted, 95),
          worker_message_p50: p(message, 50),
          worker_message_p95: p(message, 95),
          worker_answer_p50: p(answer, 50),
          worker_answer_p95: p(answer, 95),
          save_client_p50: p(saved, 50),
          save_client_p95: p(saved, 95),
          ...cpuFields(measuredCpu),
          renderer,
          goal_ms: GOAL_MS,
        },
      );
      results.push(figure);
    }
    return results;
  } finally {
    await served.close();
  }
}
