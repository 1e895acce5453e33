/**
 * The frame of every screening tool's dialog: the form, what the tool would do (computed
 * by the domain and previewed on the plate while the dialog is open), and Apply / Cancel.
 * Enter in a field applies, Escape cancels; Apply is one undo step. The dialog is not modal:
 * it sits over the side panels so the plate stays in view.
 */
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { BenchReagent } from '../../api/bench';
import { bench } from '../../state/bench-store';
import { designer } from '../../state/designer-store';
import { focusPlate } from '../plate/focus-moves';
import {
  applyPreview,
  closeTool,
  previewOnDocument,
  showPreview,
  type Tool,
  type ToolOp,
} from '../../state/tool-actions';
import { SolventRuleFix } from './solvent-rule';
import { TOOL_KEYS, TOOL_TITLES } from './tool-keys';

export interface ToolShellProps {
  tool: Tool;
  /** The op of the form as filled in, or a sentence saying what is missing. */
  op: ToolOp | string;
  children: ReactNode;
}

function close(): void {
  closeTool();
  focusPlate();
}

export function ToolShell({ tool, op, children }: ToolShellProps) {
  const titleId = useId();
  const doc = useSnapshot(designer);
  const { reagents } = useSnapshot(bench);
  const preview = useMemo(
    () => (typeof op === 'string' ? null : previewOnDocument(op)),
    // the document and the bench are read from their stores; these keep the preview current
    // oxlint-disable-next-line react-hooks/exhaustive-deps
    [op, doc.wells, doc.format, reagents],
  );
  const ok = preview?.ok ? preview : null;
  // The plate shows the tool's result while the dialog is open (valtio store, not React state).
  useEffect(() => {
    showPreview(ok ? ok.wells : null);
  }, [ok]);
  const apply = () => {
    if (!ok) return;
    applyPreview(ok.wells);
    focusPlate();
  };
  const key = TOOL_KEYS.find((k) => k.tool === tool)?.keys;

  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      className="tool-panel"
      data-testid="tool-panel"
      data-tool={tool}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      }}
    >
      <header className="tool-panel__head">
        <h2 id={titleId} className="tool-panel__title">
          {TOOL_TITLES[tool]}
        </h2>
        {key && <kbd className="tool-panel__key">{key.toUpperCase()}</kbd>}
      </header>
      <form
        className="tool-panel__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        {children}
        <div className="tool-panel__outcome" aria-live="polite" data-testid="tool-outcome">
          {typeof op === 'string' && <p className="hint">{op}</p>}
          {preview && !preview.ok && (
            <p className="tool-panel__error" role="alert">
              {preview.message}
            </p>
          )}
          {preview && !preview.ok && (
            <SolventRuleFix message={preview.message} reagents={reagents as BenchReagent[]} />
          )}
          {ok && (
            <p className="hint">
              {`Preview on the plate: ${ok.changed} well${ok.changed === 1 ? '' : 's'} change.`}
            </p>
          )}
          {ok?.notes.map((n) => (
            <p key={n} className="hint">
              {n}
            </p>
          ))}
          {ok?.warnings.map((w) => (
            <p key={w} className="tool-panel__warning">
              {w}
            </p>
          ))}
          {preview && preview.rejected.length > 0 && (
            <ul
              className="tool-panel__rejected"
              aria-label="Rejected lines"
              data-testid="rejected-lines"
            >
              {preview.rejected.slice(0, 20).map((r) => (
                <li key={r.line}>{`Line ${r.line}: ${r.reason}`}</li>
              ))}
              {preview.rejected.length > 20 && (
                <li>{`and ${preview.rejected.length - 20} more`}</li>
              )}
            </ul>
          )}
        </div>
        <div className="tool-panel__actions">
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={!ok}>
            Apply
          </button>
        </div>
      </form>
    </section>
  );
}
