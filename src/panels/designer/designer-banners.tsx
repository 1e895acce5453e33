/**
 * Banners above the designer's work area: agent activity, the missing default vehicle, and
 * what a save, snapshot or revert could not do.
 */
import { useSnapshot } from 'valtio';
import type { BenchReagent } from '../../api/bench';
import { toDisplayType } from '../../domain/reagent-types';
import { bench, type BenchStatus } from '../../state/bench-store';
import { designer } from '../../state/designer-store';

/** Spec section 4: no default vehicle set and no media or solvent reagent on the bench. */
export function needsDefaultVehicle(
  status: BenchStatus,
  vehicleSlug: string | null,
  reagents: readonly Pick<BenchReagent, 'type' | 'reagent_type'>[],
): boolean {
  if (status === 'loading' || vehicleSlug) return false;
  return !reagents.some((r) => {
    const t = toDisplayType(r.type || r.reagent_type);
    return t === 'media' || t === 'solvent';
  });
}

export function DesignerBanners() {
  const { agentActive, saveStatus, saveError, actionError } = useSnapshot(designer);
  const b = useSnapshot(bench);
  const vehicleMissing = needsDefaultVehicle(
    b.status,
    b.vehicleSlug,
    b.reagents as readonly BenchReagent[],
  );
  return (
    <div className="designer-banners">
      {agentActive && (
        <div className="banner banner--info" role="status" data-testid="agent-banner">
          <span className="banner__pulse" aria-hidden="true" />
          Agent is thinking...
        </div>
      )}
      {vehicleMissing && (
        <div className="banner banner--danger" role="alert" data-testid="vehicle-banner">
          <strong>Default vehicle required</strong>
          <span>
            Add a media or solvent reagent to the bench fridge and set it as the default vehicle.
          </span>
        </div>
      )}
      {(saveStatus === 'conflict' || saveStatus === 'error') && saveError && (
        <div className="banner banner--warn" role="alert" data-testid="save-banner">
          {saveError}
        </div>
      )}
      {actionError && (
        <div className="banner banner--danger" role="alert" data-testid="action-banner">
          <span>{actionError}</span>
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            onClick={() => {
              designer.actionError = null;
            }}
          >
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
