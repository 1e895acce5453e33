// The one place `set` ops without a volume get one: the stock volume giving the target in
// the well, planned with the domain's volume planning (to be replaced by the dispensing
// engine's rules). The well's volume is its current one, or the format's default assay
// volume for an empty well.
import type { PlannedVolume, PlanVolume } from '../../domain/plate/apply-ops';
import type { PlateDefn } from '../../domain/plate-format';
import type { BenchReagentInfo } from '../../domain/plate-wire';
import { planWell } from '../../domain/volume-planning';
import { DEFAULT_FINAL_VOLUME_UL } from '../agent/tools/tool-types';

/** A planVolume for applyOps on this plate and bench. */
export function planVolumeFor(defn: PlateDefn, bench: readonly BenchReagentInfo[]): PlanVolume {
  return ({ reagent, target_nM, wellVolume_uL }): PlannedVolume => {
    const finalVolumeUL = wellVolume_uL > 0 ? wellVolume_uL : DEFAULT_FINAL_VOLUME_UL[defn.format];
    const plan = planWell(
      { finalVolumeUL, targets: [{ slug: reagent, target_nM }], vehicleSlug: null },
      bench,
    );
    const refused = plan.problems.find(
      (p) => p.slug === reagent && (p.kind === 'no_stock' || p.kind === 'unknown_reagent'),
    );
    if (refused) return { ok: false, message: refused.message };
    const t = plan.targets[reagent];
    return t.dilution
      ? { ok: true, volume_uL: t.volume_uL, dilution: t.dilution }
      : { ok: true, volume_uL: t.volume_uL };
  };
}
