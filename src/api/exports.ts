/**
 * File exports (spec section 7): fetched with the session's bearer token and cookies, then
 * handed to the browser as a download through an object URL. Failures are logged only
 * (spec section 8): "Export failed" / "Excel export failed".
 */
import { apiRequest } from './http-client';

export type ExportKind =
  | 'csv'
  | 'excel'
  | 'transfer-list'
  | 'picklist'
  | 'fill-sheet'
  | 'bulk-sheet'
  | 'worklist'
  | 'unmet';

/** The dispense plan's CSVs and the suffix of their file names. */
const PLAN_SUFFIX: Partial<Record<ExportKind, string>> = {
  picklist: 'picklist',
  'fill-sheet': 'fill_sheet',
  'bulk-sheet': 'bulk_sheet',
  worklist: 'worklist',
  unmet: 'unmet',
};

interface ExportSpec {
  path: string;
  fileName: string;
  failure: string;
}

/** Where each export lives, the name it is saved under and what a failure logs. */
export function exportSpec(experimentId: number, kind: ExportKind): ExportSpec {
  const base = `/api/experiments/${experimentId}/export`;
  if (kind === 'excel') {
    return {
      path: `${base}/excel`,
      fileName: `experiment_${experimentId}.xlsx`,
      failure: 'Excel export failed',
    };
  }
  const suffix = PLAN_SUFFIX[kind];
  if (suffix) {
    return {
      path: `${base}/${kind}`,
      fileName: `experiment_${experimentId}_${suffix}.csv`,
      failure: 'Export failed',
    };
  }
  if (kind === 'transfer-list') {
    return {
      path: `${base}/transfer-list?instrument=acoustic`,
      fileName: `experiment_${experimentId}_transfers.csv`,
      failure: 'Export failed',
    };
  }
  return {
    path: `${base}/csv`,
    fileName: `experiment_${experimentId}.csv`,
    failure: 'Export failed',
  };
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads one export; resolves false (after logging) when it failed. */
export async function downloadExport(experimentId: number, kind: ExportKind): Promise<boolean> {
  const spec = exportSpec(experimentId, kind);
  try {
    const blob = await apiRequest<Blob>(spec.path, {
      headers: { Accept: '*/*' },
      responseType: 'blob',
    });
    saveBlob(blob, spec.fileName);
    return true;
  } catch (error) {
    console.error(spec.failure, error);
    return false;
  }
}
