// The one place `set` ops without a volume get one: the volume giving the target in the
// well, planned by the dispensing engine (planWellTargets) with the experiment's settings,
// so the volume is a whole number of the instrument's steps and a target below one step
// comes from an intermediate. The well's volume is its current one, else the settings'
// assay volume, else the format's default assay volume.
import { planWellTargets } from '../../domain/dispensing/well-targets';
import type { DispenseSettings } from '../../domain/dispensing/settings';
import type { PlannedVolume, PlanVolume } from '../../domain/plate/apply-ops';
import type { PlateDefn } from '../../domain/plate-format';
import type { BenchReagentInfo } from '../../domain/plate-wire';
import { DEFAULT_FINAL_VOLUME_UL } from '../agent/tools/tool-types';

/** A planVolume for applyOps on this plate, bench and dispensing settings. */
export function planVolumeFor(
  defn: PlateDefn,
  bench: readonly BenchReagentInfo[],
  dispensing?: Partial<DispenseSettings> | null,
): PlanVolume {
  return ({ reagent, target_nM, wellVolume_uL }): PlannedVolume => {
    const volume_uL =
      wellVolume_uL > 0
        ? wellVolume_uL
        : (dispensing?.assay_volume_uL ?? DEFAULT_FINAL_VOLUME_UL[defn.format]);
    const plan = planWellTargets(
      { volume_uL, targets: [{ slug: reagent, target_nM }], vehicle: null },
      bench,
      defn.format,
      dispensing,
    );
    const t = plan.targets[reagent];
    if (!t) {
      const why = plan.unmet.find((u) => u.reagent === reagent);
      return { ok: false, message: why?.reason ?? `"${reagent}" cannot be planned` };
    }
    return t.dilution && t.dilution > 1
      ? { ok: true, volume_uL: t.volume_uL, dilution: t.dilution }
      : { ok: true, volume_uL: t.volume_uL };
  };
}
