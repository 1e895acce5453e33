/**
 * The re-pick: a picklist of exactly the transfers the instrument failed or did short, each
 * for what it still owes; from the same source well when what it holds (measured, else what
 * the plan expects) less its dead volume allows, else from another well of the plan holding
 * the same liquid at the same concentration, else listed as not possible with the reason.
 */
import type { DispensePlan, SourceFill, Transfer, UnmetWell } from '../dispensing/plan-types';
import { volumeText } from '../dispensing/source-choice';
import { plateKey } from './measured-sources';
import type { PlannedRun, Reconciliation, SourceInventory } from './reconcile-types';

export interface Repick {
  transfers: Transfer[];
  /** transfers owed that no source well can give, with the reason */
  impossible: { transfer: Transfer; reason: string }[];
}

const key = (plate: string, barcode: string, well: string) => `${plateKey(barcode, plate)}|${well}`;

/** What a source well can still give, uL: its volume (measured, else expected) less dead. */
function usable(s: SourceInventory | undefined, fill: SourceFill): number {
  const holds = s ? (s.measured_uL ?? s.expected_uL) : fill.fill_uL;
  return holds - fill.dead_uL;
}

/** The re-pick of a reconciled run. */
export function repickOf(run: PlannedRun, rec: Reconciliation): Repick {
  const inventory = new Map(rec.sources.map((s) => [key(s.plate, s.barcode, s.well), s]));
  const fills = run.sources;
  const fillByKey = new Map(fills.map((f) => [key(f.plate, f.barcode, f.well), f]));
  const taken = new Map<string, number>();
  const left = (f: SourceFill) => {
    const k = key(f.plate, f.barcode, f.well);
    return usable(inventory.get(k), f) - (taken.get(k) ?? 0);
  };
  const out: Repick = { transfers: [], impossible: [] };
  for (const o of rec.transfers) {
    if (o.state !== 'failed' && o.state !== 'short') continue;
    const owed = Number((o.transfer.volume_nL - (o.actual_nL ?? 0)).toFixed(3));
    const t: Transfer = { ...o.transfer, volume_nL: owed };
    const uL = owed / 1000;
    const own = fillByKey.get(key(t.source_plate, t.source_barcode, t.source_well));
    if (!own) {
      out.impossible.push({
        transfer: t,
        reason: `the source well ${t.source_well} is not in the plan`,
      });
      continue;
    }
    const fits = (f: SourceFill) => left(f) >= uL - 1e-9;
    const from = fits(own)
      ? own
      : fills.find(
          (f) =>
            f !== own &&
            f.reagent === own.reagent &&
            f.concentration === own.concentration &&
            fits(f),
        );
    if (!from) {
      const holds = Math.max(0, left(own));
      out.impossible.push({
        transfer: t,
        reason:
          `${t.source_well} can give ${volumeText(holds)} above its ${volumeText(own.dead_uL)} dead volume, ` +
          `${volumeText(uL)} is owed, and no other source well holds ${own.reagent} at the same concentration with enough: refill it and re-run.`,
      });
      continue;
    }
    const k = key(from.plate, from.barcode, from.well);
    taken.set(k, (taken.get(k) ?? 0) + uL);
    out.transfers.push({
      ...t,
      source_plate: from.plate,
      source_barcode: from.barcode,
      source_plate_type: from.type,
      source_well: from.well,
    });
  }
  return out;
}

/**
 * The re-pick as a dispense plan (its transfers, its impossible rows as unmet): the picklist
 * export writes it in the plan's own columns.
 */
export function repickPlan(plan: DispensePlan, repick: Repick): DispensePlan {
  const unmet: UnmetWell[] = repick.impossible.map((x) => ({
    well: x.transfer.destination_well,
    reagent: x.transfer.reagent,
    reason: x.reason,
    proposal: null,
  }));
  return { ...plan, transfers: repick.transfers, unmet, warnings: [] };
}
