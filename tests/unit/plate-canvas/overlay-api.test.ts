// The overlay worker's message protocol, on a MessageChannel standing in for the worker's
// port: states are numbered, the painter paints the newest once per frame, and the answer
// (the newest seq painted) comes once per painted frame, and only when asked for.
import { describe, expect, it } from 'vitest';
import { exposeOverlay, type OverlayUpdate } from '../../../src/plate-canvas/overlay-api';
import { WellSet } from '../../../src/domain/plate/well-set';

function state(seq: number, answer: boolean, wells: number[]): OverlayUpdate {
  return {
    kind: 'state',
    seq,
    answer,
    size: 96,
    words: WellSet.of(96, wells).toWords(),
    focus: -1,
    hover: -1,
    dragRect: { x: 0, y: 0, width: seq, height: seq },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nothing to wake until a test waits for an answer. */
const noop = (): void => {};

/** A worker side on one port; the main side posts on the other and hears the answers. */
function channel() {
  const { port1, port2 } = new MessageChannel();
  exposeOverlay(port2 as unknown as Parameters<typeof exposeOverlay>[0]);
  port2.start();
  const heard: number[] = [];
  let wake: () => void = noop;
  port1.addEventListener('message', (e) => {
    heard.push((e as MessageEvent<number>).data);
    wake();
  });
  port1.start();
  return {
    post: (u: OverlayUpdate) => port1.postMessage(u),
    heard,
    /** Waits for the next answer (at most `ms`), then a little more for any extra one. */
    async next(ms = 3000) {
      await Promise.race([new Promise<void>((resolve) => (wake = resolve)), sleep(ms)]);
      await sleep(60);
    },
    close: () => port1.close(),
  };
}

describe('overlay worker protocol', () => {
  it('answers once for states that arrive within one frame: the newest seq', async () => {
    const c = channel();
    c.post(state(1, true, [0]));
    c.post(state(2, true, [0, 1]));
    c.post(state(3, true, [5]));
    await c.next();
    c.close();
    expect(c.heard).toEqual([3]);
  });

  it('answers each state painted in a frame of its own', async () => {
    const c = channel();
    c.post(state(1, true, [0]));
    await c.next();
    c.post(state(2, true, [1]));
    await c.next();
    c.close();
    expect(c.heard).toEqual([1, 2]);
  });

  it('sends no answer when none is asked for', async () => {
    const c = channel();
    c.post(state(1, false, [0]));
    c.post(state(2, false, [3]));
    await c.next(300);
    c.close();
    expect(c.heard).toEqual([]);
  });
});
