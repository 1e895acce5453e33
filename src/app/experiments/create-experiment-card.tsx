/** The "New Experiment" card: name and plate type, Create disabled until both are valid. */
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../api/api-error';
import { createExperiment } from '../../api/experiments';
import type { Experiment, PlateType } from '../../api/types';
import { ErrorBox } from '../../panels/ui/error-box';
import { Spinner } from '../../panels/ui/spinner';
import { PLATE_TYPE_OPTIONS } from '../../panels/designer/plate-type-options';

export interface CreateExperimentCardProps {
  initialName?: string;
  onCancel(): void;
  onCreated(experiment: Experiment): void;
}

/** Spec section 5: a non-blank (trimmed) name and a chosen plate type. */
export function canCreate(name: string, plateType: string, saving: boolean): boolean {
  return !saving && name.trim() !== '' && plateType !== '';
}

export function CreateExperimentCard({
  initialName = '',
  onCancel,
  onCreated,
}: CreateExperimentCardProps) {
  const [name, setName] = useState(initialName);
  const [plateType, setPlateType] = useState<PlateType | ''>('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement | null>(null);
  const titleId = useId();
  const nameId = useId();
  const typeId = useId();
  const valid = canCreate(name, plateType, saving);

  useEffect(() => nameRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || plateType === '') return;
    setSaving(true);
    setError(null);
    try {
      const created = await createExperiment({ name: name.trim(), plate_type: plateType });
      onCreated(created);
    } catch (cause) {
      setError(errorMessage(cause));
      setSaving(false);
    }
  };

  return (
    <section className="card create-card" aria-labelledby={titleId}>
      <form
        onSubmit={(event) => void submit(event)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !saving) {
            event.preventDefault();
            onCancel();
          }
        }}
      >
        <div className="card__header">
          <h2 id={titleId} className="card__title">
            New Experiment
          </h2>
        </div>
        <div className="card__body create-card__fields">
          <div className="field field--grow">
            <label htmlFor={nameId} className="field__label">
              Name
            </label>
            <input
              ref={nameRef}
              id={nameId}
              className="input"
              placeholder="e.g. Enzyme kinetics sweep"
              value={name}
              maxLength={200}
              onChange={(event) => setName(event.target.value)}
              disabled={saving}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={typeId} className="field__label">
              Plate type
            </label>
            <select
              id={typeId}
              className="input select"
              value={plateType}
              onChange={(event) => setPlateType(event.target.value as PlateType | '')}
              disabled={saving}
              required
            >
              <option value="" disabled>
                Choose a plate type
              </option>
              {PLATE_TYPE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {error && (
          <div className="card__body">
            <ErrorBox title="Unable to create experiment" message={error} />
          </div>
        )}
        <div className="card__footer">
          <button type="button" className="btn" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={!valid}
            aria-busy={saving || undefined}
          >
            {saving && <Spinner />}
            Create
          </button>
        </div>
      </form>
    </section>
  );
}
