// Timing of one interaction, the same way for the canvas and the DOM grid:
// - main: the input's handler (with the microtasks it queued), plus the frame that shows it
//   on the main thread: from the start of the requestAnimationFrame callback that applies it
//   (the canvas' flush, or a plain callback for the DOM) to the first task after that frame,
//   so the browser's own style, layout, paint and commit work is included for both. Inputs
//   are dispatched from a plain task, never inside a frame callback;
// - renderCall: the handler plus the flush's scene update and render call (canvas; for an
//   overlay-only step the handler already includes handing the state to the overlay), the
//   handler with its class toggles and nothing after (DOM);
// - frame: from the input to the second requestAnimationFrame after the frame that showed
//   it, i.e. until that frame was presented (for the canvas, counted from when the overlay
//   worker has painted, if it paints there).
// Each step is also marked (STEP_START at the input, STEP_END when the frame's main-thread
// work is done) so the driver can sum the main thread's CPU time from a Chrome trace.
import type { FrameStats } from '../../../src/plate-canvas/plate-scene';
import type { StepSample } from '../canvas-bench-api';

const now = () => performance.now();

/** User-timing marks around each step, for the driver's trace (main-thread CPU time). */
export const STEP_START = 'bench-step-start';
export const STEP_END = 'bench-step-end';

/** Marks are set only while the driver traces: they cost the measured steps time too. */
export const marks = { on: false };

// One channel for every step: a fresh MessageChannel per step would be measured as well.
const channel = new MessageChannel();
let afterWaiter: ((t: number) => void) | null = null;
channel.port1.addEventListener('message', () => {
  const t = now();
  if (marks.on) performance.mark(STEP_END);
  const w = afterWaiter;
  afterWaiter = null;
  w?.(t);
});
channel.port1.start();

/** The first task after the current frame (call inside a frame callback or its microtasks). */
export function afterFrameTask(): Promise<number> {
  return new Promise<number>((resolve) => {
    afterWaiter = resolve;
    channel.port2.postMessage(0);
  });
}

/** The second requestAnimationFrame from now: the frame before it has been presented. */
export function twoFramesLater(): Promise<number> {
  return new Promise<number>((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(now())));
  });
}

/** To be called inside a requestAnimationFrame callback (or its microtasks). */
export function frameTimes(): Promise<{ after: number; presented: number }> {
  return Promise.all([afterFrameTask(), twoFramesLater()]).then(([a, p]) => ({
    after: a,
    presented: p,
  }));
}

/** Delivers the scene's next rendered frame. */
export class FrameRecorder {
  private waiter: ((s: FrameStats) => void) | null = null;
  readonly onFrame = (stats: FrameStats) => {
    const w = this.waiter;
    this.waiter = null;
    w?.(stats);
  };
  next(): Promise<FrameStats> {
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }
}

/** Two quiet frames, then a plain task: nothing of the previous step is still in flight. */
export function settle(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

/** A plain task: inputs must not start inside a frame callback, where the browser would
 * render their DOM changes in the same frame before any measurement could see it. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `input` and the microtasks it queued (store notifications); answers its duration. */
async function timed(input: () => void): Promise<{ t0: number; t1: number }> {
  if (marks.on) performance.mark(STEP_START);
  const t0 = now();
  input();
  await Promise.resolve();
  await Promise.resolve();
  return { t0, t1: now() };
}

/** Runs `input` (synchronous), then measures the canvas frame it caused. */
export async function measureCanvas(
  recorder: FrameRecorder,
  input: () => void,
  expect: (stats: FrameStats) => boolean,
): Promise<StepSample> {
  await nextTask();
  const flushed = recorder.next();
  const { t0, t1 } = await timed(input);
  const stats = await flushed;
  if (!expect(stats)) throw new Error('The frame after the input did not redraw what it changed');
  // The main thread's frame: the scene's own (wells, layout), or for an overlay-only step,
  // which the scene hands over in a microtask, the next frame as for the DOM grid.
  const frameStart = stats.inFrame ? stats.start : await frameBegins();
  const after = afterFrameTask();
  // The overlay may paint in a worker: the frame counts from when its canvases are painted.
  await stats.painted;
  const presented = await twoFramesLater();
  return {
    main: t1 - t0 + ((await after) - frameStart),
    renderCall: stats.inFrame ? t1 - t0 + (stats.end - stats.start) : t1 - t0,
    frame: presented - t0,
  };
}

/** Resolves inside the next animation frame (in its microtasks) with its start time. */
function frameBegins(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(now())));
}

/** Runs `input` (synchronous DOM changes), then measures the frame that renders them. */
export async function measureDom(input: () => void): Promise<StepSample> {
  await nextTask();
  const { t0, t1 } = await timed(input);
  const { start, after, presented } = await new Promise<{
    start: number;
    after: number;
    presented: number;
  }>((resolve) => {
    requestAnimationFrame(() => {
      const begun = now();
      void frameTimes().then((t) => resolve({ start: begun, ...t }));
    });
  });
  return { main: t1 - t0 + (after - start), renderCall: t1 - t0, frame: presented - t0 };
}
