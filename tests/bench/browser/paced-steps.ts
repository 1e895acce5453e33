// Paced steps for the drag benchmark's headline figures (see ../paced-trace.ts): each input
// runs in its own plain task, PACE_MS after the previous one, right after a STEP_START mark;
// a STEP_END mark, PACE_MS after the last input, closes the last step. Nothing here requests an animation frame, so the
// main thread renders a frame only when the input changed something it must draw; whatever
// it then does by the next input is read from the driver's trace.
import { STEP_END, STEP_START } from './harness';

/**
 * Time between two inputs: a move's frame (at the next 60 Hz frame; the DOM grid's takes
 * several milliseconds) begins and ends well before the next input, under load too.
 */
export const PACE_MS = 50;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs each input in its own task, PACE_MS apart, marked for the driver's trace. */
export async function pacedSteps(inputs: readonly (() => void)[]): Promise<void> {
  for (const input of inputs) {
    await delay(PACE_MS);
    performance.mark(STEP_START);
    input();
  }
  await delay(PACE_MS);
  performance.mark(STEP_END);
}
