/**
 * The campaign's plates as a grid: thumbnails drawn on the GPU (ThumbnailScene, one texture
 * for every plate) under HTML captions (barcode, compounds, unmet wells, solvent range), a
 * status frame per plate (grey until planned, green, red with unmet wells or a dry source).
 * The grid is one tab stop: arrows, Home/End and Page keys move the focus, Enter opens the
 * focused plate in the designer.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { CampaignPlanSummary, CampaignThumbnails } from '../../api/campaigns';
import { CELL, cellOrigin, gridShape, movedFocus } from './thumbnail-grid';
import { ThumbnailScene, type PlateStatus } from './thumbnail-scene';

const r3 = (v: number) => Number(v.toPrecision(3));

/** "DMSO 0.5–1 %" for each solvent of the plate's filled wells. */
function solventText(pct: Record<string, { min: number; max: number }> | undefined): string {
  if (!pct) return '';
  return Object.entries(pct)
    .map(([s, { min, max }]) => `${s} ${r3(min)}${max !== min ? `–${r3(max)}` : ''} %`)
    .join(', ');
}

export function CampaignGrid(props: {
  thumbs: CampaignThumbnails;
  plan: CampaignPlanSummary | null;
  onOpen: (experimentId: number) => void;
  onFocus?: (index: number) => void;
  /** after the first paint of every thumbnail (the renderer pixi chose) */
  onPainted?: (renderer: string) => void;
}) {
  const { thumbs, plan, onOpen, onFocus, onPainted } = props;
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<ThumbnailScene | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [focus, setFocus] = useState(0);
  const [ready, setReady] = useState(false);
  const [drawError, setDrawError] = useState('');
  const count = thumbs.plates.length;
  const shape = gridShape(size.width, count);

  // the scroller's size: how many columns, how tall the canvas is
  useLayoutEffect(() => {
    const el = scroller.current!;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // the WebGL scene: made once for the canvas
  useEffect(() => {
    const el = canvas.current!;
    const scene = new ThumbnailScene();
    let live = true;
    scene
      .init(el, Math.max(1, el.clientWidth), Math.max(1, el.clientHeight))
      .then(() => {
        if (!live) return scene.destroy();
        sceneRef.current = scene;
        setReady(true);
      })
      .catch((error: unknown) => {
        const why = error instanceof Error ? error.message : String(error);
        if (live) setDrawError(`The thumbnails could not be drawn (${why}): reload the page.`);
      });
    return () => {
      live = false;
      if (sceneRef.current === scene) {
        sceneRef.current = null;
        scene.destroy();
      }
    };
  }, []);

  // the plates' wells into the texture, drawn at once (the first paint)
  useEffect(() => {
    const scene = sceneRef.current;
    if (!ready || !scene || size.width === 0) return;
    scene.setPlates(
      thumbs.plates.map((p) => p.roles),
      thumbs.rows,
      thumbs.cols,
      gridShape(size.width, thumbs.plates.length).columns,
    );
    scene.setViewport(scroller.current!.scrollTop, size.width, size.height);
    scene.render();
    onPainted?.(scene.renderer);
    // the layout effect below follows the width; this one the plates
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, thumbs]);

  useEffect(() => {
    const scene = sceneRef.current;
    if (!ready || !scene || size.width === 0) return;
    scene.layout(shape.columns);
    scene.setViewport(scroller.current!.scrollTop, size.width, size.height);
  }, [ready, shape.columns, size.width, size.height]);

  useEffect(() => {
    if (!ready) return;
    const byBarcode = new Map(plan?.plates.map((p) => [p.barcode, p]));
    const statuses = thumbs.plates.map((p): PlateStatus => {
      const planned = byBarcode.get(p.barcode);
      if (!planned) return 'pending';
      return planned.unmet > 0 || planned.shortfalls > 0 ? 'unmet' : 'ok';
    });
    sceneRef.current?.setStatuses(statuses);
  }, [ready, plan, thumbs]);

  useEffect(() => {
    if (ready) sceneRef.current?.setFocus(focus);
  }, [ready, focus]);

  const moveTo = (index: number) => {
    setFocus(index);
    onFocus?.(index);
    // keep the focused plate in view
    const el = scroller.current!;
    const { y } = cellOrigin(index, shape.columns);
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + CELL.height > el.scrollTop + el.clientHeight)
      el.scrollTop = y + CELL.height - el.clientHeight;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      const plate = thumbs.plates[focus];
      if (plate) {
        event.preventDefault();
        onOpen(plate.experiment_id);
      }
      return;
    }
    const next = movedFocus(focus, event.key, shape.columns, count);
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };

  const byBarcode = new Map(plan?.plates.map((p) => [p.barcode, p]));
  const rows = Array.from({ length: shape.rows }, (_, r) =>
    thumbs.plates.slice(r * shape.columns, (r + 1) * shape.columns),
  );

  return (
    <>
      {drawError && (
        <p className="error-line" role="alert">
          {drawError}
        </p>
      )}
      <div
        ref={scroller}
        className="campaign-grid"
        onScroll={(e) =>
          sceneRef.current?.setViewport(e.currentTarget.scrollTop, size.width, size.height)
        }
      >
        <canvas
          ref={canvas}
          className="campaign-grid__canvas"
          style={{ height: size.height, marginBottom: -size.height }}
          aria-hidden="true"
        />
        <div
          role="grid"
          aria-label={`Plates of ${thumbs.name}: arrows move, Enter opens the plate`}
          aria-rowcount={shape.rows}
          aria-activedescendant={count > 0 ? `${id}-plate-${focus}` : undefined}
          tabIndex={0}
          className="campaign-grid__cells"
          style={{ height: shape.height }}
          onKeyDown={onKeyDown}
        >
          {rows.map((row, r) => (
            <div role="row" key={r} aria-rowindex={r + 1}>
              {row.map((p, c) => {
                const index = r * shape.columns + c;
                const { x, y } = cellOrigin(index, shape.columns);
                const planned = byBarcode.get(p.barcode);
                return (
                  <div
                    role="gridcell"
                    id={`${id}-plate-${index}`}
                    key={p.position}
                    aria-selected={index === focus}
                    className={`campaign-grid__cell${index === focus ? ' is-focused' : ''}`}
                    style={{ left: x, top: y, width: CELL.width, height: CELL.height }}
                    onClick={() => moveTo(index)}
                  >
                    <div
                      className="campaign-grid__caption"
                      style={{ top: CELL.pad * 2 + CELL.thumbHeight }}
                    >
                      <Link to={`/experiments/${p.experiment_id}`} tabIndex={-1}>
                        {p.barcode}
                      </Link>
                      <span>
                        {p.compounds} compounds · {planned ? `${planned.unmet} unmet` : 'planning…'}
                      </span>
                      <span>{solventText(planned?.solvent_pct)}</span>
                    </div>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
