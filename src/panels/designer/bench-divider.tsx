/**
 * The divider between the Chat / Well editor tabs and the Bench fridge: drag it or use the
 * arrow keys (Page Up/Down for larger steps) to give the bench more or less height; the
 * height is remembered in localStorage. A WAI-ARIA window splitter like the plate's.
 */
import { useRef, type RefObject } from 'react';

export const BENCH_MIN_PX = 160;
export const BENCH_MAX_PX = 900;
const BENCH_STORAGE_KEY = 'designer.bench-height-px';

/** A bench height kept within its bounds, in whole pixels. */
export function clampBench(px: number): number {
  return Math.round(Math.min(BENCH_MAX_PX, Math.max(BENCH_MIN_PX, px)));
}

/** The remembered bench height, or null for the layout's own. */
export function readBenchHeight(): number | null {
  try {
    const raw = localStorage.getItem(BENCH_STORAGE_KEY);
    return raw === null || !Number.isFinite(Number(raw)) ? null : clampBench(Number(raw));
  } catch {
    return null;
  }
}

function writeBenchHeight(px: number): void {
  try {
    localStorage.setItem(BENCH_STORAGE_KEY, String(clampBench(px)));
  } catch {
    // Storage blocked: the height is simply not remembered.
  }
}

const STEP: Record<string, number> = { ArrowUp: 16, ArrowDown: -16, PageUp: 160, PageDown: -160 };

export function BenchDivider({
  height,
  onChange,
  bench,
}: {
  /** The bench's height set by the divider, px; null while the layout decides it. */
  height: number | null;
  onChange(px: number): void;
  /** The bench element (its bottom edge is where the height is measured from). */
  bench: RefObject<HTMLElement | null>;
}) {
  const dragging = useRef(false);
  const set = (px: number) => {
    const next = clampBench(px);
    writeBenchHeight(next);
    onChange(next);
  };
  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="horizontal"
      aria-label="Resize the bench fridge"
      aria-valuemin={BENCH_MIN_PX}
      aria-valuemax={BENCH_MAX_PX}
      aria-valuenow={height ?? undefined}
      className="designer-divider designer-divider--row"
      data-testid="bench-divider"
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        event.preventDefault();
      }}
      onPointerMove={(event) => {
        const box = bench.current?.getBoundingClientRect();
        if (dragging.current && box) set(box.bottom - event.clientY);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
      onKeyDown={(event) => {
        const step = STEP[event.key];
        if (step === undefined) return;
        event.preventDefault();
        set((height ?? bench.current?.offsetHeight ?? BENCH_MIN_PX) + step);
      }}
    />
  );
}
