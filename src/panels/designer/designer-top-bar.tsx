/**
 * The designer's top bar (spec section 2): back link, title and experiment name, plate type,
 * undo/redo, "Clear plate", "Save snapshot", recent snapshots, exports, the save indicator
 * and the user menu.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { BackIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { designer } from '../../state/designer-store';
import { clearPlate, redo, undo } from '../../state/plate-actions';
import { nextSnapshotLabel, saveSnapshot } from '../../state/snapshot-actions';
import { DispensingDialog } from '../dialogs/dispensing-dialog';
import { SnapshotNameDialog } from '../dialogs/snapshot-name-dialog';
import { TransferLogMenu } from '../transfer-log/transfer-log-menu';
import { ToolsMenu } from '../tools/tools-menu';
import { VersionsDialog } from '../dialogs/versions-dialog';
import { ExportMenu } from './export-menu';
import { PlateTypeSelect } from './plate-type-select';
import { SaveStatusIndicator } from './save-status';
import { SnapshotsMenu } from './snapshots-menu';

export interface DesignerTopBarProps {
  onReportIssue?(): void;
  /** The signed-in user's menu, built by the app (it knows the session). */
  userMenu?: ReactNode;
}

export function DesignerTopBar({ onReportIssue, userMenu }: DesignerTopBarProps) {
  const { experiment, busy, canUndo, canRedo, wells } = useSnapshot(designer);
  const [confirmClear, setConfirmClear] = useState(false);
  const [dispensingOpen, setDispensingOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const saveRef = useRef<HTMLButtonElement | null>(null);
  // Back to "Save snapshot" once the name dialog has gone and the button is enabled again.
  const refocusSave = useRef(false);
  useEffect(() => {
    if (naming) refocusSave.current = true;
    else if (refocusSave.current && busy === null) {
      refocusSave.current = false;
      saveRef.current?.focus();
    }
  }, [naming, busy]);
  if (!experiment) return null;
  const empty = Object.keys(wells).length === 0;
  return (
    <header className="designer-bar" data-testid="designer-top-bar">
      <Link to="/experiments" className="btn btn--ghost btn--sm" aria-label="Back to experiments">
        <BackIcon />
        <span className="designer-bar__back-text">Experiments</span>
      </Link>
      <div className="designer-bar__titles">
        <span className="designer-bar__kicker">Plate designer</span>
        <h1 className="designer-bar__name" title={experiment.name}>
          {experiment.name}
        </h1>
      </div>
      <PlateTypeSelect />
      <div className="designer-bar__group" role="group" aria-label="History">
        <button
          type="button"
          className="btn btn--sm"
          onClick={() => undo()}
          disabled={!canUndo}
          title="Undo (Ctrl+Z)"
        >
          Undo
        </button>
        <button
          type="button"
          className="btn btn--sm"
          onClick={() => redo()}
          disabled={!canRedo}
          title="Redo (Shift+Ctrl+Z)"
        >
          Redo
        </button>
      </div>
      <SaveStatusIndicator />
      <button
        type="button"
        className="btn btn--sm"
        onClick={() => setConfirmClear(true)}
        disabled={empty || busy !== null}
      >
        Clear plate
      </button>
      <button
        ref={saveRef}
        type="button"
        className="btn btn--sm btn--primary"
        onClick={() => setNaming(true)}
        disabled={busy !== null}
        aria-busy={busy === 'snapshot' || undefined}
      >
        {busy === 'snapshot' && <Spinner />}
        Save snapshot
      </button>
      <SnapshotsMenu />
      <button type="button" className="btn btn--sm" onClick={() => setVersionsOpen(true)}>
        Versions
      </button>
      {versionsOpen && (
        <VersionsDialog experimentId={experiment.id} onClose={() => setVersionsOpen(false)} />
      )}
      <ToolsMenu />
      <button type="button" className="btn btn--sm" onClick={() => setDispensingOpen(true)}>
        Dispensing
      </button>
      {dispensingOpen && <DispensingDialog open onClose={() => setDispensingOpen(false)} />}
      {naming && (
        <SnapshotNameDialog
          open
          defaultName={nextSnapshotLabel(designer.snapshots)}
          onClose={() => setNaming(false)}
          onSave={(name) => {
            setNaming(false);
            void saveSnapshot(name);
          }}
        />
      )}
      <ExportMenu experimentId={experiment.id} />
      <TransferLogMenu experimentId={experiment.id} />
      {onReportIssue && (
        <button type="button" className="btn btn--sm btn--ghost" onClick={onReportIssue}>
          Report issue
        </button>
      )}
      {userMenu}
      <ConfirmDialog
        open={confirmClear}
        title="Clear plate"
        confirmLabel="Clear plate"
        danger
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          setConfirmClear(false);
          clearPlate();
        }}
      >
        Remove every reagent from every well of this plate? You can undo it.
      </ConfirmDialog>
    </header>
  );
}
