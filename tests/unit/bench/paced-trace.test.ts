import { describe, expect, it } from 'vitest';
import { offMainCpu, pacedStepTimes } from '../../../tests/bench/paced-trace';

const MAIN = { pid: 1, tid: 2 };
const thread = { name: 'thread_name', ph: 'M', ts: 0, ...MAIN, args: { name: 'CrRendererMain' } };
const mark = (name: string, ts: number, where = MAIN) => ({
  name,
  ph: 'R',
  ts,
  cat: 'blink.user_timing',
  ...where,
});
const task = (ts: number, dur: number, tdur: number, where = MAIN, src_func = 'DOMTimer') => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  ts,
  dur,
  tdur,
  ...where,
  args: { src_func },
});
const FRAME = 'ScheduledActionSendBeginMainFrame';

describe('pacedStepTimes', () => {
  it('gives each step the main-thread tasks from its start mark to the next mark', () => {
    const events = [
      thread,
      task(0, 500, 400), // before the first step: nobody's
      task(900, 300, 200), // holds the first start mark (at 1000): step 0
      mark('s', 1000),
      task(5000, 2000, 1500, MAIN, FRAME), // a frame: step 0
      task(20_000, 1000, 900), // holds the second start mark: step 1
      mark('s', 20_500),
      task(22_000, 100, 100, { pid: 1, tid: 9 }), // another thread: nobody's
      task(30_000, 400, 300), // step 1
      task(40_000, 900, 600, MAIN, FRAME), // a late frame, over before the next input: step 1
      task(40_950, 300, 200), // holds the third start mark: step 2
      mark('s', 41_000),
      task(42_500, 100, 100), // step 2
      task(44_000, 1000, 800), // holds the end mark: nobody's
      mark('e', 44_500),
      task(50_000, 700, 700), // after the end (the pointer up): nobody's
      mark('s', 60_000),
      task(61_000, 250, 50), // step 3
      mark('e', 80_000),
    ];
    expect(pacedStepTimes(events, 's', 'e')).toEqual([
      { wall: 2.3, cpu: 1.7, frames: 1 },
      { wall: 2.3, cpu: 1.8, frames: 1 },
      { wall: 0.4, cpu: 0.3, frames: 0 },
      { wall: 0.25, cpu: 0.05, frames: 0 },
    ]);
  });

  it('counts thread time as wall time when a task has none', () => {
    const events = [
      thread,
      mark('s', 10),
      { ...task(20, 3000, 0), tdur: undefined },
      mark('e', 9000),
    ];
    expect(pacedStepTimes(events, 's', 'e')).toEqual([{ wall: 3, cpu: 3, frames: 0 }]);
  });
});

describe('offMainCpu', () => {
  it("sums the other threads' CPU time within the steps, by process and thread", () => {
    const WORKER = { pid: 1, tid: 3 };
    const VIZ = { pid: 5, tid: 6 };
    const events = [
      thread,
      { name: 'thread_name', ph: 'M', ts: 0, ...WORKER, args: { name: 'DedicatedWorker thread' } },
      { name: 'thread_name', ph: 'M', ts: 0, ...VIZ, args: { name: 'VizCompositorThread' } },
      { name: 'process_name', ph: 'M', ts: 0, pid: 1, tid: 0, args: { name: 'Renderer' } },
      { name: 'process_name', ph: 'M', ts: 0, pid: 5, tid: 0, args: { name: 'GPU Process' } },
      task(10, 100, 100, WORKER), // before the steps: not counted
      mark('s', 1000),
      task(1100, 600, 500), // the main thread: not counted
      task(1200, 2000, 1500, WORKER),
      task(1300, 4000, 3000, VIZ),
      mark('s', 10_000),
      task(10_500, 1000, 500, WORKER),
      mark('e', 20_000),
      task(21_000, 9000, 9000, VIZ), // after the end: not counted
    ];
    expect(offMainCpu(events, 's', 'e')).toEqual({
      'Renderer/DedicatedWorker thread': 2,
      'GPU Process/VizCompositorThread': 3,
    });
  });
});
