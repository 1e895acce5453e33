/**
 * The transfer log menu of the designer's top bar: import an Echo transfer log or a source
 * survey, colour the plate by transfer status, download the re-pick and planned beside
 * actual, delete an imported file. Says what is under way and what came of it.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { downloadLoopFile } from '../../api/transfer-logs';
import { Menu, MenuItem } from '../ui/menu';
import { setColourMode } from '../../state/colour-mode-store';
import { flushSaves } from '../../state/designer-document';
import {
  importRunFile,
  loadTransferLogs,
  removeRunFile,
  transferLogs,
} from '../../state/transfer-log-store';

export function TransferLogMenu({ experimentId }: { experimentId: number }) {
  const state = useSnapshot(transferLogs);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void loadTransferLogs(experimentId);
  }, [experimentId]);

  const counts = state.reconciliation?.counts;
  const download = async (kind: 'repick' | 'actual') => {
    await flushSaves();
    try {
      await downloadLoopFile(experimentId, kind);
    } catch (error) {
      transferLogs.error = `The download failed: ${String(error)}`;
    }
  };

  return (
    <span className="transfer-log-menu" data-testid="transfer-log-menu">
      <input
        ref={input}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        hidden
        aria-label="Transfer log or survey file"
        data-testid="transfer-log-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          void flushSaves().then(async () => {
            await importRunFile(experimentId, file);
            setColourMode('transfer');
          });
        }}
      />
      <Menu
        label="Transfer log"
        button={<span>{state.busy ?? 'Transfer log ▾'}</span>}
        buttonClassName="btn btn--sm"
      >
        {(close) => (
          <>
            <MenuItem
              onSelect={() => {
                close();
                input.current?.click();
              }}
            >
              Import transfer log or survey…
            </MenuItem>
            <MenuItem
              onSelect={() => {
                close();
                setColourMode('transfer');
              }}
            >
              Colour by transfer status
            </MenuItem>
            <MenuItem
              onSelect={() => {
                close();
                void download('repick');
              }}
            >
              Download re-pick picklist
            </MenuItem>
            <MenuItem
              onSelect={() => {
                close();
                void download('actual');
              }}
            >
              Download planned and actual
            </MenuItem>
            {state.files.map((f) => (
              <MenuItem
                key={f.id}
                onSelect={() => {
                  close();
                  void removeRunFile(experimentId, f.id);
                }}
              >
                Delete {f.filename} ({f.kind}, {f.rows} rows)
              </MenuItem>
            ))}
          </>
        )}
      </Menu>
      <span className="transfer-log-menu__status" role="status" aria-live="polite">
        {state.error ??
          state.message ??
          (counts
            ? `${counts.missed} missed, ${counts.off} off, ${counts.as_planned} as planned`
            : '')}
      </span>
    </span>
  );
}
