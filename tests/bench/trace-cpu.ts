// Main-thread CPU time per benchmark step from a Chrome trace. Wall-clock times on a shared
// machine include the time the renderer's main thread waited (for the compositor, or for a
// core other processes hold); the trace's thread time (`tdur`) counts only its own work.

/** A Chrome trace event, the fields the benchmarks read. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  cat?: string;
  args?: { name?: string; src_func?: string };
}

/**
 * CPU milliseconds of the renderer main thread in each window between a `start` and the next
 * `end` user-timing mark: the sum of the thread time of every top-level task overlapping it.
 */
export function stepCpuTimes(events: readonly TraceEvent[], start: string, end: string): number[] {
  const mainThreads = events.filter(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const marks = events
    .filter((e) => (e.name === start || e.name === end) && (e.cat ?? '').includes('user_timing'))
    .toSorted((a, b) => a.ts - b.ts);
  const windows: { pid: number; tid: number; from: number; to: number }[] = [];
  let open: TraceEvent | null = null;
  for (const m of marks) {
    if (m.name === start) open = m;
    else if (open) {
      windows.push({ pid: open.pid, tid: open.tid, from: open.ts, to: m.ts });
      open = null;
    }
  }
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.name === 'ThreadControllerImpl::RunTask' &&
        mainThreads.some((t) => t.pid === e.pid && t.tid === e.tid),
    )
    .toSorted((a, b) => a.ts - b.ts);
  return windows.map((w) => {
    let us = 0;
    for (const t of tasks) {
      if (t.pid !== w.pid || t.tid !== w.tid) continue;
      if (t.ts > w.to) break;
      if (t.ts + (t.dur ?? 0) >= w.from) us += t.tdur ?? t.dur ?? 0;
    }
    return us / 1000;
  });
}
