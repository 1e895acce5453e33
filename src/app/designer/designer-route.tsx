/**
 * /experiments/:id. Loads the experiment, its plate, snapshots and bench into the designer
 * store ("Loading experiment…", then the designer or "Unable to load experiment" with Retry),
 * and shows the designer screen. The plate panel is handed to the screen's left area.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ChatPanel } from '../../panels/chat/chat-panel';
import { DesignerScreen } from '../../panels/designer/designer-screen';
import { closeDesigner, loadDesigner } from '../../state/designer-load';
import { designer } from '../../state/designer-store';
import { AppHeader } from '../header/app-header';
import { UserMenu } from '../header/user-menu';
import { ErrorBox } from '../../panels/ui/error-box';
import { PageStatus } from '../../panels/ui/page-status';

// The WebGL plate (pixi) loads on its own, after the designer frame is on screen.
const DesignerPlate = lazy(() => import('../../panels/plate/designer-plate'));

function DesignerLoader({ id }: { id: number }) {
  const { loadStatus, loadError, experiment } = useSnapshot(designer);

  useEffect(() => {
    void loadDesigner(id);
    return () => closeDesigner();
  }, [id]);

  const ready = loadStatus === 'ready' && experiment?.id === id;
  if (loadStatus === 'error') {
    return (
      <>
        <AppHeader />
        <main className="page page--narrow">
          <ErrorBox
            title="Unable to load experiment"
            message="Please check your connection and try again."
            detail={loadError ?? undefined}
            action={
              <button
                type="button"
                className="btn btn--sm"
                onClick={() => void loadDesigner(id)}
                autoFocus
              >
                Retry
              </button>
            }
          />
          <p className="page__after-error">
            <Link to="/experiments">Back to experiments</Link>
          </p>
        </main>
      </>
    );
  }
  if (!ready) {
    return (
      <>
        <AppHeader />
        <PageStatus message="Loading experiment…" />
      </>
    );
  }
  return (
    <DesignerScreen
      experimentId={id}
      chat={<ChatPanel experimentId={id} />}
      userMenu={<UserMenu />}
      plate={
        <Suspense fallback={<PageStatus message="Loading plate…" />}>
          <DesignerPlate />
        </Suspense>
      }
    />
  );
}

/** The route element; the router lets only numeric ids through. */
export default function DesignerRoute() {
  const { id = '' } = useParams();
  return (
    <div className="app-shell app-shell--designer">
      <DesignerLoader key={id} id={Number(id)} />
    </div>
  );
}
