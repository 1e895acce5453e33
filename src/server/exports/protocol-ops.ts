// The protocol of a plate as operations (spec section 3, "Protocol op"): working-stock
// preparations off the plate first (sized by the domain's planner), then every addition to a
// well in row-major order, then the annotations of labelled wells.
import { formatVolume } from '../../domain/accuracy';
import type { PlateState } from '../../domain/plate-state';
import type { BenchReagentInfo, ProtocolOp } from '../../domain/plate-wire';
import { planPlate, type WellPlanRequest } from '../../domain/volume-planning';
import { indexOfWellId } from '../../domain/well-id';

/** Ids of the plate's filled wells, row-major. */
function wellIdsInOrder(state: PlateState): string[] {
  return Object.keys(state.wells).toSorted(
    (a, b) => indexOfWellId(a, state.defn) - indexOfWellId(b, state.defn),
  );
}

/**
 * Working-stock preparations for the wells that take a diluted stock: the planner sizes one
 * preparation per reagent and dilution for all the wells that use it.
 */
function workingStockOps(state: PlateState, bench: readonly BenchReagentInfo[]): ProtocolOp[] {
  const requests: Record<string, WellPlanRequest> = {};
  for (const [id, well] of Object.entries(state.wells)) {
    const diluted = Object.entries(well.targets).filter(
      ([, t]) => t.dilution != null && t.dilution > 1 && t.target_nM != null && t.volume_uL > 0,
    );
    if (diluted.length === 0) continue;
    requests[id] = {
      finalVolumeUL: well.metrics.volumeUl,
      targets: diluted.map(([slug, t]) => ({ slug, target_nM: t.target_nM!, tol_pct: t.tol_pct })),
      vehicleSlug: null,
    };
  }
  if (Object.keys(requests).length === 0) return [];
  const planBench = bench.map((b) => ({
    slug: b.slug,
    name: b.name,
    stock_nM: b.stock_nM,
    solvent: b.solvent,
    min_transfer_ul: b.min_transfer_ul,
  }));
  return planPlate(requests, planBench).ops;
}

/** Every operation that makes the plate, in the order they are done. */
export function plateProtocolOps(
  state: PlateState,
  bench: readonly BenchReagentInfo[],
): ProtocolOp[] {
  const ops = workingStockOps(state, bench);
  const ids = wellIdsInOrder(state);
  for (const id of ids) {
    const well = state.wells[id];
    for (const [slug, t] of Object.entries(well.targets)) {
      if (!(t.volume_uL > 0)) continue;
      const name = well.metrics.reagentDisplayNames[slug] ?? slug;
      const stock =
        t.dilution != null && t.dilution > 1 ? `${name} working stock 1:${t.dilution}` : name;
      ops.push({
        op: 'add',
        sel: id,
        reagent: slug,
        volume_uL: t.volume_uL,
        label: stock,
        notes: `Add ${formatVolume(t.volume_uL)} of ${stock}`,
      });
    }
  }
  for (const id of ids) {
    const well = state.wells[id];
    if (!well.label && !well.sample && well.tags.length === 0) continue;
    const notes = [well.sample && `sample ${well.sample}`, well.tags.join(' ')].filter(Boolean);
    ops.push({ op: 'annotate', sel: id, label: well.label, notes: notes.join('; ') });
  }
  return ops;
}
