// The benchmark page: the real PlateView on a 1536 plate, a DOM grid of 1536 divs below it,
// and the real metrics worker. The driver (canvas.bench.ts) calls window.bench.
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { MetricsInput } from '../../../src/domain/metrics-kernel';
import {
  computeLayout,
  wellCenter,
  type GridView,
  type Point,
} from '../../../src/plate-canvas/plate-geometry';
import { PlateView } from '../../../src/plate-canvas/plate-view';
import type { FrameStats } from '../../../src/plate-canvas/plate-scene';
import type { WellAppearance } from '../../../src/plate-canvas/well-appearance';
import { createMetricsClient } from '../../../src/workers/metrics-client';
import { createSelectionStore } from '../../../src/state/selection-store';
import type { BenchPageApi, StepSample } from '../canvas-bench-api';
import { createDomGrid } from './dom-grid';
import { FrameRecorder, frameTimes, marks, measureCanvas, measureDom, settle } from './harness';
import { pacedSteps } from './paced-steps';

declare global {
  interface Window {
    bench: BenchPageApi;
  }
}

const W = 1536;
const store = createSelectionStore(1536);
const recorder = new FrameRecorder();

/** A deterministic plate: most wells filled, every status and marker present. */
function appearance(seed: number): WellAppearance {
  let x = seed * 2654435761;
  const rand = () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x / 2 ** 32;
  };
  const a: WellAppearance = {
    typeCode: new Int8Array(W),
    status: new Uint8Array(W),
    marker: new Uint8Array(W),
  };
  for (let i = 0; i < W; i++) {
    const empty = rand() < 0.1;
    a.typeCode[i] = empty ? -1 : Math.floor(rand() * 6);
    a.status[i] = empty ? 0 : 1 + Math.floor(rand() * 4);
    a.marker[i] = rand() < 0.1 ? 1 + Math.floor(rand() * 4) : 0;
  }
  return a;
}

const A = appearance(1);
// B differs from A in every well (another type), so a switch redraws all 1536.
const B: WellAppearance = {
  typeCode: A.typeCode.map((t) => (t < 0 ? 0 : (t + 1) % 6)),
  status: A.status,
  marker: A.marker,
};

/**
 * Lets the benchmark swap the plate's appearance through React, as the designer would, and
 * take the frame listener off (the plate as shipped: its overlay worker answers nothing).
 */
const control: {
  setAppearance: (a: WellAppearance) => void;
  setListening: (on: boolean) => void;
} = { setAppearance: () => {}, setListening: () => {} };
let firstFrame: Promise<{ end: number; presented: number }>;
let firstFrameDone: (v: { end: number; presented: number }) => void;
firstFrame = new Promise((resolve) => {
  firstFrameDone = resolve;
});
let sawFirst = false;
let renderer = '';

function onFrame(stats: FrameStats) {
  if (!sawFirst) {
    sawFirst = true;
    void frameTimes().then((t) => firstFrameDone({ end: stats.end, presented: t.presented }));
  }
  recorder.onFrame(stats);
}

function App() {
  const [a, set] = useState(A);
  const [listening, setListening] = useState(true);
  useEffect(() => {
    control.setAppearance = set;
    control.setListening = setListening;
  }, []);
  return (
    <>
      <div id="plate-host">
        <PlateView
          format={1536}
          appearance={a}
          store={store}
          onFrame={listening ? onFrame : undefined}
        />
      </div>
      <div id="dom-host" />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);

function pointer(type: string, el: Element, p: Point, buttons: number): PointerEvent {
  const box = el.getBoundingClientRect();
  return new PointerEvent(type, {
    clientX: box.left + p.x,
    clientY: box.top + p.y,
    pointerId: 7,
    pointerType: 'mouse',
    button: 0,
    buttons,
    bubbles: true,
    cancelable: true,
  });
}

/** Points of a diagonal sweep from `a` towards `b` in `steps` moves. */
function sweep(a: Point, b: Point, steps: number): Point[] {
  return Array.from({ length: steps }, (_, i) => ({
    x: a.x + ((b.x - a.x) * (i + 1)) / steps,
    y: a.y + ((b.y - a.y) * (i + 1)) / steps,
  }));
}

function plateHost(): HTMLElement {
  return document.querySelector<HTMLElement>('[data-testid="plate-view"]')!;
}

async function drag(
  el: Element,
  from: Point,
  path: Point[],
  measure: (input: () => void) => Promise<StepSample>,
): Promise<StepSample[]> {
  // Events are built before the clock starts; building one reads the element's position.
  const down = pointer('pointerdown', el, from, 1);
  const moves = path.map((p) => pointer('pointermove', el, p, 1));
  const up = pointer('pointerup', el, path.at(-1)!, 0);
  el.dispatchEvent(down);
  await settle();
  const out: StepSample[] = [];
  for (const move of moves) out.push(await measure(() => el.dispatchEvent(move)));
  el.dispatchEvent(up);
  await settle();
  return out;
}

/** A drag whose moves are paced steps (paced-steps.ts), for the driver's trace. */
async function pacedDrag(el: Element, from: Point, path: Point[]): Promise<void> {
  const down = pointer('pointerdown', el, from, 1);
  const moves = path.map((p) => pointer('pointermove', el, p, 1));
  const up = pointer('pointerup', el, path.at(-1)!, 0);
  el.dispatchEvent(down);
  await settle();
  await pacedSteps(moves.map((move) => () => el.dispatchEvent(move)));
  el.dispatchEvent(up);
  await settle();
}

/** The diagonal of a view, corner to corner, and back on odd sweeps. */
function diagonals(view: GridView, count: number): [Point, Point][] {
  const a = wellCenter(view, 0);
  const b = wellCenter(view, W - 1);
  return Array.from({ length: count }, (_, s) => (s % 2 === 0 ? [a, b] : [b, a]));
}

let dom: ReturnType<typeof createDomGrid> | null = null;

window.bench = {
  setMarks(on) {
    marks.on = on;
  },

  async ready() {
    const first = await firstFrame;
    await settle();
    renderer = plateHost().dataset.renderer ?? '';
    const host = plateHost();
    const layout = computeLayout(1536, host.clientWidth, host.clientHeight, 0);
    dom ??= createDomGrid(
      document.getElementById('dom-host')!,
      32,
      48,
      Math.round(layout.views[0].pitch),
      A,
    );
    await settle();
    return { renderer, firstFrame: first.end, firstPresented: first.presented };
  },

  async dragCanvas(sweeps, steps) {
    const host = plateHost();
    const plate = computeLayout(1536, host.clientWidth, host.clientHeight, store.subsection)
      .views[0];
    const a = wellCenter(plate, 0);
    const b = wellCenter(plate, W - 1);
    const out: StepSample[] = [];
    for (let s = 0; s < sweeps; s++) {
      const [from, to] = s % 2 === 0 ? [a, b] : [b, a];
      const measure = (input: () => void) => measureCanvas(recorder, input, (f) => f.overlay);
      out.push(...(await drag(host, from, sweep(from, to, steps), measure)));
    }
    return out;
  },

  async dragCanvasAsDom(sweeps, steps) {
    const host = plateHost();
    const plate = computeLayout(1536, host.clientWidth, host.clientHeight, store.subsection)
      .views[0];
    const a = wellCenter(plate, 0);
    const b = wellCenter(plate, W - 1);
    flushSync(() => control.setListening(false));
    const out: StepSample[] = [];
    try {
      for (let s = 0; s < sweeps; s++) {
        const [from, to] = s % 2 === 0 ? [a, b] : [b, a];
        out.push(...(await drag(host, from, sweep(from, to, steps), measureDom)));
      }
    } finally {
      flushSync(() => control.setListening(true));
      await settle();
    }
    return out;
  },

  async dragDom(sweeps, steps) {
    if (!dom) throw new Error('call ready() first');
    const { el, view } = dom;
    const a = wellCenter(view, 0);
    const b = wellCenter(view, W - 1);
    const out: StepSample[] = [];
    for (let s = 0; s < sweeps; s++) {
      const [from, to] = s % 2 === 0 ? [a, b] : [b, a];
      out.push(...(await drag(el, from, sweep(from, to, steps), measureDom)));
    }
    return out;
  },

  async pacedDrag(target, count, steps) {
    if (target === 'dom') {
      if (!dom) throw new Error('call ready() first');
      for (const [from, to] of diagonals(dom.view, count))
        await pacedDrag(dom.el, from, sweep(from, to, steps));
      return;
    }
    const host = plateHost();
    const plate = computeLayout(1536, host.clientWidth, host.clientHeight, store.subsection)
      .views[0];
    flushSync(() => control.setListening(false));
    try {
      for (const [from, to] of diagonals(plate, count))
        await pacedDrag(host, from, sweep(from, to, steps));
    } finally {
      flushSync(() => control.setListening(true));
      await settle();
    }
  },

  async pacedIdle(times) {
    await settle();
    await pacedSteps(Array.from({ length: times }, () => () => {}));
  },

  async fullRedraw(times) {
    const out: StepSample[] = [];
    for (let i = 0; i < times; i++) {
      await settle();
      const next = i % 2 === 0 ? B : A;
      out.push(
        await measureCanvas(
          recorder,
          () => flushSync(() => control.setAppearance(next)),
          (f) => f.wells,
        ),
      );
    }
    return out;
  },

  async idleSteps(times) {
    const out: StepSample[] = [];
    for (let i = 0; i < times; i++) out.push(await measureDom(() => {}));
    return out;
  },

  isolated() {
    return crossOriginIsolated;
  },

  async workerRoundTrips(times) {
    const client = createMetricsClient();
    const input = metricsInput(W, 16);
    const out: number[] = [];
    for (let i = 0; i < times + 5; i++) {
      const copy = cloneInput(input);
      const t0 = performance.now();
      const result = await client.compute(copy);
      const t = performance.now() - t0;
      if (!result || result.status.length !== W) throw new Error('The worker gave no metrics');
      if (i >= 5) out.push(t); // the first calls load and compile the worker
    }
    client.dispose();
    return out;
  },
};

/** 1536 wells x 16 reagents, each well holding 3 reagents with targets. */
function metricsInput(wells: number, reagents: number): MetricsInput {
  const n = wells * reagents;
  const volumeUL = new Float64Array(n);
  const targetNM = new Float64Array(n).fill(Number.NaN);
  const tolPct = new Float64Array(n).fill(Number.NaN);
  for (let w = 0; w < wells; w++) {
    for (let k = 0; k < 3; k++) {
      const r = (w + k * 5) % reagents;
      volumeUL[w * reagents + r] = 0.5 + ((w + k) % 9);
      if (k < 2) targetNM[w * reagents + r] = 500 * (1 + ((w + k) % 7));
    }
  }
  return {
    wellCount: wells,
    reagentCount: reagents,
    stockNM: Float64Array.from({ length: reagents }, (_, r) => 1e4 * (1 + r)),
    stockPct: new Float64Array(reagents).fill(Number.NaN),
    reagentType: Uint8Array.from({ length: reagents }, (_, r) => r % 6),
    solventLoad: Uint8Array.from({ length: reagents }, (_, r) => (r % 6 === 3 ? 1 : 0)),
    ionicMM: new Float64Array(reagents).fill(Number.NaN),
    maxPct: new Float64Array(reagents).fill(Number.NaN),
    minTransferUL: new Float64Array(reagents).fill(Number.NaN),
    volumeUL,
    targetNM,
    tolPct,
  };
}

function cloneInput(input: MetricsInput): MetricsInput {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input))
    copy[k] = ArrayBuffer.isView(v) ? (v as Float64Array).slice() : v;
  return copy as unknown as MetricsInput;
}
