/**
 * /experiments/:id. Loads the experiment, shows the top bar, and hands the <main
 * data-testid="designer"> area to the plate designer.
 */
import { Link, useParams } from 'react-router-dom';
import type { Experiment } from '../../api/types';
import { AppHeader } from '../header/app-header';
import { plateTypeName } from '../experiments/plate-type-options';
import { ErrorBox } from '../ui/error-box';
import { BackIcon } from '../ui/icons';
import { PageStatus } from '../ui/page-status';
import { useExperiment } from './use-experiment';

/** The designer's top bar: back to the list, the experiment name and its plate type. */
export function DesignerTopBar({ experiment }: { experiment: Experiment }) {
  return (
    <div className="designer-bar">
      <Link to="/experiments" className="btn btn--ghost btn--sm" aria-label="Back to experiments">
        <BackIcon />
        Experiments
      </Link>
      <div className="designer-bar__titles">
        <span className="designer-bar__kicker">Plate designer</span>
        <h1 className="designer-bar__name">{experiment.name}</h1>
      </div>
      <span className="tag tag--strong">{plateTypeName(experiment.plate_type)}</span>
      <span className="designer-bar__id">#{experiment.id}</span>
    </div>
  );
}

/** The layout slot the plate designer fills. */
export function DesignerLayout({ experiment }: { experiment: Experiment }) {
  return (
    <main className="designer" data-testid="designer" data-experiment-id={experiment.id}>
      <p className="designer__placeholder">
        {plateTypeName(experiment.plate_type)} plate · the designer opens here.
      </p>
    </main>
  );
}

function DesignerLoader({ id }: { id: number }) {
  const { load, retry } = useExperiment(id);
  if (load.status === 'loading') return <PageStatus message="Loading experiment…" />;
  if (load.status === 'error') {
    return (
      <main className="page page--narrow">
        <ErrorBox
          title="Unable to load experiment"
          message="Please check your connection and try again."
          detail={load.message}
          action={
            <button type="button" className="btn btn--sm" onClick={retry} autoFocus>
              Retry
            </button>
          }
        />
        <p className="page__after-error">
          <Link to="/experiments">Back to experiments</Link>
        </p>
      </main>
    );
  }
  return (
    <>
      <DesignerTopBar experiment={load.experiment} />
      <DesignerLayout experiment={load.experiment} />
    </>
  );
}

/** The route element; the router lets only numeric ids through. */
export default function DesignerRoute() {
  const { id = '' } = useParams();
  return (
    <div className="app-shell app-shell--designer">
      <AppHeader />
      <DesignerLoader key={id} id={Number(id)} />
    </div>
  );
}
