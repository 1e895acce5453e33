// The compact form the catalog's seed files are written in.
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
  description: string;
}
