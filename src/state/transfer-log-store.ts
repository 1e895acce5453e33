// The transfer logs of the open plate and their reconciliation: what the plate colours by
// in "Transfer status", what the well editor shows beside the plan, and what the transfer
// log menu imports, lists and deletes. Read from the server after every change of the files.
import { proxy } from 'valtio';
import { ApiError } from '../api/api-error';
import {
  deleteTransferLog,
  getReconciliation,
  importTransferLog,
  listTransferLogs,
} from '../api/transfer-logs';
import type { ReconciliationAnswer, RunFilesAnswer } from '../domain/schemas/transfer-logs';

export interface TransferLogState {
  experimentId: number | null;
  files: RunFilesAnswer['files'];
  reconciliation: ReconciliationAnswer | null;
  /** what is under way ("Importing run.csv…"); null when idle */
  busy: string | null;
  /** the last outcome, said plainly */
  message: string | null;
  error: string | null;
}

export const transferLogs = proxy<TransferLogState>({
  experimentId: null,
  files: [],
  reconciliation: null,
  busy: null,
  message: null,
  error: null,
});

const detailOf = (error: unknown) =>
  error instanceof ApiError ? (error.detail ?? error.message) : String(error);

/** Reads the files and the reconciliation of an experiment. */
export async function loadTransferLogs(experimentId: number): Promise<void> {
  if (transferLogs.experimentId !== experimentId) {
    Object.assign(transferLogs, { experimentId, files: [], reconciliation: null, message: null });
  }
  try {
    const [list, rec] = await Promise.all([
      listTransferLogs(experimentId),
      getReconciliation(experimentId),
    ]);
    if (transferLogs.experimentId !== experimentId) return;
    transferLogs.files = list.files;
    transferLogs.reconciliation = list.files.length > 0 ? rec : null;
    transferLogs.error = null;
  } catch (error) {
    transferLogs.error = `The transfer logs could not be read: ${detailOf(error)}`;
  }
}

/** Imports a transfer log or survey, then reads the reconciliation again. */
export async function importRunFile(experimentId: number, file: File): Promise<void> {
  transferLogs.busy = `Importing ${file.name}…`;
  transferLogs.error = null;
  try {
    const answer = await importTransferLog(experimentId, file);
    const library =
      answer.library_wells_updated > 0
        ? ` ${answer.library_wells_updated} library source wells now hold the measured volumes.`
        : '';
    transferLogs.message =
      (answer.kind === 'survey'
        ? `${file.name}: ${answer.rows} surveyed wells imported.`
        : `${file.name}: ${answer.matched} of ${answer.rows} transfers matched the plan, ` +
          `${answer.missed_wells} wells missed` +
          (answer.unmatched > 0 ? `, ${answer.unmatched} rows match no planned transfer.` : '.')) +
      library;
    await loadTransferLogs(experimentId);
  } catch (error) {
    transferLogs.error = `${file.name} was not imported: ${detailOf(error)}`;
  } finally {
    transferLogs.busy = null;
  }
}

/** Deletes an imported file, then reads the reconciliation again. */
export async function removeRunFile(experimentId: number, fileId: number): Promise<void> {
  transferLogs.busy = 'Deleting…';
  try {
    await deleteTransferLog(experimentId, fileId);
    transferLogs.message = 'File deleted.';
    await loadTransferLogs(experimentId);
  } catch (error) {
    transferLogs.error = `The file was not deleted: ${detailOf(error)}`;
  } finally {
    transferLogs.busy = null;
  }
}
