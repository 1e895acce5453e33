// The plate canvas as a React component: a pixi Application (@pixi/react) whose scene is
// driven imperatively from typed arrays and the selection store, an input layer of native
// listeners, a hover tooltip and the hidden ARIA grid. React renders this component rarely:
// per-well state never passes through React.
// pixi's shader and particle code without eval, so the canvas works under a strict CSP.
// oxlint-disable-next-line import/no-unassigned-import
import 'pixi.js/unsafe-eval';
import { Application, useApplication } from '@pixi/react';
import type { ApplicationOptions } from 'pixi.js';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type RefObject,
} from 'react';
import { subscribe } from 'valtio/vanilla';
import { plateDefn, subsectionBounds, wellCount, type PlateFormat } from '../domain/plate-format';
import { idOfIndex } from '../domain/well-id';
import { plateSelection, resetSelection, type SelectionStore } from '../state/selection-store';
import { AriaGridMirror, mirrorCellId } from './aria-grid-mirror';
import type { ZoomDock } from './plate-geometry';
import type { OverlayElements } from './overlay-layer';
import { attachPlateInput } from './plate-input';
import { PlateScene, type FrameStats } from './plate-scene';
import { emptyAppearance, type WellAppearance } from './well-appearance';
import './plate-view.css';

export interface PlateViewProps {
  format: PlateFormat;
  /** Per-well drawing codes; all wells empty when absent. */
  appearance?: WellAppearance;
  /** Session store of selection and focus (default: the designer's). */
  store?: SelectionStore;
  /** One line about a well for the hover tooltip (its contents, status). */
  describeWell?: (index: number) => string | undefined;
  /** Right-click on a well, or Enter on the focused one: the well detail dialog. */
  onWellContextMenu?: (index: number) => void;
  /** F2 on the plate: the well editor. */
  onOpenEditor?: (index: number) => void;
  /** "?" pressed: show the shortcut sheet. */
  onShowShortcuts?: () => void;
  /** Delete or Backspace pressed: clear the selected wells. */
  onClearWells?: () => void;
  /** False leaves out the zoomed 8x12 block of 384/1536 plates (default: shown). */
  showZoom?: boolean;
  /** Where the zoomed block goes (default: whichever gives the larger wells). */
  zoomDock?: ZoomDock;
  /** Every rendered frame's timing (benchmarks). */
  onFrame?: (stats: FrameStats) => void;
  className?: string;
}

// WebGL first, pixi's canvas renderer when WebGL is unavailable; never WebGPU (it rendered
// blank in headless chromium). Antialiasing is off: well edges come from the texture.
const APP_OPTIONS: Partial<ApplicationOptions> = {
  preference: ['webgl', 'canvas'] as unknown as ApplicationOptions['preference'],
  antialias: false,
  autoStart: false,
  sharedTicker: false,
  autoDensity: true,
  background: 0xffffff,
  eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
  accessibilityOptions: { activateOnTab: false },
};
// @pixi/react passes every prop to Application.init, but its prop type lists fewer options
// (no 'canvas' preference, no accessibilityOptions).
const APP_PROPS = APP_OPTIONS as ComponentProps<typeof Application>;

interface Bridge {
  scene: PlateScene | null;
  renderer: string;
}

interface BinderProps {
  store: SelectionStore;
  host: RefObject<HTMLDivElement | null>;
  overlay: RefObject<OverlayElements | null>;
  /** Latest appearance; read when the scene is created, later pushed by PlateView. */
  appearance: RefObject<WellAppearance>;
  /** Latest zoom choice; read when the scene is created, later pushed by PlateView. */
  showZoom: RefObject<boolean>;
  zoomDock: RefObject<ZoomDock>;
  onScene: (scene: PlateScene | null, renderer: string) => void;
  onFrame: (stats: FrameStats) => void;
  /** Whether the host's frame listener waits for the overlay to be painted. */
  reportPainted: RefObject<boolean>;
}

/** Creates the scene once pixi is initialised and sizes it with its host; renders nothing. */
function SceneBinder({
  store,
  host,
  overlay,
  appearance,
  showZoom,
  zoomDock,
  onScene,
  onFrame,
  reportPainted,
}: BinderProps) {
  const { app, isInitialised } = useApplication();
  useEffect(() => {
    if (!isInitialised || !app.renderer || !overlay.current) return;
    const scene = new PlateScene(app, overlay.current, store, onFrame, reportPainted.current);
    scene.setShowZoom(showZoom.current);
    scene.setZoomDock(zoomDock.current);
    scene.setAppearance(appearance.current);
    onScene(scene, app.renderer.name);
    const el = host.current;
    let observer: ResizeObserver | undefined;
    if (el) {
      const fit = () => scene.setSize(el.clientWidth, el.clientHeight);
      fit();
      observer = new ResizeObserver(fit);
      observer.observe(el);
    }
    return () => {
      observer?.disconnect();
      onScene(null, '');
      scene.destroy();
    };
  }, [
    app,
    isInitialised,
    store,
    host,
    overlay,
    appearance,
    showZoom,
    zoomDock,
    onScene,
    onFrame,
    reportPainted,
  ]);
  return null;
}

/**
 * One field of the store, for rendering: React hears of every write (hover moves, keys, a
 * drag's end) but compares one number and renders only when that field changed; no
 * snapshot of the store is taken.
 */
function useStoreField<K extends 'format' | 'subsection' | 'focus'>(
  store: SelectionStore,
  key: K,
): SelectionStore[K] {
  const listen = useCallback((onChange: () => void) => subscribe(store, onChange), [store]);
  return useSyncExternalStore(listen, () => store[key]);
}

/** Every well of a 6..1536 plate in one WebGL scene, with selection and keyboard focus. */
export function PlateView(props: PlateViewProps) {
  const store = props.store ?? plateSelection;
  const { format } = props;
  const host = useRef<HTMLDivElement>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  const tiles = useRef<HTMLDivElement>(null);
  const block = useRef<HTMLDivElement>(null);
  const overlay = useRef<OverlayElements | null>(null);
  const bridge = useRef<Bridge>({ scene: null, renderer: '' });
  const [renderer, setRenderer] = useState('');
  const idPrefix = useId().replace(/:/g, '');
  const storeFormat = useStoreField(store, 'format');
  const storeSubsection = useStoreField(store, 'subsection');
  const storeFocus = useStoreField(store, 'focus');
  const callbacks = useRef(props);
  // Only a host that listens for frames (benchmarks) waits for the overlay's paint; the
  // worker then answers each painted frame, which costs the main thread a task per frame.
  const listening = props.onFrame !== undefined;
  const reportPainted = useRef(listening);
  const appearance = props.appearance ?? emptyAppearanceFor(format);
  const appearanceRef = useRef(appearance);
  const showZoom = props.showZoom ?? true;
  const showZoomRef = useRef(showZoom);
  const zoomDock = props.zoomDock ?? 'auto';
  const zoomDockRef = useRef(zoomDock);

  // The overlay elements exist before pixi finishes its (asynchronous) start.
  useLayoutEffect(() => {
    if (tiles.current && block.current) {
      overlay.current = { tiles: tiles.current, block: block.current };
    }
  }, []);

  // A new format starts a new session (nothing selected, focus on A1).
  useEffect(() => {
    if (store.format !== format) resetSelection(store, format);
  }, [store, format]);

  // Straight to the scene during commit: new well codes never wait for another React pass.
  useLayoutEffect(() => {
    callbacks.current = props;
    reportPainted.current = listening;
    bridge.current.scene?.setReportPainted(listening);
    appearanceRef.current = appearance;
    showZoomRef.current = showZoom;
    zoomDockRef.current = zoomDock;
    bridge.current.scene?.setShowZoom(showZoom);
    bridge.current.scene?.setZoomDock(zoomDock);
    bridge.current.scene?.setAppearance(appearance);
  });

  // The pixi tree is built once per store: re-rendering PlateView never re-renders it.
  const pixi = useMemo(() => {
    const onScene = (scene: PlateScene | null, name: string) => {
      bridge.current = { scene, renderer: name };
      setRenderer(name);
    };
    const onFrame = (stats: FrameStats) => {
      // The size the drawn layout was computed for: tests place the pointer from it.
      const scene = bridge.current.scene;
      if (stats.layout && scene && host.current) {
        host.current.dataset.drawnSize = `${scene.layout.width}x${scene.layout.height}`;
        // The overview's well pitch: tests check the size a well gets on a large monitor.
        host.current.dataset.pitch = String(Math.floor(scene.layout.views[0]?.pitch ?? 0));
        // Whether the drawn layout has the zoomed block, and which block it shows.
        const zoom = scene.layout.views[1];
        host.current.dataset.drawnZoom = zoom ? `${zoom.row0},${zoom.col0}` : 'hidden';
        const plate = scene.layout.views[0];
        const below = zoom && plate && zoom.y >= plate.y + plate.viewRows * plate.pitch;
        host.current.dataset.drawnDock = zoom ? (below ? 'below' : 'beside') : 'hidden';
      }
      callbacks.current.onFrame?.(stats);
    };
    return (
      <Application {...APP_PROPS} className="plate-view__canvas" resolution={devicePixelRatio || 1}>
        <SceneBinder
          store={store}
          host={host}
          overlay={overlay}
          appearance={appearanceRef}
          showZoom={showZoomRef}
          zoomDock={zoomDockRef}
          onScene={onScene}
          onFrame={onFrame}
          reportPainted={reportPainted}
        />
      </Application>
    );
  }, [store]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    return attachPlateInput(el, {
      store,
      layout: () =>
        bridge.current.scene?.layout ?? {
          format,
          rows: 0,
          cols: 0,
          width: 0,
          height: 0,
          views: [],
        },
      onOpenEditor: (i) => callbacks.current.onOpenEditor?.(i),
      onWellContextMenu: (i) => callbacks.current.onWellContextMenu?.(i),
      onShowShortcuts: () => callbacks.current.onShowShortcuts?.(),
      onClearWells: () => callbacks.current.onClearWells?.(),
      onBrush: (selection, rect) => bridge.current.scene?.setBrush(selection, rect),
      onHover: (index, x, y) => {
        const t = tooltip.current;
        if (!t) return;
        if (index < 0) {
          t.hidden = true;
          return;
        }
        const id = idOfIndex(plateDefn(store.format), index);
        const text = [id, callbacks.current.describeWell?.(index)].filter(Boolean).join(' · ');
        if (t.textContent !== text) t.textContent = text;
        t.hidden = false;
        t.style.transform = `translate(${Math.round(x + 14)}px, ${Math.round(y + 16)}px)`;
      },
    });
  }, [store, format]);

  const ready = storeFormat === format;
  const sub = ready ? storeSubsection : 0;
  const b = subsectionBounds(format, sub);
  const { cols } = plateDefn(format);
  const focus = ready ? storeFocus : 0;
  const focusRow = Math.floor(focus / cols);
  const focusCol = focus % cols;
  const label =
    format >= 384
      ? `Plate wells, subsection ${idOfIndex({ cols }, b.row0 * cols + b.col0)} to ${idOfIndex({ cols }, (b.row0 + b.rows - 1) * cols + b.col0 + b.cols - 1)}`
      : 'Plate wells';

  return (
    <div
      ref={host}
      className={`plate-view ${props.className ?? ''}`}
      role="grid"
      aria-label={label}
      aria-multiselectable="true"
      aria-rowcount={plateDefn(format).rows}
      aria-colcount={cols}
      aria-activedescendant={mirrorCellId(idPrefix, focusRow, focusCol)}
      tabIndex={0}
      data-testid="plate-view"
      data-renderer={renderer || undefined}
      data-format={format}
      onFocus={() => bridge.current.scene?.setFocusVisible(true)}
      onBlur={() => bridge.current.scene?.setFocusVisible(false)}
    >
      {pixi}
      <div ref={tiles} className="plate-view__tiles" aria-hidden="true" />
      <div ref={block} className="plate-view__block" aria-hidden="true" />
      <div ref={tooltip} className="plate-view__tooltip" aria-hidden="true" hidden />
      <AriaGridMirror store={store} format={format} subsection={sub} idPrefix={idPrefix} />
    </div>
  );
}

const emptyByFormat = new Map<PlateFormat, WellAppearance>();
/** One shared all-empty appearance per format, so re-renders keep its identity. */
function emptyAppearanceFor(format: PlateFormat): WellAppearance {
  let a = emptyByFormat.get(format);
  if (!a) {
    a = emptyAppearance(wellCount(format));
    emptyByFormat.set(format, a);
  }
  return a;
}
