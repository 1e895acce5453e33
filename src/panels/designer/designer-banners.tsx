/**
 * Banners above the designer's work area: agent activity, water filling the wells, and
 * what a save, snapshot or revert could not do.
 */
import { useSnapshot } from 'valtio';
import type { BenchReagent } from '../../api/bench';
import { fillLiquid } from '../../domain/dispensing/fill-liquid';
import { toDisplayType } from '../../domain/reagent-types';
import { bench, type BenchStatus } from '../../state/bench-store';
import { designer } from '../../state/designer-store';

/**
 * Whether water fills the wells (fill-liquid.ts): the bench holds no medium, buffer or
 * aqueous liquid that may fill them. Never while the bench loads.
 */
export function fillsWithWater(
  status: BenchStatus,
  vehicleSlug: string | null,
  reagents: readonly Pick<BenchReagent, 'slug' | 'name' | 'type' | 'reagent_type'>[],
): boolean {
  if (status === 'loading') return false;
  const candidates = reagents.map((r) => ({
    slug: r.slug,
    name: r.name,
    type: toDisplayType(r.type || r.reagent_type),
  }));
  return !fillLiquid(candidates, vehicleSlug).onBench;
}

export function DesignerBanners() {
  const { agentActive, saveStatus, saveError, actionError } = useSnapshot(designer);
  const b = useSnapshot(bench);
  const water = fillsWithWater(b.status, b.vehicleSlug, b.reagents as readonly BenchReagent[]);
  return (
    <div className="designer-banners">
      {agentActive && (
        <div className="banner banner--info" role="status" data-testid="agent-banner">
          <span className="banner__pulse" aria-hidden="true" />
          Agent is thinking...
        </div>
      )}
      {water && (
        <div className="banner banner--info" role="status" data-testid="vehicle-banner">
          <strong>Water fills the wells</strong>
          <span>
            The bench holds no medium or buffer. Add one to the bench fridge to fill the wells with
            it instead.
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
