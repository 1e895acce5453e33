/** Loads one experiment for the designer: loading, then ready or error; retry returns to loading. */
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { getExperiment } from '../../api/experiments';
import type { Experiment } from '../../api/types';

export type ExperimentLoad =
  | { status: 'loading' }
  | { status: 'ready'; experiment: Experiment }
  | { status: 'error'; message: string };

/** Mount it with key={id}: a different experiment starts from "loading". */
export function useExperiment(id: number): { load: ExperimentLoad; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; load: ExperimentLoad } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getExperiment(id, controller.signal)
      .then((experiment) => setResult({ attempt, load: { status: 'ready', experiment } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ attempt, load: { status: 'error', message: errorMessage(error) } });
      });
    return () => controller.abort();
  }, [id, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const load: ExperimentLoad =
    result && result.attempt === attempt ? result.load : { status: 'loading' };
  return { load, retry };
}
