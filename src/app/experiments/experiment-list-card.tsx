/** The "Recent experiments" card: every state of the list (spec section 2). */
import { useEffect, useId, useState } from 'react';
import type { Experiment } from '../../api/types';
import { ErrorBox } from '../../panels/ui/error-box';
import { RefreshIcon } from '../../panels/ui/icons';
import { ExperimentRow } from './experiment-row';
import type { ExperimentList } from './use-experiment-list';

export interface ExperimentListCardProps {
  list: ExperimentList;
  /** Experiments after the search filter. */
  visible: Experiment[];
  /** The trimmed search text ('' when not searching). */
  term: string;
  onCreate(): void;
  onDelete(experiment: Experiment): void;
}

/** Re-renders every minute so "Updated 5 minutes ago" stays true. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function SkeletonRows() {
  return (
    <ul className="exp-list" aria-busy="true" aria-label="Loading experiments">
      {[0, 1, 2].map((i) => (
        <li key={i} className="exp-row exp-row--skeleton" data-testid="skeleton-row">
          <div className="exp-row__main">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--meta" />
          </div>
          <span className="skeleton skeleton--button" />
        </li>
      ))}
    </ul>
  );
}

export function ExperimentListCard({
  list,
  visible,
  term,
  onCreate,
  onDelete,
}: ExperimentListCardProps) {
  const titleId = useId();
  const now = useNow();
  const busy = list.status === 'loading' || list.refreshing;

  let body;
  if (list.status === 'loading') {
    body = <SkeletonRows />;
  } else if (list.status === 'error') {
    body = (
      <div className="card__body">
        <ErrorBox
          title="We ran into an issue loading experiments."
          message={list.loadError}
          action={
            <button type="button" className="btn btn--sm" onClick={list.reload}>
              Retry
            </button>
          }
        />
      </div>
    );
  } else if (list.experiments.length === 0) {
    body = (
      <div className="empty">
        <p className="empty__title">No experiments yet</p>
        <p className="empty__text">Plan your first plate layout in a few clicks.</p>
        <button type="button" className="btn btn--primary" onClick={onCreate}>
          Start a new experiment
        </button>
      </div>
    );
  } else if (visible.length === 0) {
    body = (
      <div className="empty">
        <p className="empty__title">No matches for “{term}”</p>
        <p className="empty__text">Search looks at experiment names and ids.</p>
        <button type="button" className="btn" onClick={onCreate}>
          New experiment
        </button>
      </div>
    );
  } else {
    body = (
      <ul className="exp-list" aria-labelledby={titleId}>
        {visible.map((experiment) => (
          <ExperimentRow
            key={experiment.id}
            experiment={experiment}
            deleting={list.deletingId === experiment.id}
            now={now}
            onDelete={onDelete}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="card list-card" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <div className="card__header">
        <h2 id={titleId} className="card__title">
          Recent experiments
        </h2>
        {list.status === 'loaded' && (
          <span className="count" aria-label={`${list.experiments.length} experiments`}>
            {term ? `${visible.length} of ${list.experiments.length}` : list.experiments.length}
          </span>
        )}
        <button
          type="button"
          className={`btn btn--icon${list.refreshing ? ' is-spinning' : ''}`}
          aria-label="Refresh experiments"
          title="Refresh experiments"
          onClick={list.reload}
          disabled={busy}
        >
          <RefreshIcon />
        </button>
      </div>
      {list.actionError && (
        <div className="card__body">
          <ErrorBox
            title="We couldn't complete that action."
            message={list.actionError}
            action={
              <button type="button" className="btn btn--sm" onClick={list.dismissActionError}>
                Dismiss
              </button>
            }
          />
        </div>
      )}
      {body}
    </section>
  );
}
