// What the benchmark page (tests/bench/browser) offers the benchmark driver (canvas.bench.ts).

/** One measured interaction, in milliseconds. */
export interface StepSample {
  /** Main-thread time: input handling + the frame's work on the main thread (see harness). */
  main: number;
  /** Input handling + scene update + render call only (canvas), or + class toggles (DOM). */
  renderCall: number;
  /** From the input to the second requestAnimationFrame after the frame that showed it. */
  frame: number;
}

export interface BenchPageApi {
  /** Marks each step for a trace (off by default: marks take time too). */
  setMarks(on: boolean): void;
  /** Resolves when the plate has drawn its first frame. */
  ready(): Promise<{ renderer: string; firstFrame: number; firstPresented: number }>;
  dragCanvas(sweeps: number, steps: number): Promise<StepSample[]>;
  /**
   * The canvas drag timed exactly as the DOM grid's (measureDom), with no frame listener on
   * the plate, so its overlay worker sends no answers: main-thread figures of the plate as
   * shipped. Its `frame` is the main thread's frame, not the worker's paint.
   */
  dragCanvasAsDom(sweeps: number, steps: number): Promise<StepSample[]>;
  dragDom(sweeps: number, steps: number): Promise<StepSample[]>;
  /**
   * A drag on the plate (as shipped, no frame listener) or on the DOM grid in paced steps
   * (browser/paced-steps.ts): timed by the driver's trace, not here.
   */
  pacedDrag(target: 'canvas' | 'dom', sweeps: number, steps: number): Promise<void>;
  /** The harness alone in paced steps: inputs that do nothing. */
  pacedIdle(times: number): Promise<void>;
  fullRedraw(times: number): Promise<StepSample[]>;
  /** The harness alone: steps measured as the DOM grid's are, with an input that does nothing. */
  idleSteps(times: number): Promise<StepSample[]>;
  /** Whether performance.now() has its fine (cross-origin isolated) resolution. */
  isolated(): boolean;
  workerRoundTrips(times: number): Promise<number[]>;
}
