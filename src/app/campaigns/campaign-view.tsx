/**
 * One campaign: its plates as GPU thumbnails (CampaignGrid), the plan's figures per plate as
 * soon as the plan is made (a progress line while it is), and its exports: the campaign's
 * picklist, the source plates in load order, and the focused plate's picklist and bulk steps.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import {
  downloadCampaignFile,
  downloadCampaignPicklist,
  getCampaignPlanSummary,
  getCampaignThumbnails,
  type CampaignPlanSummary,
  type CampaignThumbnails,
} from '../../api/campaigns';
import { Spinner } from '../../panels/ui/spinner';
import { CampaignGrid } from './campaign-grid';

export function CampaignView({ campaignId }: { campaignId: number }) {
  const navigate = useNavigate();
  const [thumbs, setThumbs] = useState<CampaignThumbnails | null>(null);
  const [plan, setPlan] = useState<CampaignPlanSummary | null>(null);
  const [planning, setPlanning] = useState(false);
  const [focus, setFocus] = useState(0);
  const [error, setError] = useState('');

  useEffect(() => {
    // the page keys this view by campaign: a new campaign starts from empty state
    let live = true;
    void getCampaignThumbnails(campaignId)
      .then((t) => {
        if (!live) return;
        setThumbs(t);
        setPlanning(true);
        return getCampaignPlanSummary(campaignId).then((p) => live && setPlan(p));
      })
      .catch((cause: unknown) => live && setError(errorMessage(cause)))
      .finally(() => live && setPlanning(false));
    return () => {
      live = false;
    };
  }, [campaignId]);

  const save = (run: () => Promise<void>) => void run().catch((e) => setError(errorMessage(e)));
  const focused = thumbs?.plates[focus];

  return (
    <section className="card" aria-labelledby="campaign-view-title">
      <div className="card__header">
        <h2 id="campaign-view-title" className="card__title">
          {thumbs ? `${thumbs.name}: ${thumbs.plates.length} plates` : 'Campaign'}
        </h2>
      </div>
      <div className="card__body stack">
        <div className="row">
          <button
            type="button"
            className="btn"
            onClick={() => save(() => downloadCampaignPicklist(campaignId))}
          >
            Export the campaign picklist
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => save(() => downloadCampaignFile(campaignId, { kind: 'sources' }))}
          >
            Export the source plates (load order)
          </button>
          {focused && (
            <>
              <button
                type="button"
                className="btn"
                onClick={() =>
                  save(() =>
                    downloadCampaignFile(campaignId, {
                      kind: 'picklist',
                      position: focused.position,
                    }),
                  )
                }
              >
                Picklist of {focused.barcode}
              </button>
              <button
                type="button"
                className="btn"
                onClick={() =>
                  save(() =>
                    downloadCampaignFile(campaignId, { kind: 'bulk', position: focused.position }),
                  )
                }
              >
                Bulk steps of {focused.barcode}
              </button>
            </>
          )}
        </div>
        <p className="status-line" role="status" aria-live="polite">
          {!thumbs && !error && (
            <>
              <Spinner /> Loading the plates…
            </>
          )}
          {planning && (
            <>
              <Spinner /> Planning the dispense of {thumbs?.plates.length} plates…{' '}
              <progress aria-label="Planning" />
            </>
          )}
          {plan &&
            `Planned: ${plan.transfer_count} transfers, ${plan.unmet_count} unmet wells, ${plan.shortfall_count} dry sources.`}
        </p>
        {error && (
          <p className="error-line" role="alert">
            {error}
          </p>
        )}
        {thumbs && (
          <CampaignGrid
            thumbs={thumbs}
            plan={plan}
            onOpen={(experimentId) => void navigate(`/experiments/${experimentId}`)}
            onFocus={setFocus}
          />
        )}
      </div>
    </section>
  );
}
