/**
 * "Save snapshot" asks for the snapshot's name first: prefilled "Snapshot <n>" and selected,
 * so Enter keeps it and typing replaces it; Escape or Cancel saves nothing.
 */
import { useId, useState } from 'react';
import { LIMITS } from '../../domain/limits';
import { Modal } from './modal';

export const SNAPSHOT_NAME_REQUIRED = 'Name the snapshot';

export interface SnapshotNameDialogProps {
  open: boolean;
  /** The name offered (nextSnapshotLabel). */
  defaultName: string;
  onSave(name: string): void;
  onClose(): void;
}

/** Mounted while open, so each opening starts from the offered name. */
export function SnapshotNameDialog({
  open,
  defaultName,
  onSave,
  onClose,
}: SnapshotNameDialogProps) {
  const id = useId();
  const [name, setName] = useState(defaultName);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setProblem(SNAPSHOT_NAME_REQUIRED);
      return;
    }
    onSave(trimmed);
  };

  return (
    <Modal
      open={open}
      title="Save snapshot"
      onClose={onClose}
      testId="snapshot-name-dialog"
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn--primary">
            Save snapshot
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="panel-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            Snapshot name
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={LIMITS.shortText}
            autoFocus
            onFocus={(e) => e.currentTarget.select()}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-name-error` : undefined}
            onChange={(e) => {
              setName(e.target.value);
              if (problem && e.target.value.trim()) setProblem(null);
            }}
          />
          {problem && (
            <span id={`${id}-name-error`} className="field__error" role="alert">
              {problem}
            </span>
          )}
        </div>
      </form>
    </Modal>
  );
}
