/**
 * The well detail dialog, opened by right-clicking a well (the canvas's onWellContextMenu):
 * the well id, its contents, targets against predictions, metrics, tags, label and sample.
 */
import type { DispenseSettings } from '../../domain/dispensing/settings';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { BenchReagent } from '../../api/bench';
import { formatPercent, formatVolume } from '../../domain/accuracy';
import { plateDefn } from '../../domain/plate-format';
import type { WireWells } from '../../domain/plate-state';
import { idOfIndex } from '../../domain/well-id';
import { bench } from '../../state/bench-store';
import { designer } from '../../state/designer-store';
import { SelectedWellsTable } from '../well-editor/selected-wells-table';
import { formatIonicStrength, STATUS_TEXT, wellViews } from '../well-editor/selected-wells';
import { Modal } from './modal';

export interface WellDetailDialogProps {
  /** Index of the well shown (row-major); null: closed. */
  index: number | null;
  onClose(): void;
}

function Body({ index }: { index: number }) {
  const doc = useSnapshot(designer);
  const { reagents } = useSnapshot(bench);
  const view = useMemo(
    () =>
      wellViews(
        doc.wells as WireWells,
        doc.format,
        [index],
        reagents as readonly BenchReagent[],
        doc.dispensing as DispenseSettings | null,
      )[0],
    [doc.wells, doc.format, index, reagents, doc.dispensing],
  );
  const well = view.state;
  if (!well) {
    return (
      <p data-testid="well-detail-empty">
        Well <strong>{view.id}</strong> is empty.
      </p>
    );
  }
  const m = well.metrics;
  return (
    <>
      <dl className="facts">
        <dt>Well</dt>
        <dd data-testid="well-detail-id">{view.id}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`status-text status-text--${well.status}`}>
            {STATUS_TEXT[well.status]}
          </span>
          {well.broken.length > 0 && <span className="hint"> ({well.broken.join(', ')})</span>}
        </dd>
        <dt>Volume</dt>
        <dd>{formatVolume(m.volumeUl)}</dd>
        <dt>pH</dt>
        <dd>{m.pH == null ? '—' : m.pH.toFixed(2)}</dd>
        <dt>Ionic strength</dt>
        <dd>{m.volumeUl > 0 ? formatIonicStrength(m.ionicStrength) : '—'}</dd>
        <dt>Vehicle</dt>
        <dd>{formatPercent(well.vehicle_vv_pct)}</dd>
        <dt>Label</dt>
        <dd>{well.label || '—'}</dd>
        <dt>Sample</dt>
        <dd>{well.sample || '—'}</dd>
        <dt>Tags</dt>
        <dd>
          {well.tags.length === 0
            ? '—'
            : well.tags.map((t) => (
                <span key={t} className="tag">
                  {t}
                </span>
              ))}
        </dd>
      </dl>
      <h3 className="well-detail__heading">Contents</h3>
      <SelectedWellsTable views={[view]} />
    </>
  );
}

/** The dialog; mount once and pass the right-clicked index. */
export function WellDetailDialog({ index, onClose }: WellDetailDialogProps) {
  const { format } = useSnapshot(designer);
  const title = index == null ? 'Well' : `Well ${idOfIndex(plateDefn(format), index)}`;
  return (
    <Modal open={index != null} title={title} onClose={onClose} size="lg" testId="well-detail">
      {index != null && <Body index={index} />}
    </Modal>
  );
}
