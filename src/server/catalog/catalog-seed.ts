// The public reagent catalog a fresh database starts with: reagents screening and assay labs
// keep on the shelf, each with the stock labs usually make. Molecular weights are those of
// the form sold (salt, hydrate), so that mg -> mol conversions on the bench come out right.
// Compounds' molar stocks stay at or below 1.0 M (the product's limit); salts and buffers go
// to their solubility (5 M NaCl, 3 M sodium acetate). Salts name their ions and buffers their
// pKa, for the ionic strength and pH of a well. The entries live in seed/, one file per
// group of reagents.
import type { Ion } from '../../domain/chemistry/ionic-strength';
import type { ServerReagentType } from '../../domain/reagent-types';
import type { ConcentrationUnit } from '../../domain/units';
import { ADDITIVES } from './seed/additives';
import { BIOLOGICALS } from './seed/biologicals';
import { BUFFERS } from './seed/buffers';
import { MEDIA } from './seed/media';
import { OTHERS } from './seed/others';
import { REFERENCE_COMPOUNDS } from './seed/reference-compounds';
import type { SeedEntry } from './seed/seed-entry';
import { SOLVENTS } from './seed/solvents';

/** Server reagent types (the client shows `chemical` as "compound"). */
export type CatalogReagentType = ServerReagentType;

/** One catalog reagent as seeded into the public reagent definitions. */
export interface CatalogReagent {
  /** Unique kebab-case key, e.g. 'mgcl2-hexahydrate'. */
  slug: string;
  /** As labs write it (may use subscripts; `aliases` then carries an ASCII spelling). */
  name: string;
  /** Other names, abbreviations and trade names people search for. */
  aliases: string[];
  reagent_type: CatalogReagentType;
  /** The stock labs usually keep; molar stocks never above 1.0 M, `%` as plain percent. */
  default_concentration_value: number | null;
  default_concentration_units: ConcentrationUnit | null;
  /** What the stock is dissolved in; for biologicals, the diluent or growth medium. */
  solvent: string | null;
  /** Of the form sold (salt, hydrate); average weight for polymers, detergents, proteins. */
  molecular_weight_g_per_mol: number | null;
  /** Molecular formula of that form ('·' joins salts and hydrates); null for mixtures. */
  formula: string | null;
  ph: number | null;
  /** Ionic strength of the stock itself, where it is well defined. */
  ionic_strength_mM?: number | null;
  /** Highest v/v load in a well (solvents). */
  max_concentration_percent: number | null;
  cells_per_ml?: number | null;
  /** Ions one formula unit releases (salts, buffer salts): the ionic strength it brings. */
  ions?: Ion[] | null;
  /** Buffers: pKa at 25 C and its change per degree C (pH of a buffered well). */
  pka?: number | null;
  dpka_dt?: number | null;
  /** Buffers: charge of the acid form (HEPES 0, Tris +1, phosphate -1), for ionic strength. */
  acid_charge?: number | null;
  /** Solubility in water, M: the stock limit of salts and buffers. */
  solubility_m?: number | null;
  /** One line: what it is used for. */
  description: string;
}

function build(reagentType: CatalogReagentType, entries: SeedEntry[]): CatalogReagent[] {
  return entries.map((e) => ({
    slug: e.slug,
    name: e.name,
    aliases: e.aliases ?? [],
    reagent_type: reagentType,
    default_concentration_value: e.stock?.[0] ?? null,
    default_concentration_units: e.stock?.[1] ?? null,
    solvent: e.solvent ?? null,
    molecular_weight_g_per_mol: e.mw ?? null,
    formula: e.formula ?? null,
    ph: e.ph ?? null,
    ionic_strength_mM: e.ionicStrengthMM ?? null,
    max_concentration_percent: e.maxPercent ?? null,
    cells_per_ml: e.cellsPerMl ?? null,
    ions: e.ions ?? null,
    pka: e.pKa ?? null,
    dpka_dt: e.dpKaPerC ?? null,
    acid_charge: e.acidCharge ?? null,
    solubility_m: e.solubilityM ?? null,
    description: e.description,
  }));
}

/** The public reagent catalog seeded into a fresh database, one entry per slug. */
export const CATALOG_SEED: readonly CatalogReagent[] = [
  ...build('buffer', BUFFERS),
  ...build('chemical', ADDITIVES),
  ...build('chemical', REFERENCE_COMPOUNDS),
  ...build('solvent', SOLVENTS),
  ...build('media', MEDIA),
  ...build('biological', BIOLOGICALS),
  ...build('other', OTHERS),
];
