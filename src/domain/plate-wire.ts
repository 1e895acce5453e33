/**
 * The plate as the client sends it (DOMAIN.md "On the wire") and the bench reagent facts the
 * arithmetic needs. Plain types, shared by the plate state, the metrics kernel, planning and
 * the schemas.
 */
import type { Ion } from './chemistry/ionic-strength';
import type { AnyReagentType } from './reagent-types';

/** One reagent of a well as the user decided it. */
export interface WireTarget {
  /** Final concentration wanted in the well; null for a vehicle or plain liquid. */
  target_nM: number | null;
  /** Tolerance in percent; default 5. */
  tol_pct?: number;
  /** Volume of the reagent's stock (or working stock) added, in uL. */
  volume_uL: number;
  /**
   * Dilution of the stock when a working stock is used (10 means 1:10); default 1. The
   * prediction uses stock / dilution.
   */
  dilution?: number;
}

/** A well as the user decided it. */
export interface WireWell {
  targets: Record<string, WireTarget>;
  label?: string;
  sample?: string;
  tags?: string[];
}

/** Wells keyed by well id; absent wells are empty. */
export type WireWells = Record<string, WireWell>;

/** What the plate arithmetic needs to know of one bench reagent. */
export interface BenchReagentInfo {
  slug: string;
  name: string;
  /** Display or server spelling (compound / chemical). */
  type: AnyReagentType;
  /** Molar stock in nM; null when unknown or a % stock. */
  stock_nM: number | null;
  /** % (v/v) stock; null for molar stocks. */
  stock_pct: number | null;
  /** a mass stock (ng/mL) of a reagent without a molecular weight: never made molar */
  stock_ng_per_mL?: number | null;
  /** a salt whose ions are not named: its ionic strength contribution is unknown */
  salt?: boolean;
  solvent: string | null;
  max_concentration_percent: number | null;
  min_transfer_ul: number | null;
  /** Declared ionic strength in mM; null when none. */
  ionic_strength_mM: number | null;
  /** g/mol; converts mass units to molar (absent: stays in mass units) */
  molecular_weight_g_per_mol?: number | null;
  /** ions one formula unit releases (salts, buffers' counter-ions): ionic strength */
  ions?: readonly Ion[] | null;
  /** buffers: pKa at 25 C, its change per degree C, the pH the stock was made at */
  pKa?: number | null;
  dpKa_dT?: number | null;
  ph?: number | null;
  /** buffers: charge of the acid form (HEPES 0, Tris +1, phosphate -1) */
  acid_charge?: number | null;
  /** solubility in water, M: the stock limit of salts and buffers */
  solubility_M?: number | null;
}

/** A protocol operation (spec section 3): "add" a volume of a reagent, or "annotate". */
export interface ProtocolOp {
  op: 'add' | 'annotate';
  /** a well id, or "OFF" for work done off the plate (e.g. a working-stock preparation) */
  sel: string;
  label?: string;
  notes?: string;
  reagent?: string;
  volume_uL?: number;
}
