// The overlay worker's message protocol, on a MessageChannel standing in for the worker's
// port: states are numbered, the painter paints each as it arrives (the page sends at most
// one per frame), and the answer (the seq painted) comes only when asked for.
import { describe, expect, it } from 'vitest';
import {
  decodeOverlayState,
  encodeOverlayState,
  exposeOverlay,
  type OverlayUpdate,
} from '../../../src/plate-canvas/overlay-api';
import { WellSet } from '../../../src/domain/plate/well-set';

function state(seq: number, answer: boolean, wells: number[]): OverlayUpdate {
  return encodeOverlayState({
    seq,
    answer,
    selection: WellSet.of(96, wells),
    focus: -1,
    hover: -1,
    dragRect: { x: 0, y: 0, width: seq, height: seq },
  });
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

describe('overlay state message', () => {
  it('carries a 1536 selection, focus, hover and a fractional rectangle unchanged', () => {
    const selection = WellSet.of(1536, [0, 31, 32, 777, 1535]);
    const fields = {
      seq: 41,
      answer: true,
      selection,
      focus: 1535,
      hover: -1,
      dragRect: { x: 10.25, y: 3.5, width: 200.75, height: 0.5 },
    };
    const m = encodeOverlayState(fields);
    expect(m.length).toBe(10 + 48);
    const back = decodeOverlayState(m);
    expect(back.selection.indices()).toEqual([0, 31, 32, 777, 1535]);
    expect(back.selection.size).toBe(1536);
    expect({ ...back, selection: null }).toEqual({ ...fields, selection: null });
  });

  it('says "no rectangle" and reuses the array it is given', () => {
    const into = new Float64Array(10 + 3);
    const m = encodeOverlayState(
      {
        seq: 1,
        answer: false,
        selection: WellSet.of(96, [95]),
        focus: 4,
        hover: 7,
        dragRect: null,
      },
      into,
    );
    expect(m).toBe(into);
    const back = decodeOverlayState(m);
    expect(back.dragRect).toBeNull();
    expect(back.answer).toBe(false);
    expect(back.selection.indices()).toEqual([95]);
    expect([back.focus, back.hover]).toEqual([4, 7]);
  });
});

describe('overlay worker protocol', () => {
  it('paints each state as it arrives, without waiting for a frame, and answers its seq', async () => {
    const c = channel();
    c.post(state(1, true, [0]));
    c.post(state(2, true, [0, 1]));
    c.post(state(3, true, [5]));
    await c.next();
    c.close();
    expect(c.heard).toEqual([1, 2, 3]);
  });

  it('answers each state painted on its own', async () => {
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
