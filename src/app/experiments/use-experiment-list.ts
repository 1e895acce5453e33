/** State of the experiment list: loading, loaded or error, plus refresh and delete. */
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { deleteExperiment, listExperiments } from '../../api/experiments';
import type { Experiment } from '../../api/types';
import { sortNewestFirst } from './experiment-search';

export type ListStatus = 'loading' | 'loaded' | 'error';

export interface ExperimentList {
  status: ListStatus;
  experiments: Experiment[];
  loadError: string | null;
  /** A reload while the previous list stays on screen. */
  refreshing: boolean;
  actionError: string | null;
  deletingId: number | null;
  reload(): void;
  remove(experiment: Experiment): Promise<void>;
  dismissActionError(): void;
}

/** The answer to one numbered load; a newer attempt makes it stale. */
interface LoadResult {
  attempt: number;
  experiments: Experiment[] | null;
  error: string | null;
}

export function useExperimentList(): ExperimentList {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<LoadResult | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    listExperiments(controller.signal)
      .then((list) => setResult({ attempt, experiments: sortNewestFirst(list), error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({
          attempt,
          experiments: null,
          error: errorMessage(error, 'Failed to load experiments'),
        });
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const remove = useCallback(async (experiment: Experiment) => {
    setActionError(null);
    setDeletingId(experiment.id);
    try {
      await deleteExperiment(experiment.id);
      setResult(
        (r) =>
          r && {
            ...r,
            experiments: r.experiments?.filter((e) => e.id !== experiment.id) ?? null,
          },
      );
    } catch (error) {
      setActionError(`Unable to delete experiment: ${errorMessage(error)}`);
    } finally {
      setDeletingId(null);
    }
  }, []);

  const dismissActionError = useCallback(() => setActionError(null), []);

  const pending = result === null || result.attempt !== attempt;
  // Skeletons only when there is nothing to show yet; a refresh keeps the rows in view.
  const status: ListStatus =
    pending && !result?.experiments ? 'loading' : result?.error ? 'error' : 'loaded';
  return {
    status,
    experiments: result?.experiments ?? [],
    loadError: status === 'error' ? (result?.error ?? null) : null,
    refreshing: pending && status === 'loaded',
    actionError,
    deletingId,
    reload,
    remove,
    dismissActionError,
  };
}
