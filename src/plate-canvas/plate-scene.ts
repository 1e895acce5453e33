// The plate's scene: a pixi stage with the wells (every well of the plate, labels, ids), and
// above it the session overlay (overlay-layer.ts). Changes only mark damage:
// - layout (size, format, subsection, zoomed block): the geometry is computed at once, so
//   hit-testing reads it from the same task, and drawn in a microtask of that task, so the
//   browser never paints a frame of the old layout and no pointer event lands between the
//   change and its drawing (the geometry hit-tested is always the geometry drawn);
// - wells: one requestAnimationFrame re-tints what changed and renders the WebGL stage once;
// - selection, focus, hover, and a drag's brush (its live selection and rectangle, handed
//   over by the input without a store write, setBrush): the overlay gets the latest state
//   once per task (a microtask coalesces the task's changes) and paints it once per
//   animation frame, in its worker when it has one. Such changes never render the 1536 wells
//   again and cost the main thread no frame of its own.
// The ticker never runs, so an idle plate costs nothing (pixi's shared system ticker
// included: see holdSystemTicker). Session state is read from the valtio store through a
// synchronous subscription, outside React renders.
import { Container, Ticker, type Application } from 'pixi.js';
import { subscribe } from 'valtio/vanilla';
import { wellCount, type PlateFormat } from '../domain/plate-format';
import type { SelectionStore } from '../state/selection-store';
import { OverlayLayer, type OverlayElements, type OverlayState } from './overlay-layer';
import type { PlateLayout, Rect, ZoomDock } from './plate-geometry';
import type { WellSet } from '../domain/plate/well-set';
import { SceneGeometry } from './scene-geometry';
import { emptyAppearance, type WellAppearance } from './well-appearance';
import { ViewLayer } from './view-layer';

/** Timing of one frame's work, for benchmarks (performance.now() values). */
export interface FrameStats {
  start: number;
  end: number;
  layout: boolean;
  wells: boolean;
  overlay: boolean;
  /** Settles when the overlay of this frame is painted (it may paint in a worker). */
  painted: Promise<void>;
  /** True for work done in an animation frame; false for an overlay-only microtask. */
  inFrame: boolean;
}

interface Seen {
  selection: unknown;
  focus: number;
  hover: number;
  subsection: number;
  format: PlateFormat;
}

let liveScenes = 0;
let systemTickerAutoStart = true;

/**
 * pixi puts each renderer's scheduler (its periodic resource sweeps) on the shared system
 * ticker, whose requestAnimationFrame loop would then run in every frame for as long as the
 * page is open: main-thread work in every frame of a drag, and a plate that never idles.
 * While a plate scene exists that ticker is stopped; the scene advances it at each frame it
 * renders, so the sweeps (which go by elapsed time) still run.
 */
function holdSystemTicker(): void {
  if (liveScenes++ > 0) return;
  systemTickerAutoStart = Ticker.system.autoStart;
  Ticker.system.autoStart = false;
  Ticker.system.stop();
}

function releaseSystemTicker(): void {
  if (--liveScenes > 0) return;
  Ticker.system.autoStart = systemTickerAutoStart;
  if (systemTickerAutoStart) Ticker.system.start();
}

/** The plate scene bound to one pixi Application, its overlay elements and a selection store. */
export class PlateScene {
  private readonly wellsLayer = new Container({ label: 'wells-layer', isRenderGroup: true });
  private readonly overlay: OverlayLayer;
  private views: ViewLayer[] = [];
  private appearance: WellAppearance;
  private focusVisible = false;
  /** A brushing drag's selection and rectangle (shown instead of the store's selection). */
  private brushSelection: WellSet | null = null;
  private brushRect: Rect | null = null;
  private damage = { layout: true, wells: true, overlay: true };
  private frame = 0;
  private layoutQueued = false;
  private overlayQueued = false;
  /** The store's fields as last seen (updated in place). */
  private readonly seen: Seen;
  private readonly unsubscribe: () => void;
  /** The one geometry: the renderer draws from it and hit-testing reads it (`layout`). */
  private readonly geometry: SceneGeometry;
  /**
   * The state handed to the overlay, filled again at each update (a drag's moves allocate
   * none): the overlay keeps at most the newest one, and reads it before the next update.
   */
  private readonly overlayState: OverlayState;

  constructor(
    private readonly app: Application,
    overlay: OverlayElements,
    private readonly store: SelectionStore,
    private readonly onFrame?: (stats: FrameStats) => void,
    /** Whether FrameStats.painted must wait for the overlay to be painted (a benchmark's). */
    reportPainted = onFrame !== undefined,
  ) {
    // The worker tells when it has painted only if someone waits for it.
    this.overlay = new OverlayLayer(overlay, reportPainted);
    this.appearance = emptyAppearance(wellCount(store.format));
    this.geometry = new SceneGeometry({
      format: store.format,
      width: 0,
      height: 0,
      subsection: store.subsection,
      showZoom: true,
    });
    holdSystemTicker();
    // Nothing on the stage takes pointer events: hit-testing is arithmetic (plate-geometry).
    app.stage.eventMode = 'none';
    // Nor does pixi's event system listen: its capture listener on the document would run on
    // every pointer move of the page (a drag's included) for no object. pixi documents null
    // as "detach", though its type says HTMLElement.
    app.renderer.events.setTargetElement(null as unknown as HTMLElement);
    this.wellsLayer.eventMode = 'none';
    app.stage.addChild(this.wellsLayer);
    this.seen = this.read();
    this.overlayState = {
      format: store.format,
      selection: store.selection,
      focus: store.focus,
      showFocus: false,
      hover: store.hover,
      subsection: store.subsection,
      dragRect: null,
    };
    this.unsubscribe = subscribe(store, () => this.onStoreChange(), true);
    this.damage.layout = true;
  }

  private read(): Seen {
    const s = this.store;
    return {
      selection: s.selection,
      focus: s.focus,
      hover: s.hover,
      subsection: s.subsection,
      format: s.format,
    };
  }

  /** Runs on every store write (hover, focus, keys, a drag's end): compares, allocates nothing. */
  private onStoreChange(): void {
    const s = this.store;
    const was = this.seen;
    const format = s.format;
    const subsection = s.subsection;
    if (format !== was.format) this.appearance = emptyAppearance(wellCount(format));
    if (format !== was.format || subsection !== was.subsection) {
      was.format = format;
      was.subsection = subsection;
      // Without the zoomed block a subsection change only moves the overview's block frame.
      if (!this.relayout({ format, subsection })) this.damage.overlay = true;
    }
    if (s.selection !== was.selection || s.focus !== was.focus || s.hover !== was.hover) {
      was.selection = s.selection;
      was.focus = s.focus;
      was.hover = s.hover;
      this.damage.overlay = true;
    }
    if (!this.damage.layout && this.damage.overlay) this.queueOverlay();
  }

  /** Geometry drawn now (and hit-tested now). */
  get layout(): PlateLayout {
    return this.geometry.layout;
  }

  private get width(): number {
    return this.geometry.current.width;
  }

  private get height(): number {
    return this.geometry.current.height;
  }

  /** New geometry now; drawn in a microtask, before the browser paints again. */
  private relayout(change: Parameters<SceneGeometry['update']>[0]): boolean {
    if (!this.geometry.update(change)) return false;
    this.damage.layout = true;
    if (!this.layoutQueued) {
      this.layoutQueued = true;
      queueMicrotask(this.flushLayout);
    }
    return true;
  }

  private readonly flushLayout = (): void => {
    this.layoutQueued = false;
    if (!this.damage.layout) return;
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.flush();
  };

  /** The drawing size in CSS pixels. */
  setSize(width: number, height: number): void {
    // Leaving the page, @pixi/react may destroy the application (renderer null) before a
    // pending ResizeObserver callback reaches the scene: nothing is left to size then.
    if (!this.app.renderer) return;
    if (width === this.width && height === this.height) return;
    this.app.renderer.resize(width, height);
    this.relayout({ width, height });
  }

  /** Per-well codes to draw; arrays of another plate size draw as empty wells. */
  setAppearance(appearance: WellAppearance): void {
    if (appearance === this.appearance) return;
    this.appearance = appearance;
    this.damage.wells = true;
    this.request();
  }

  /** Draws or leaves out the zoomed 8x12 block of 384/1536 plates. */
  setShowZoom(shown: boolean): void {
    this.relayout({ showZoom: shown });
  }

  /** Docks the zoomed block beside or below the plate (or wherever the wells are larger). */
  setZoomDock(dock: ZoomDock): void {
    this.relayout({ dock });
  }

  /** A drag's brush to show, or (null, null) when it ended (the store has its result). */
  setBrush(selection: WellSet | null, rect: Rect | null): void {
    if (selection === this.brushSelection && rect === this.brushRect) return;
    this.brushSelection = selection;
    this.brushRect = rect;
    this.damage.overlay = true;
    if (!this.damage.layout) this.queueOverlay();
  }

  /** Whether FrameStats.painted waits for the overlay's paint (a frame listener's choice). */
  setReportPainted(on: boolean): void {
    this.overlay.setReportPainted(on);
  }

  /** Focus ring shown only while the plate has keyboard focus. */
  setFocusVisible(visible: boolean): void {
    if (visible === this.focusVisible) return;
    this.focusVisible = visible;
    this.damage.overlay = true;
    this.queueOverlay();
  }

  private request(): void {
    if (this.frame === 0) this.frame = requestAnimationFrame(this.flush);
  }

  private queueOverlay(): void {
    if (this.overlayQueued) return;
    this.overlayQueued = true;
    queueMicrotask(this.flushOverlay);
  }

  /** Hands the task's session changes to the overlay (unless a frame rebuilds everything). */
  private readonly flushOverlay = (): void => {
    this.overlayQueued = false;
    if (!this.damage.overlay || this.damage.layout || this.frame !== 0 || this.width === 0) return;
    this.damage.overlay = false;
    if (!this.onFrame) {
      this.updateOverlay();
      return;
    }
    const start = performance.now();
    const painted = this.updateOverlay();
    const end = performance.now();
    this.onFrame({
      start,
      end,
      layout: false,
      wells: false,
      overlay: true,
      painted,
      inFrame: false,
    });
  };

  /** Applies the damage, rendering the WebGL stage only if wells or layout changed. */
  readonly flush = (): void => {
    this.frame = 0;
    if (this.width === 0 || this.height === 0 || !this.app.renderer) return;
    const start = performance.now();
    const { layout, wells, overlay } = this.damage;
    if (!layout && !wells && !overlay) return;
    this.damage = { layout: false, wells: false, overlay: false };
    if (layout) this.rebuild();
    let changed = layout;
    if (layout || wells) {
      const size = wellCount(this.store.format);
      const a = this.appearance.status.length === size ? this.appearance : emptyAppearance(size);
      for (const v of this.views) changed = v.applyAppearance(a) || changed;
    }
    const painted = layout || overlay ? this.updateOverlay() : Promise.resolve();
    if (changed) {
      this.app.renderer.render(this.app.stage);
      Ticker.system.update();
    }
    this.onFrame?.({
      start,
      end: performance.now(),
      layout,
      wells,
      overlay,
      painted,
      inFrame: true,
    });
  };

  private rebuild(): void {
    for (const v of this.views) {
      this.wellsLayer.removeChild(v.wells);
      v.destroy();
    }
    const resolution = this.app.renderer.resolution;
    this.views = this.layout.views.map((view) => new ViewLayer(view, resolution));
    for (const v of this.views) this.wellsLayer.addChild(v.wells);
    this.overlay.setLayout(this.layout, resolution);
  }

  private updateOverlay(): Promise<void> {
    const s = this.store;
    const o = this.overlayState;
    o.format = s.format;
    o.selection = this.brushSelection ?? s.selection;
    o.focus = s.focus;
    o.showFocus = this.focusVisible;
    o.hover = s.hover;
    o.subsection = s.subsection;
    o.dragRect = this.brushRect;
    return this.overlay.update(o);
  }

  destroy(): void {
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.unsubscribe();
    releaseSystemTicker();
    this.overlay.destroy();
    for (const v of this.views) v.destroy();
    this.views = [];
    this.wellsLayer.destroy({ children: true });
  }
}
