/**
 * "Apply to other experiments…" of the template tool: the user's other experiments with
 * checkboxes; Apply saves the template under its name and lays it on every ticked plate with
 * one request (POST /api/templates/{id}/apply), then shows one line per plate. Space toggles
 * a box, Enter applies, Escape closes (not while the request runs).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { listExperiments } from '../../api/experiments';
import { applyTemplateToPlates, saveTemplate, type TemplateApplyResult } from '../../api/templates';
import type { Experiment } from '../../api/types';
import { Spinner } from '../ui/spinner';
import type { LayoutTemplate } from '../../domain/layout/templates';
import { LIMITS } from '../../domain/limits';
import { MAX_APPLY_EXPERIMENTS } from '../../domain/schemas/template-apply';
import { Modal } from '../dialogs/modal';

export interface ApplyToExperimentsProps {
  template: LayoutTemplate;
  /** the well the template's top-left lands on, on every plate */
  at: string;
  /** the experiment open in the designer: its own Apply is the tool's */
  currentId: number | null;
  onClose(): void;
}

// The plate answer names the op and the well; with a single op the reason alone says it.
const OP_PREFIX = /^Op \d+ \(template\)(?: \(well [^)]*\))?: /;

/** "Plate A: 352 wells changed", or "Plate B: <why it was left as it was>". */
export function resultLine(result: TemplateApplyResult, name: string | undefined): string {
  const plate = name ?? `Experiment ${result.experiment_id}`;
  if (!result.ok) return `${plate}: ${result.detail.replace(OP_PREFIX, '')}`;
  return `${plate}: ${result.changed} well${result.changed === 1 ? '' : 's'} changed`;
}

type Phase =
  | { kind: 'pick'; error: string | null }
  | { kind: 'busy'; count: number }
  | { kind: 'done'; results: TemplateApplyResult[] };

export function ApplyToExperimentsDialog({
  template,
  at,
  currentId,
  onClose,
}: ApplyToExperimentsProps) {
  const id = useId();
  const [experiments, setExperiments] = useState<Experiment[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [name, setName] = useState(template.name);
  const [phase, setPhase] = useState<Phase>({ kind: 'pick', error: null });
  const doneRef = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    listExperiments(controller.signal).then(
      (all) => setExperiments(all.filter((e) => e.id !== currentId)),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(error));
      },
    );
    return () => controller.abort();
  }, [currentId]);

  useEffect(() => {
    if (phase.kind === 'done') doneRef.current?.focus();
  }, [phase.kind]);

  const ids = (experiments ?? []).filter((e) => picked.has(e.id)).map((e) => e.id);
  const problem =
    ids.length === 0
      ? 'Tick the experiments to apply the template to.'
      : ids.length > MAX_APPLY_EXPERIMENTS
        ? `At most ${MAX_APPLY_EXPERIMENTS} experiments at once.`
        : !name.trim()
          ? 'Name the template.'
          : null;
  const busy = phase.kind === 'busy';

  const apply = async () => {
    if (problem || phase.kind !== 'pick') return;
    setPhase({ kind: 'busy', count: ids.length });
    try {
      const templateId = await saveTemplate({ ...template, name: name.trim() });
      setPhase({ kind: 'done', results: await applyTemplateToPlates(templateId, ids, at) });
    } catch (error) {
      setPhase({ kind: 'pick', error: errorMessage(error) });
    }
  };
  const toggle = (experimentId: number) => {
    const next = new Set(picked);
    if (!next.delete(experimentId)) next.add(experimentId);
    setPicked(next);
  };
  const names = new Map((experiments ?? []).map((e) => [e.id, e.name]));

  return (
    <Modal
      open
      title="Apply to other experiments"
      onClose={onClose}
      busy={busy}
      testId="apply-to-experiments"
      actions={
        phase.kind === 'done' ? (
          <button ref={doneRef} type="button" className="btn btn--primary" onClick={onClose}>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="btn" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button
              type="submit"
              form={`${id}-form`}
              className="btn btn--primary"
              disabled={busy || problem !== null}
              aria-busy={busy || undefined}
            >
              {busy && <Spinner />}
              Apply
            </button>
          </>
        )
      }
    >
      {phase.kind === 'done' ? (
        <ul className="apply-results" aria-label="Results" aria-live="polite">
          {phase.results.map((r) => (
            <li key={r.experiment_id} className={r.ok ? undefined : 'tool-panel__error'}>
              {resultLine(r, names.get(r.experiment_id))}
            </li>
          ))}
        </ul>
      ) : (
        <form
          id={`${id}-form`}
          className="panel-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void apply();
          }}
        >
          <p className="hint">
            {`Template of ${template.wells.length} wells, top-left at ${at} on each plate. Each plate is changed whole or not at all.`}
          </p>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-name`}>
              Save the template as
            </label>
            <input
              id={`${id}-name`}
              className="input"
              value={name}
              maxLength={LIMITS.shortText}
              disabled={busy}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <fieldset className="apply-experiments" disabled={busy}>
            <legend className="field__label">Experiments</legend>
            {loadError && (
              <p className="tool-panel__error" role="alert">
                {loadError}
              </p>
            )}
            {!experiments && !loadError && <Spinner label="Loading experiments" />}
            {experiments?.length === 0 && <p className="hint">You have no other experiments.</p>}
            {experiments?.map((e, index) => (
              <label key={e.id} className="tool-panel__check">
                <input
                  type="checkbox"
                  checked={picked.has(e.id)}
                  // The list opens from the keyboard: its first box takes the focus.
                  // oxlint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus={index === 0}
                  onChange={() => toggle(e.id)}
                  onKeyDown={(event) => {
                    // Enter on a checkbox submits in some browsers only: apply in all.
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    void apply();
                  }}
                />
                {`${e.name} (${e.plate_type} wells)`}
              </label>
            ))}
          </fieldset>
          <div aria-live="polite">
            {busy && (
              <p className="hint">{`Applying to ${phase.count} plate${phase.count === 1 ? '' : 's'}…`}</p>
            )}
            {phase.kind === 'pick' && phase.error && (
              <p className="tool-panel__error" role="alert">
                {phase.error}
              </p>
            )}
            {phase.kind === 'pick' && !phase.error && experiments && experiments.length > 0 && (
              <p className="hint">{problem ?? `${ids.length} selected.`}</p>
            )}
          </div>
        </form>
      )}
    </Modal>
  );
}
