/**
 * What a reconciliation reads and answers: the planned run of one destination plate (a
 * plate's dispense plan is one; a campaign's plan gives one per plate), the files the
 * instrument wrote, and per transfer, well and source well what was really done.
 */
import type { SourceFill, Transfer, WellSolvent } from '../dispensing/plan-types';
import type { TransferLog } from './echo-log';
import type { SurveyWell } from './survey';

/** The solvent a liquid brings into a well: its key (as in solvent_pct) and its % v/v. */
export interface LiquidSolvent {
  key: string;
  pct: number;
}

/**
 * The transfers planned onto one destination plate and the source wells they take from.
 * A DispensePlan is one as it stands; `solvents` and `tolerance_pct` add what the plate's
 * bench and targets know.
 */
export interface PlannedRun {
  transfers: readonly Transfer[];
  sources: readonly SourceFill[];
  /** each destination well's planned volume and solvent load */
  wells: readonly WellSolvent[];
  /** the solvent each liquid (a transfer's reagent) brings; none when absent */
  solvents?: Readonly<Record<string, LiquidSolvent | null>>;
  /** a target's tolerance, %, keyed "well|reagent"; 5 % when absent */
  tolerance_pct?: Readonly<Record<string, number>>;
}

/** An imported file: a transfer log or a survey, in the order they were imported. */
export type RunFile =
  | { name: string; kind: 'transfer log'; log: TransferLog }
  | { name: string; kind: 'survey'; survey: readonly SurveyWell[] };

export type TransferState = 'done' | 'short' | 'failed' | 'not logged';

export interface TransferOutcome {
  transfer: Transfer;
  /** dispensed, nL, summed over the log rows matched to it; null when no row was */
  actual_nL: number | null;
  state: TransferState;
  /** the instrument's Transfer Status of its last failure; empty when none */
  reason: string;
}

/** A log row that matches no planned transfer, and why. */
export interface UnmatchedRow {
  file: string;
  line: number;
  source: string;
  source_well: string;
  destination: string;
  destination_well: string;
  transfer_nL: number;
  actual_nL: number;
  why: string;
}

export type WellStatus = 'as planned' | 'off' | 'missed' | 'not logged';

export interface WellReagent {
  reagent: string;
  planned_nM: number;
  actual_nM: number;
  /** (actual - planned) / planned, % */
  error_pct: number;
  tolerance_pct: number;
}

export interface WellOutcome {
  well: string;
  status: WellStatus;
  /** for "off": the largest departure from the plan, % (signed); null otherwise */
  off_pct: number | null;
  volume_uL: number;
  actual_volume_uL: number;
  reagents: WellReagent[];
  solvent_pct: Record<string, number>;
  actual_solvent_pct: Record<string, number>;
  /** its transfers that failed */
  failed: number;
}

export interface SourceInventory {
  plate: string;
  barcode: string;
  well: string;
  reagent: string;
  concentration: number | null;
  fill_uL: number;
  dead_uL: number;
  /** dispensed from it as the logs say, uL */
  delivered_uL: number;
  /** what the plan expects it to hold now: its fill less what was dispensed, uL */
  expected_uL: number;
  /** what the instrument last measured: the last Current Fluid Volume or a survey, uL */
  measured_uL: number | null;
  measured_by: 'transfer log' | 'survey' | null;
  dmso_pct: number | null;
  /** measured and expected differ by more than the dead volume */
  flagged: boolean;
}

export interface Reconciliation {
  transfers: TransferOutcome[];
  unmatched: UnmatchedRow[];
  wells: WellOutcome[];
  sources: SourceInventory[];
}
