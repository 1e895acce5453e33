import type { Ion } from './chemistry/ionic-strength';

/**
 * A bench reagent as the API answers it (docs/API.md, "Bench reagents"): the server writes
 * it, the client reads it, both through this one type.
 */
export interface BenchReagent {
  id: string;
  slug: string;
  name: string;
  /** server type: chemical, biological, buffer, solvent, media, other */
  reagent_type: string;
  /** display type: compound, biological, buffer, solvent, media, other */
  type: string;
  color: string;
  stock_uM: number | null;
  stock_molarity_M: number | null;
  /** a mass stock of a reagent without a molecular weight, ng/mL (never made molar) */
  stock_ng_per_mL?: number | null;
  concentration_units: string | null;
  default_concentration_value: number | null;
  analyte_id: string | null;
  max_concentration_percent: number | null;
  min_transfer_ul: number | null;
  molecular_weight_g_per_mol: number | null;
  solvent: string | null;
  cells_per_ml: number | null;
  ph: number | null;
  ionic_strength_mM: number | null;
  description: string | null;
  created_at: string;
  /** ions one formula unit releases (salts): ionic strength; absent or null when none */
  ions?: readonly Ion[] | null;
  /** buffers: pKa at 25 C and its change per degree C */
  pka?: number | null;
  dpka_dt?: number | null;
  /** buffers: charge of the acid form (HEPES 0, Tris +1, phosphate -1), for ionic strength */
  acid_charge?: number | null;
  /** solubility in water, M (the stock limit of salts and buffers) */
  solubility_m?: number | null;
  /** a salt whose ions are not named: its ionic strength is unknown */
  salt?: boolean;
}
