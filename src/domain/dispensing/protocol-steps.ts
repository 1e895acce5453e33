/**
 * The protocol of a plate read from its dispense plan (spec section 3, "Protocol op"): the
 * intermediates to prepare off the plate first, then every addition to a well in row-major
 * order, as the plan dispenses it (rounded volumes, the source each transfer is taken from,
 * the bulk steps). The Excel protocol sheet, the picklist and GET /dispense-plan so carry
 * the same working stocks and the same volumes.
 */
import { formatConcentration } from '../accuracy';
import { pipettedText, volumeText } from './source-choice';
import type { PlateDefn } from '../plate-format';
import type { ProtocolOp } from '../plate-wire';
import type { DispensePlan, Intermediate } from './plan-types';
import { inWellOrder } from '../plate/well-order';

/** A reagent's display name and stock, as the bench holds them. */
export interface ProtocolReagent {
  slug: string;
  name: string;
  stock_nM: number | null;
}

/** "Cpd working stock 1:100": the label of an intermediate and of the additions from it. */
export function workingStockLabel(name: string, factor: number): string {
  // a source made for a target has an odd factor: 6 significant figures say it exactly enough
  return factor > 1 ? `${name} working stock 1:${Number(factor.toPrecision(6))}` : name;
}

/** The dilution of a source against the stock (1 for the stock or a liquid without one). */
function factorOf(stockNM: number | null | undefined, sourceNM: number | null): number {
  if (stockNM == null || !(stockNM > 0) || sourceNM == null || !(sourceNM > 0)) return 1;
  // Factors are whole (10, 100, ...) or made for a target: keep 6 significant figures.
  return Number((stockNM / sourceNM).toPrecision(6));
}

function preparationOp(i: Intermediate, name: string, stockNM: number | null): ProtocolOp {
  const fromFactor = factorOf(stockNM, i.from_concentration);
  const from = fromFactor > 1 ? workingStockLabel(name, fromFactor) : `${name} stock`;
  return {
    op: 'add',
    sel: 'OFF',
    reagent: i.reagent,
    volume_uL: i.from_uL,
    label: workingStockLabel(name, i.factor),
    notes:
      `Add ${pipettedText(i.from_uL)} of ${from} to ${pipettedText(i.diluent_uL)} ${i.diluent} ` +
      `(${formatConcentration(i.concentration)}); ${pipettedText(i.total_uL)} made`,
  };
}

/**
 * The preparations of the plan's intermediates (sel "OFF"), least diluted first; `only`
 * keeps those of some reagents (what one change of the plate needs).
 */
export function preparationOps(
  plan: Pick<DispensePlan, 'intermediates'>,
  reagents: readonly ProtocolReagent[],
  only?: ReadonlySet<string>,
): ProtocolOp[] {
  const bySlug = new Map(reagents.map((r) => [r.slug, r]));
  return plan.intermediates
    .filter((i) => !only || only.has(i.reagent))
    .map((i) =>
      preparationOp(
        i,
        bySlug.get(i.reagent)?.name ?? i.reagent,
        bySlug.get(i.reagent)?.stock_nM ?? null,
      ),
    );
}

/**
 * The plan's operations: preparations (least diluted first, as the plan orders them), then
 * the additions of each well in row-major order: its transfers, then its bulk liquids.
 */
export function planProtocolOps(
  defn: PlateDefn,
  plan: DispensePlan,
  reagents: readonly ProtocolReagent[],
): ProtocolOp[] {
  const bySlug = new Map(reagents.map((r) => [r.slug, r]));
  const nameOf = (slug: string) => bySlug.get(slug)?.name ?? slug;
  const ops = preparationOps(plan, reagents);
  const perWell = new Map<string, { reagent: string; volumeUL: number; label: string }[]>();
  const add = (well: string, reagent: string, volumeUL: number, label: string) => {
    const list = perWell.get(well) ?? [];
    list.push({ reagent, volumeUL, label });
    perWell.set(well, list);
  };
  for (const t of plan.transfers) {
    const factor = factorOf(bySlug.get(t.reagent)?.stock_nM, t.stock_nM);
    add(
      t.destination_well,
      t.reagent,
      t.volume_nL / 1000,
      workingStockLabel(nameOf(t.reagent), factor),
    );
  }
  for (const b of plan.bulk) {
    for (const well of b.wells) add(well, b.reagent, b.volume_uL, nameOf(b.reagent));
  }
  const order = inWellOrder(defn, [...perWell.keys()]);
  for (const well of order) {
    for (const a of perWell.get(well)!) {
      ops.push({
        op: 'add',
        sel: well,
        reagent: a.reagent,
        volume_uL: Number(a.volumeUL.toFixed(6)),
        label: a.label,
        notes: `Add ${volumeText(a.volumeUL)} of ${a.label}`,
      });
    }
  }
  return ops;
}
