/**
 * What a dispense plan holds (GET /api/experiments/{id}/dispense-plan): the transfers, the
 * source wells and their fills, the bulk steps, the intermediates to prepare, the unmet
 * targets with their reasons, and warnings. Every export reads these, so a picklist, a
 * fill sheet and a protocol sheet always carry the same numbers.
 */
import type { DispenseSettings } from './settings';

/** One transfer of the instrument. */
export interface Transfer {
  source_plate: string;
  source_barcode: string;
  source_plate_type: string;
  source_well: string;
  destination_plate: string;
  destination_barcode: string;
  destination_plate_type: string;
  destination_well: string;
  /** a whole multiple of the instrument's step */
  volume_nL: number;
  /** bench slug (or the backfill solvent) */
  reagent: string;
  /** the source's molar concentration, nM; null for a liquid without one */
  stock_nM: number | null;
  /** true for a transfer to a well the plan cannot meet, kept by `dispense_unmet` */
  unmet?: boolean;
}

/** One source well and what to fill it with. */
export interface SourceFill {
  plate: string;
  barcode: string;
  type: string;
  well: string;
  reagent: string;
  /** molar concentration, nM; null for a liquid without one */
  concentration: number | null;
  /** what the source is diluted in: the stock's solvent, the assay diluent; null for a stock */
  diluent: string | null;
  /** the volume to put in the well: its transfers plus the dead volume (at least the minimum) */
  fill_uL: number;
  dead_uL: number;
  /** the sum of the transfers taken from it */
  transfers_uL: number;
}

/** A bulk-dispense step: one liquid, one volume, to a list of wells. */
export interface BulkStep {
  reagent: string;
  wells: string[];
  volume_uL: number;
}

/** A source to prepare before the run: a dilution of the stock or of another intermediate. */
export interface Intermediate {
  reagent: string;
  /** the concentration prepared, nM */
  concentration: number;
  /** total dilution of the stock (100 means 1:100) */
  factor: number;
  /** the concentration it is made from (the stock or a less diluted intermediate), nM */
  from_concentration: number;
  from_uL: number;
  diluent: string;
  diluent_uL: number;
  total_uL: number;
}

/** What the plan says of one dispensed point: its error along the chain and its band. */
export interface PointAccuracy {
  well: string;
  reagent: string;
  /** the source's dilution of the stock (1: the stock itself) */
  factor: number;
  /** pipetted volumes and transfers from the stock to the well */
  steps: number;
  /** expected error of the point's concentration, %: the chain's and the transfer's */
  error_pct: number;
  band: 'poor' | 'moderate' | 'good';
  /** good while the expected error is within the target's tolerance, else warning */
  status: 'good' | 'warning';
}

/** A target or constraint of a well that the plan cannot meet. */
export interface UnmetWell {
  well: string;
  reagent: string;
  reason: string;
  /** what would meet it; null when nothing would */
  proposal: string | null;
}

/** A well's solvent as planned: backfill added and the load of each solvent. */
export interface WellSolvent {
  well: string;
  volume_uL: number;
  backfill_uL: number;
  /** solvent key -> % v/v */
  solvent_pct: Record<string, number>;
}

export interface DispensePlan {
  settings: DispenseSettings;
  transfers: Transfer[];
  sources: SourceFill[];
  bulk: BulkStep[];
  intermediates: Intermediate[];
  unmet: UnmetWell[];
  warnings: string[];
  wells: WellSolvent[];
  /** each dispensed point's expected error along its chain of dilutions */
  points: PointAccuracy[];
}
