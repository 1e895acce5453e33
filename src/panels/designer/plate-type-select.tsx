/**
 * The plate-type selector of the top bar. To 96 from a larger plate it asks first (spec
 * section 4) whether to save a snapshot; to any other type it snapshots automatically.
 */
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { plateTypeName } from '../../app/experiments/plate-type-options';
import { PLATE_FORMATS, parsePlateFormat, type PlateFormat } from '../../domain/plate-format';
import { designer } from '../../state/designer-store';
import { TO_96_QUESTION, changePlateType, plateTypeChangeKind } from '../../state/snapshot-actions';
import { Modal } from '../dialogs/modal';

export function PlateTypeSelect() {
  const { format, busy } = useSnapshot(designer);
  const [asking, setAsking] = useState<PlateFormat | null>(null);
  const id = useId();

  const choose = (to: PlateFormat) => {
    const kind = plateTypeChangeKind(format, to);
    if (kind === 'none') return;
    if (kind === 'ask-snapshot') setAsking(to);
    else void changePlateType(to);
  };
  const answer = (snapshot: boolean) => {
    const to = asking;
    setAsking(null);
    if (to !== null) void changePlateType(to, { snapshot });
  };

  return (
    <>
      <label className="plate-type-select" htmlFor={id}>
        <span className="visually-hidden">Plate type</span>
        <select
          id={id}
          className="select select--sm"
          value={String(format)}
          disabled={busy !== null}
          data-testid="plate-type-select"
          onChange={(event) => {
            const to = parsePlateFormat(event.target.value);
            if (to !== undefined) choose(to);
          }}
        >
          {PLATE_FORMATS.map((f) => (
            <option key={f} value={String(f)}>
              {plateTypeName(f)}
            </option>
          ))}
        </select>
      </label>
      <Modal
        open={asking !== null}
        title="Switch to 96-well"
        onClose={() => setAsking(null)}
        testId="plate-type-dialog"
        actions={
          <>
            <button type="button" className="btn" onClick={() => setAsking(null)}>
              Cancel
            </button>
            <button type="button" className="btn" onClick={() => answer(false)}>
              Switch without snapshot
            </button>
            <button type="button" className="btn btn--primary" onClick={() => answer(true)}>
              Save snapshot
            </button>
          </>
        }
      >
        <p>{TO_96_QUESTION}</p>
      </Modal>
    </>
  );
}
