/**
 * The plate-type selector of the top bar. To a smaller plate that would lose wells it warns
 * first, names the wells and offers the quadrant reformat instead (1536 -> 384, 384 -> 96: one
 * quadrant kept, every well of it); to 96 from a larger plate it asks (spec section 4)
 * whether to save a snapshot; to any other type it snapshots automatically.
 */
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { plateTypeName } from './plate-type-options';
import { PLATE_FORMATS, parsePlateFormat, type PlateFormat } from '../../domain/plate-format';
import type { BenchReagent } from '../../api/bench';
import { quadrupleOf, wellsLostByFormatChange } from '../../domain/layout/reformat';
import { plateDefn } from '../../domain/plate-format';
import { bench } from '../../state/bench-store';
import { designer } from '../../state/designer-store';
import { applyPreview, previewOp } from '../../state/tool-actions';
import { TO_96_QUESTION, changePlateType, plateTypeChangeKind } from '../../state/snapshot-actions';
import { Modal } from '../dialogs/modal';

export function PlateTypeSelect() {
  const { format, busy } = useSnapshot(designer);
  const [asking, setAsking] = useState<PlateFormat | null>(null);
  const [losing, setLosing] = useState<{ to: PlateFormat; lost: string[] } | null>(null);
  const [quadrant, setQuadrant] = useState(1);
  const [reformatError, setReformatError] = useState<string | null>(null);
  const id = useId();

  const change = (to: PlateFormat) => {
    const kind = plateTypeChangeKind(format, to);
    if (kind === 'none') return;
    if (kind === 'ask-snapshot') setAsking(to);
    else void changePlateType(to);
  };
  const choose = (to: PlateFormat) => {
    const lost = to < format ? wellsLostByFormatChange(plateDefn(format), designer.wells, to) : [];
    if (lost.length > 0) {
      setReformatError(null);
      setLosing({ to, lost });
    } else change(to);
  };
  // One quadrant of this plate, reformatted onto the smaller one (one undo step).
  const reformat = (to: PlateFormat) => {
    const preview = previewOp(
      {
        op: 'reformat',
        mode: 'split',
        convention: 'interleaved',
        quadrant,
        sources: [
          { plate: designer.experiment?.name ?? 'this plate', format, wells: designer.wells },
        ],
      },
      { format: to, wells: {} },
      bench.reagents as readonly BenchReagent[],
    );
    if (!preview.ok) {
      setReformatError(preview.message);
      return;
    }
    setLosing(null);
    applyPreview(preview.wells, to);
  };
  const canReformat = losing !== null && quadrupleOf(losing.to) === format;
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
      <Modal
        open={losing !== null}
        title={`Switch to ${losing ? plateTypeName(losing.to) : ''}`}
        onClose={() => setLosing(null)}
        testId="plate-type-loss-dialog"
        actions={
          <>
            <button type="button" className="btn" onClick={() => setLosing(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                const to = losing?.to;
                setLosing(null);
                if (to !== undefined) change(to);
              }}
            >
              {`Switch and drop ${losing?.lost.length ?? 0} well${losing?.lost.length === 1 ? '' : 's'}`}
            </button>
            {canReformat && losing && (
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => reformat(losing.to)}
              >
                {`Reformat quadrant ${quadrant} instead`}
              </button>
            )}
          </>
        }
      >
        {losing && (
          <>
            <p>
              {`${losing.lost.length} well${losing.lost.length === 1 ? '' : 's'} with contents would be lost: ${losing.lost.slice(0, 12).join(', ')}${losing.lost.length > 12 ? ', …' : ''}.`}
            </p>
            {canReformat && (
              <label className="field">
                <span className="field__label">
                  Quadrant to keep (interleaved: A1, A2, B1, B2 are 1 to 4)
                </span>
                <select
                  className="input select"
                  value={quadrant}
                  onChange={(e) => setQuadrant(Number(e.target.value))}
                >
                  {[1, 2, 3, 4].map((q) => (
                    <option key={q} value={q}>
                      {`Quadrant ${q}`}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {reformatError && <p role="alert">{reformatError}</p>}
          </>
        )}
      </Modal>
    </>
  );
}
