// What the tools benchmark page (tests/bench/browser/tools-main.tsx) offers its driver
// (tools-canvas.bench.ts).

/** One tool applied, in milliseconds from the input (see tools-main.tsx). */
export interface ToolSample {
  /** Until the main thread finished the frame that draws the tool's result. */
  main: number;
  /** Until that frame was presented. */
  frame: number;
  /** The synchronous part: the tool's expansion, volume planning and the store update. */
  input: number;
  /**
   * Until the request for the new wells' metrics was posted to the worker (the input, the
   * render that hands the new wells to the plate, the delta's input and its post); NaN
   * when no request was needed (few new wells are computed in the render itself).
   */
  posted: number;
  /** Until the worker's answer arrived (NaN: no request, the metrics computed at once). */
  message: number;
  /**
   * Until the new wells' metrics reached the plate: computed in the render of the edit and
   * merged into the previous metrics (a change of few new wells; moved wells take theirs
   * from where they were), or the worker's answer merged, and handed to the scene.
   */
  answer: number;
  /**
   * Whether a frame of the step rendered the WebGL stage (the fills are drawn at once, the
   * rings and markers with the new wells' metrics): false when the result looks as the plate
   * did, as a series on a plate of compounds coloured by type does.
   */
  redrawn: boolean;
}

export interface ToolsPageApi {
  /** Marks each step for a trace (off by default: marks take time too). */
  setMarks(on: boolean): void;
  /** Resolves when the plate has drawn the starting document with its metrics. */
  ready(): Promise<{ renderer: string }>;
  /** The tools the page applies, in order. */
  tools(): string[];
  /** Applies `tool` `runs` times, each time on the starting plate. */
  applyTool(
    tool: string,
    runs: number,
  ): Promise<{ samples: ToolSample[]; changed: number; saveMs: number[] }>;
}
