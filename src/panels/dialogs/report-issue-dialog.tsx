/**
 * The report-issue dialog: a description (required), what to include (chat, plate, logs,
 * environment) and the time window; POST /api/report-issue. A disabled server's message is
 * shown as it came ("Reporting is disabled" when it sent none); success shows the report id.
 */
import { useId, useState } from 'react';
import { ErrorBox } from '../ui/error-box';
import { Spinner } from '../ui/spinner';
import { submitIssueReport, type IssueReportResult } from '../../api/report';
import { requestErrorMessage } from '../../state/bench-actions';
import { Modal } from './modal';

export const DESCRIPTION_REQUIRED = 'Description is required';
export const REPORTING_DISABLED = 'Reporting is disabled';

const INCLUDE = [
  ['chat', 'Chat'],
  ['plate', 'Plate'],
  ['logs', 'Logs'],
  ['env', 'Environment'],
] as const;
type IncludeKey = (typeof INCLUDE)[number][0];

const WINDOWS = [15, 30, 60, 240, 1440] as const;

export interface ReportIssueDialogProps {
  open: boolean;
  onClose(): void;
  experimentId?: number | null;
  /** The chat session the report is about, when there is one. */
  sessionId?: string | null;
  submit?: typeof submitIssueReport;
}

type Outcome = { kind: 'submitted'; id: string } | { kind: 'disabled'; message: string } | null;

/** The dialog; its fields reset when a report is submitted. */
export function ReportIssueDialog({
  open,
  onClose,
  experimentId,
  sessionId,
  submit = submitIssueReport,
}: ReportIssueDialogProps) {
  const [description, setDescription] = useState('');
  const [include, setInclude] = useState<Record<IncludeKey, boolean>>({
    chat: true,
    plate: true,
    logs: true,
    env: true,
  });
  const [minutes, setMinutes] = useState<number>(60);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const close = () => {
    if (outcome?.kind === 'submitted') {
      setDescription('');
      setOutcome(null);
    }
    setError(null);
    setProblem(null);
    onClose();
  };

  const send = async () => {
    setError(null);
    setOutcome(null);
    if (description.trim() === '') {
      setProblem(DESCRIPTION_REQUIRED);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const result: IssueReportResult = await submit({
        session_id: sessionId ?? null,
        experiment_id: experimentId ?? null,
        description: description.trim(),
        include,
        time_window_minutes: minutes,
      });
      if (result.status === 'disabled') {
        setOutcome({ kind: 'disabled', message: result.message || REPORTING_DISABLED });
      } else {
        setOutcome({ kind: 'submitted', id: String(result.report_id) });
      }
    } catch (err) {
      setError(requestErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Report an issue"
      onClose={close}
      busy={busy}
      testId="report-issue"
      actions={
        outcome?.kind === 'submitted' ? (
          <button type="button" className="btn btn--primary" onClick={close}>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="btn" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button
              type="submit"
              form={`${id}-form`}
              className="btn btn--primary"
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy && <Spinner />}
              Send report
            </button>
          </>
        )
      }
    >
      {outcome?.kind === 'submitted' ? (
        <p role="status" data-testid="report-submitted">
          Thank you. Your report was submitted as <strong>{outcome.id}</strong>.
        </p>
      ) : (
        <form
          id={`${id}-form`}
          className="panel-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={`${id}-desc`}>
              Description
            </label>
            <textarea
              id={`${id}-desc`}
              className="input textarea"
              rows={4}
              value={description}
              autoFocus
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-desc-error` : undefined}
              onChange={(e) => {
                setDescription(e.target.value);
                if (problem && e.target.value.trim()) setProblem(null);
              }}
              placeholder="What happened, and what did you expect?"
            />
            {problem && (
              <span id={`${id}-desc-error`} className="field__error" role="alert">
                {problem}
              </span>
            )}
          </div>
          <fieldset className="panel-form__group">
            <legend>Include</legend>
            <div className="checks">
              {INCLUDE.map(([key, label]) => (
                <label key={key}>
                  <input
                    type="checkbox"
                    checked={include[key]}
                    onChange={(e) => setInclude({ ...include, [key]: e.target.checked })}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-window`}>
              Time window
            </label>
            <select
              id={`${id}-window`}
              className="input select"
              value={minutes}
              onChange={(e) => setMinutes(Number(e.target.value))}
            >
              {WINDOWS.map((m) => (
                <option key={m} value={m}>
                  {m < 60
                    ? `Last ${m} minutes`
                    : m === 60
                      ? 'Last hour'
                      : m === 1440
                        ? 'Last day'
                        : `Last ${m / 60} hours`}
                </option>
              ))}
            </select>
          </div>
          {outcome?.kind === 'disabled' && <ErrorBox title="Not sent" message={outcome.message} />}
          {error && <ErrorBox title="The report was not sent" message={error} />}
        </form>
      )}
    </Modal>
  );
}
