/**
 * The plate panel bound to the open designer document: well colours and statuses from the
 * metrics worker, a hover line per well, Enter to the well editor, right-click to the well
 * detail dialog. Loaded lazily by the designer route so pixi stays out of the main chunk.
 */
import type { DispenseSettings } from '../../domain/dispensing/settings';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { BenchReagent } from '../../api/bench';
import { formatVolume } from '../../domain/accuracy';
import { plateDefn } from '../../domain/plate-format';
import type { WireWells } from '../../domain/plate-wire';
import { STATUS } from '../../domain/prediction';
import { idOfIndex } from '../../domain/well-id';
import { colourWells, emptyCount } from '../../plate-canvas/colour-by';
import type { FrameStats } from '../../plate-canvas/plate-scene';
import { bench } from '../../state/bench-store';
import { colourMode } from '../../state/colour-mode-store';
import { readoutColour } from '../../state/readout-colour-store';
import { designer } from '../../state/designer-store';
import { plateSelection } from '../../state/selection-store';
import { clearWells } from '../../state/plate-actions';
import { toolState } from '../../state/tool-actions';
import { transferLogs } from '../../state/transfer-log-store';
import { DESIGNER_KEYS } from '../designer/designer-keys';
import { TOOL_KEYS } from '../tools/tool-keys';
import { ToolsToolbar } from '../tools/tools-menu';
import { WellDetailDialog } from '../dialogs/well-detail-dialog';
import { PlatePanel } from '../plate-panel';
import { ColourByPicker } from './colour-by-picker';
import { focusWellEditor } from './focus-moves';
import { PlateLegend } from './plate-legend';
import { SelectWellsField } from './select-wells-field';
import { plateReagents } from './plate-reagents';
import { useWellAppearance } from './use-well-appearance';

const STATUS_WORDS: Record<number, string> = {
  [STATUS.UNKNOWN]: 'no prediction',
  [STATUS.GOOD]: 'within tolerance',
  [STATUS.WARNING]: 'up to 2× tolerance',
  [STATUS.ERROR]: 'beyond tolerance',
};

const SHORTCUTS = [
  { title: 'Designer', bindings: DESIGNER_KEYS },
  {
    title: 'Screening tools (each previews on the plate; Enter applies, Esc cancels)',
    bindings: TOOL_KEYS,
  },
];

export interface DesignerPlateProps {
  /** Each frame the canvas draws (the benchmark page measures with it). */
  onFrame?: (stats: FrameStats) => void;
}

export default function DesignerPlate({ onFrame }: DesignerPlateProps = {}) {
  const doc = useSnapshot(designer);
  const { reagents } = useSnapshot(bench);
  const tool = useSnapshot(toolState);
  const format = doc.format;
  // An open tool's preview is drawn instead of the document until it is applied or cancelled.
  const wells = (tool.preview ?? doc.wells) as WireWells;
  const benchReagents = reagents as readonly BenchReagent[];
  const {
    appearance: byType,
    metrics,
    wells: answered,
  } = useWellAppearance(format, wells, benchReagents, doc.dispensing as DispenseSettings | null);
  // The plate draws the wells the metrics answer is of: fills, rings and markers change in
  // one frame (the answer follows an edit within a few milliseconds), never new fills with
  // the previous wells' rings.
  const shown = answered ?? wells;
  const [detail, setDetail] = useState<number | null>(null);
  const colour = useSnapshot(colourMode);
  const transfer = useSnapshot(transferLogs).reconciliation?.wells;
  const readout = useSnapshot(readoutColour);

  const reagentNames = useMemo(
    () => Object.fromEntries(benchReagents.map((r) => [r.slug, r.name])),
    [benchReagents],
  );
  // What only names or counts the plate's contents (the colour-by choices, the legend, the
  // wells "Select wells" reads) follows in a deferred render, right after the one that hands
  // the scene the edit's wells: a tool's apply on 1536 wells then draws within a frame.
  // Colour by concentration reads the reagents on the plate for its fills: at once there.
  const laterWells = useDeferredValue(wells);
  const laterDocWells = useDeferredValue(doc.wells as WireWells);
  const reagentsOf = colour.mode === 'concentration' ? wells : laterWells;
  // The reagents the plate holds, in bench order (the heat map's choices).
  const onPlate = useMemo(
    () => plateReagents(reagentsOf, benchReagents),
    [reagentsOf, benchReagents],
  );
  const heatReagent =
    colour.reagent && onPlate.some((r) => r.slug === colour.reagent)
      ? colour.reagent
      : (onPlate[0]?.slug ?? null);
  const colouring = useMemo(
    () =>
      colourWells({
        defn: plateDefn(format),
        wells: shown,
        reagents: benchReagents.map((r) => ({
          slug: r.slug,
          name: r.name,
          type: r.type || r.reagent_type,
        })),
        mode: colour.mode,
        reagent: heatReagent,
        status: byType?.status,
        transfer: transfer && Object.fromEntries(transfer.map((w) => [w.well, w.status])),
        readout: {
          ...readout,
          values: readout.experimentId === doc.experiment?.id ? readout.values : null,
        },
      }),
    [
      format,
      shown,
      benchReagents,
      colour.mode,
      heatReagent,
      byType,
      transfer,
      readout,
      doc.experiment,
    ],
  );
  const laterColouring = useDeferredValue(colouring);
  const legend = useMemo(
    () => <PlateLegend colouring={laterColouring} empty={emptyCount(laterColouring.fill)} />,
    [laterColouring],
  );
  const toolbar = useMemo(
    () => (
      <>
        <ToolsToolbar />
        <ColourByPicker reagents={onPlate} reagent={heatReagent} />
        <SelectWellsField
          format={format}
          wells={laterDocWells}
          names={reagentNames}
          store={plateSelection}
        />
      </>
    ),
    [onPlate, heatReagent, format, laterDocWells, reagentNames],
  );
  // The metrics answer brings rings and markers; the fills follow the chosen colouring at once.
  const appearance = useMemo(
    () =>
      byType && byType.status.length === colouring.fill.length
        ? { ...byType, fill: colouring.fill }
        : undefined,
    [byType, colouring],
  );

  const describeWell = useCallback(
    (index: number) => {
      const well = shown[idOfIndex(plateDefn(format), index)];
      const slugs = Object.keys(well?.targets ?? {});
      if (slugs.length === 0) return 'Empty';
      const names = slugs.map((s) => benchReagents.find((r) => r.slug === s)?.name ?? s);
      const parts = [names.join(', ')];
      const volume = metrics?.volumeUL[index];
      if (volume !== undefined && volume > 0) parts.push(formatVolume(volume));
      const status = metrics ? STATUS_WORDS[metrics.status[index]] : undefined;
      if (status) parts.push(status);
      return parts.join(' · ');
    },
    [shown, format, benchReagents, metrics],
  );

  return (
    <>
      <PlatePanel
        format={format}
        appearance={appearance}
        describeWell={describeWell}
        onWellContextMenu={setDetail}
        onOpenEditor={() => {
          designer.tab = 'editor';
          focusWellEditor();
        }}
        onClearWells={() => clearWells()}
        shortcuts={SHORTCUTS}
        toolbar={toolbar}
        legend={legend}
        onFrame={onFrame}
      />
      <WellDetailDialog index={detail} onClose={() => setDetail(null)} />
    </>
  );
}
