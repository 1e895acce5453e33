// The compact form the catalog's seed files are written in.
import type { Ion } from '../../../domain/chemistry/ionic-strength';
import type { ConcentrationUnit } from '../../../domain/units';

/** What a seed entry states; everything else is null. */
export interface SeedEntry {
  slug: string;
  name: string;
  aliases?: string[];
  stock?: readonly [number, ConcentrationUnit];
  solvent?: string;
  formula?: string;
  mw?: number;
  ph?: number;
  ionicStrengthMM?: number;
  maxPercent?: number;
  cellsPerMl?: number;
  /** ions one formula unit releases (salts): the ionic strength it brings */
  ions?: Ion[];
  /** buffers: pKa at 25 C and its change per degree C */
  pKa?: number;
  dpKaPerC?: number;
  /** buffers: charge of the acid form (HEPES 0, Tris +1, phosphate -1), for ionic strength */
  acidCharge?: number;
  /** solubility in water, M: how far a salt's or buffer's stock may go */
  solubilityM?: number;
  description: string;
}
