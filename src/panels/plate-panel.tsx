/**
 * The plate panel of the designer: the WebGL plate, the subsection picker (384/1536), a live
 * selection status line, the legend and the keyboard shortcut sheet. Well contents come in as
 * per-well codes (`appearance`); this panel holds no plate document.
 */
import { useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { PlateFormat } from '../domain/plate-format';
import type { FrameStats } from '../plate-canvas/plate-scene';
import { PlateView } from '../plate-canvas/plate-view';
import type { WellAppearance } from '../plate-canvas/well-appearance';
import { plateSelection, type SelectionStore } from '../state/selection-store';
import { toggleZoomBlock, zoomBlock, type ZoomBlockDock } from '../state/zoom-block-store';
import { PlateLegend } from './plate/plate-legend';
import { SelectionStatus } from './plate/selection-status';
import { ShortcutSheet, type ShortcutGroup } from './plate/shortcut-sheet';
import { SubsectionPicker } from './plate/subsection-picker';
import './plate/plate-panel.css';

export interface PlatePanelProps {
  format: PlateFormat;
  /** Per-well drawing codes; every well empty when absent. */
  appearance?: WellAppearance;
  /** One line about a well for its hover tooltip. */
  describeWell?: (index: number) => string | undefined;
  /** Right-click on a well, or Enter on the focused one (the well detail dialog). */
  onWellContextMenu?: (index: number) => void;
  /** F2 on the plate (the well editor). */
  onOpenEditor?: (index: number) => void;
  /** More shortcut tables for the sheet. */
  shortcuts?: readonly ShortcutGroup[];
  /** Session store (default: the designer's). */
  store?: SelectionStore;
  /** More controls for the bar (colour by). */
  toolbar?: ReactNode;
  /** The legend (default: the reagent type colours). */
  legend?: ReactNode;
  /** Delete or Backspace on the plate: clear the selected wells. */
  onClearWells?: () => void;
  /** Each frame the canvas draws (measurements). */
  onFrame?: (stats: FrameStats) => void;
}

export function PlatePanel(props: PlatePanelProps) {
  const store = props.store ?? plateSelection;
  const [sheet, setSheet] = useState(false);
  const zoom = useSnapshot(zoomBlock);
  return (
    <section className="plate-panel" data-testid="plate-panel" aria-label="Plate">
      <div className="plate-panel__bar">
        <SubsectionPicker store={store} />
        <SelectionStatus store={store} />
        {props.toolbar}
        {props.format >= 384 && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-pressed={!zoom.shown}
            aria-keyshortcuts="z"
            data-testid="zoom-toggle"
            onClick={toggleZoomBlock}
          >
            {zoom.shown ? 'Hide zoomed block' : 'Show zoomed block'}
          </button>
        )}
        {props.format >= 384 && zoom.shown && (
          <select
            className="input select select--sm plate-panel__dock"
            aria-label="Where the zoomed block goes"
            data-testid="zoom-dock"
            value={zoom.dock}
            onChange={(e) => {
              zoomBlock.dock = e.target.value as ZoomBlockDock;
            }}
          >
            <option value="auto">Block where wells are largest</option>
            <option value="beside">Block beside the plate</option>
            <option value="below">Block below the plate</option>
          </select>
        )}
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setSheet(true)}
          aria-keyshortcuts="?"
        >
          Keyboard shortcuts
        </button>
      </div>
      <div className="plate-panel__canvas">
        <PlateView
          format={props.format}
          appearance={props.appearance}
          store={store}
          describeWell={props.describeWell}
          onWellContextMenu={props.onWellContextMenu}
          onOpenEditor={props.onOpenEditor}
          onShowShortcuts={() => setSheet(true)}
          onClearWells={props.onClearWells}
          showZoom={zoom.shown}
          zoomDock={zoom.dock}
          onFrame={props.onFrame}
        />
      </div>
      {props.legend ?? <PlateLegend />}
      <ShortcutSheet open={sheet} onClose={() => setSheet(false)} extra={props.shortcuts} />
    </section>
  );
}
