/**
 * Plate operations: the one vocabulary in which every change to a plate is said (DOMAIN.md
 * "Plate ops"). The designer, `PATCH /api/experiments/{id}/plate`, version restore, the
 * assistant, import and the screening tools all produce these; one module applies them.
 *
 * A well list (`WellList`) names wells by id ("A1", "AF48") or by a rectangle of two corners
 * ("A1:H12"), so that a whole column or a block stays short on the wire.
 *
 * High-level ops (series, controls, template, randomise, reformat, import) are expanded by
 * pure functions of src/domain/layout into the primitive ops below before they are applied,
 * so there is one implementation of each rule.
 */
import type { WireWell } from '../plate-wire';

/** Well ids or "A1:H12" rectangles, in any order; duplicates name the same well once. */
export type WellList = string[];

/** A concentration as the user typed it: a value with its unit ("uM", "ng/mL", "%"...). */
export interface Amount {
  value: number;
  unit: string;
}

/**
 * Put `reagent` into `wells` with a target (an Amount, or null for a plain liquid / vehicle)
 * and/or an explicit stock volume. With a target and no volume, the dispensing engine plans
 * the volume (and source concentration) from the experiment's dispensing settings.
 */
export interface SetOp {
  op: 'set';
  wells: WellList;
  reagent: string;
  target?: Amount | null;
  /** target already in canonical nM (what the designer sends); wins over `target` */
  target_nM?: number | null;
  volume_uL?: number;
  tol_pct?: number;
  /** working-stock dilution of the stock (10 = 1:10); default 1 */
  dilution?: number;
  /**
   * A vehicle control without a target or volume: the % v/v of the well its solvent takes
   * (layout/vehicle-control.ts); absent, the load of the plate's compound wells
   */
  vehicle_pct?: number;
}

/** Remove `reagent` from `wells`, or everything (targets, label, sample, tags) when absent. */
export interface ClearOp {
  op: 'clear';
  wells: WellList;
  reagent?: string;
}

export interface TagOp {
  op: 'tag';
  wells: WellList;
  add?: string[];
  remove?: string[];
}

export interface LabelOp {
  op: 'label';
  wells: WellList;
  label: string;
}

export interface SampleOp {
  op: 'sample';
  wells: WellList;
  sample: string;
}

/** Raw wells as the user decided them; null (or an empty well) empties the well. */
export interface PutOp {
  op: 'put';
  wells: Record<string, WireWell | null>;
}

export type PrimitiveOp = SetOp | ClearOp | TagOp | LabelOp | SampleOp | PutOp;

/** The op names `PATCH /plate` knows; high-level ones are expanded by src/domain/layout. */
export const PRIMITIVE_OP_NAMES = ['set', 'clear', 'tag', 'label', 'sample', 'put'] as const;
export const HIGH_LEVEL_OP_NAMES = [
  'series',
  'controls',
  'template',
  'randomise',
  'reformat',
  'import',
] as const;
