// Bench reagents between their three forms: the stored row, the API's BenchReagent JSON and
// the facts the plate arithmetic needs (BenchReagentInfo). Stocks are kept canonically: molar
// stocks in nM, % (v/v) stocks apart, never converted to molar.
import type { BenchReagent } from '../../domain/bench-reagent';
import type { BenchReagentInfo } from '../../domain/plate-wire';
import { reagentTypeColor, toDisplayType, toServerType } from '../../domain/reagent-types';
import type { ReagentCreate } from '../../domain/schemas/reagent';
import { ionicStrengthToMillimolar, parseConcentrationUnit } from '../../domain/units';
import {
  canonicalStockOf,
  isMassStockUnit,
  parseAnyConcentrationUnit,
} from '../../domain/chemistry/concentration-units';
import { CATALOG_SEED } from '../catalog/catalog-seed';
import type { benchReagents } from '../db/schema';

export type BenchRow = typeof benchReagents.$inferSelect;
export type BenchInsert = typeof benchReagents.$inferInsert;

/** A bench reagent as the API answers it: the one type the client reads too. */
export type BenchReagentJson = BenchReagent;

/** What the data column holds beside the create payload: the canonical stock. */
interface BenchData extends Partial<ReagentCreate> {
  stock_nM?: number | null;
  stock_pct?: number | null;
  /** a mass stock of a reagent without a molecular weight, ng/mL (never made molar) */
  stock_ng_per_mL?: number | null;
  ionic_strength_mM?: number | null;
  analyte_id?: string | null;
  min_transfer_ul?: number | null;
}

/** A slug from a name: lower case ASCII words joined by "-" ("Staurosporine 1" -> "staurosporine-1"). */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'reagent';
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Row values of a validated create payload for one experiment. */
export function benchInsertOf(experimentId: number, payload: ReagentCreate): BenchInsert {
  const unit = payload.default_concentration_units;
  const { stock_nM, stock_pct, stock_ng_per_mL } = canonicalStockOf(
    payload.default_concentration_value,
    unit,
    payload.molecular_weight_g_per_mol,
  );
  const data: BenchData = {
    ...payload,
    stock_nM,
    stock_pct,
    stock_ng_per_mL,
    ionic_strength_mM: ionicStrengthToMillimolar(
      payload.ionic_strength_value,
      payload.ionic_strength_units,
    ),
  };
  return {
    experimentId,
    slug: payload.slug ?? slugFromName(payload.name),
    name: payload.name,
    reagentType: payload.reagent_type,
    data: data as Record<string, unknown>,
    stockUm: stock_nM == null ? null : stock_nM / 1e3,
    stockMolarityM: stock_nM == null ? null : stock_nM / 1e9,
    concentrationUnits: unit,
    maxConcentrationPercent: payload.max_concentration_percent,
    minTransferUl: null,
  };
}

/** The API's BenchReagent of a stored row. */
export function benchJsonOf(row: BenchRow): BenchReagentJson {
  const d = row.data as BenchData;
  return {
    id: row.slug,
    slug: row.slug,
    name: row.name,
    reagent_type: row.reagentType,
    type: toDisplayType(row.reagentType),
    color: reagentTypeColor(row.reagentType),
    stock_uM: row.stockUm,
    stock_molarity_M: row.stockMolarityM,
    stock_ng_per_mL: num(d.stock_ng_per_mL),
    ...(d.salt === true && { salt: true }),
    concentration_units: row.concentrationUnits,
    default_concentration_value: num(d.default_concentration_value),
    analyte_id: str(d.analyte_id),
    max_concentration_percent: row.maxConcentrationPercent,
    min_transfer_ul: row.minTransferUl,
    molecular_weight_g_per_mol: num(d.molecular_weight_g_per_mol),
    solvent: str(d.solvent),
    cells_per_ml: num(d.cells_per_ml),
    ph: num(d.ph),
    ionic_strength_mM: num(d.ionic_strength_mM),
    description: str(d.description),
    created_at: row.createdAt.toISOString(),
    ...chemistryJson(row.slug, d),
  };
}

/** The columns the plate arithmetic reads (a stored row or the values of one). */
export type BenchFactsRow = Pick<BenchRow, 'slug' | 'name' | 'reagentType'> &
  Partial<Pick<BenchRow, 'data' | 'stockUm' | 'maxConcentrationPercent' | 'minTransferUl'>>;

/** What the plate arithmetic needs of a stored row (canonical stock from the data column). */
export function benchInfoOf(row: BenchFactsRow): BenchReagentInfo {
  const d = (row.data ?? {}) as BenchData;
  return {
    slug: row.slug,
    name: row.name,
    type: toServerType(row.reagentType),
    stock_nM: num(d.stock_nM) ?? (row.stockUm == null ? null : row.stockUm * 1e3),
    stock_pct: num(d.stock_pct),
    ...(num(d.stock_ng_per_mL) !== null && { stock_ng_per_mL: num(d.stock_ng_per_mL) }),
    ...(d.salt === true && { salt: true }),
    solvent: str(d.solvent),
    max_concentration_percent: row.maxConcentrationPercent ?? null,
    min_transfer_ul: row.minTransferUl ?? null,
    ionic_strength_mM: num(d.ionic_strength_mM),
    ...chemistryFacts(row.slug, d),
  };
}

/**
 * The chemistry facts of a bench reagent: those stored with it, else those of the catalog
 * entry of the same slug (reagents added before the catalog carried ions and pKa).
 */
function chemistryFacts(
  slug: string,
  d: BenchData,
): Pick<
  BenchReagentInfo,
  'molecular_weight_g_per_mol' | 'ions' | 'pKa' | 'dpKa_dT' | 'acid_charge' | 'ph' | 'solubility_M'
> {
  const c = CATALOG_BY_SLUG.get(slug);
  const ions = Array.isArray(d.ions) && d.ions.length > 0 ? d.ions : (c?.ions ?? null);
  return {
    molecular_weight_g_per_mol: num(d.molecular_weight_g_per_mol),
    ions,
    pKa: num(d.pka) ?? c?.pka ?? null,
    dpKa_dT: num(d.dpka_dt) ?? c?.dpka_dt ?? null,
    acid_charge: num(d.acid_charge) ?? c?.acid_charge ?? null,
    ph: num(d.ph),
    solubility_M: num(d.solubility_m) ?? c?.solubility_m ?? null,
  };
}

function chemistryJson(
  slug: string,
  d: BenchData,
): Pick<BenchReagentJson, 'ions' | 'pka' | 'dpka_dt' | 'acid_charge' | 'solubility_m'> {
  const f = chemistryFacts(slug, d);
  return {
    ions: f.ions ?? null,
    pka: f.pKa ?? null,
    dpka_dt: f.dpKa_dT ?? null,
    acid_charge: f.acid_charge ?? null,
    solubility_m: f.solubility_M ?? null,
  };
}

const CATALOG_BY_SLUG = new Map(CATALOG_SEED.map((c) => [c.slug, c]));

/**
 * A create payload with the chemistry facts of the catalog entry of its slug where it gives
 * none: 5 M NaCl posted by slug is judged as the salt it is (its ions and 5.42 M
 * solubility), not by the compound's 1.0 M rule.
 */
export function withCatalogFacts<T extends object>(body: T): T {
  const b = body as Record<string, unknown>;
  const c = typeof b.slug === 'string' ? CATALOG_BY_SLUG.get(b.slug) : undefined;
  if (!c) return body;
  const facts: Record<string, unknown> = {
    ions: c.ions,
    pka: c.pka,
    dpka_dt: c.dpka_dt,
    acid_charge: c.acid_charge,
    solubility_m: c.solubility_m,
  };
  const out: Record<string, unknown> = { ...b };
  for (const [k, v] of Object.entries(facts)) if (out[k] == null && v != null) out[k] = v;
  return out as T;
}

/**
 * Row values of a BenchReagent JSON kept in a snapshot's inventory (restoring a snapshot).
 * The inventory came from a client: every field is read defensively.
 */
export function benchInsertOfJson(
  experimentId: number,
  item: Record<string, unknown>,
): BenchInsert {
  const name = str(item.name) ?? str(item.slug) ?? 'Reagent';
  const slug = str(item.slug) ?? str(item.id) ?? slugFromName(name);
  const reagentType = toServerType(str(item.reagent_type) ?? str(item.type));
  const unitText = str(item.concentration_units);
  const anyUnit = unitText ? parseAnyConcentrationUnit(unitText) : undefined;
  const unit = unitText
    ? (parseConcentrationUnit(unitText) ?? (isMassStockUnit(anyUnit) ? anyUnit : null))
    : null;
  const value = num(item.default_concentration_value);
  const stockUm = num(item.stock_uM);
  const stock =
    unit === '%'
      ? { stock_nM: null, stock_pct: value, stock_ng_per_mL: null }
      : {
          stock_nM: stockUm == null ? null : stockUm * 1e3,
          stock_pct: null,
          stock_ng_per_mL: num(item.stock_ng_per_mL),
        };
  const data: BenchData = {
    name,
    reagent_type: reagentType,
    default_concentration_value: value,
    default_concentration_units: unit,
    molecular_weight_g_per_mol: num(item.molecular_weight_g_per_mol),
    solvent: str(item.solvent),
    cells_per_ml: num(item.cells_per_ml),
    ph: num(item.ph),
    description: str(item.description),
    analyte_id: str(item.analyte_id),
    ionic_strength_mM: num(item.ionic_strength_mM),
    salt: item.salt === true,
    ...stock,
  };
  return {
    experimentId,
    slug,
    name,
    reagentType,
    data: data as Record<string, unknown>,
    stockUm: stock.stock_nM == null ? null : stock.stock_nM / 1e3,
    stockMolarityM: stock.stock_nM == null ? null : stock.stock_nM / 1e9,
    concentrationUnits: unit,
    maxConcentrationPercent: num(item.max_concentration_percent),
    minTransferUl: num(item.min_transfer_ul),
  };
}

/**
 * A short key of what the plate arithmetic reads from the bench: two benches with the same
 * key give the same plate state, so a cached state stays valid while the key is unchanged.
 */
export function benchKeyOf(infos: readonly BenchReagentInfo[]): string {
  return JSON.stringify(infos);
}
