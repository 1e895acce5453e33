// The catalog the picker searches: the seed in memory plus the public reagent definitions of
// the database, indexed once and rebuilt when definitions change here or another instance
// announces a change (catalog-changes.ts), and at the latest after REFRESH_MS should an
// announcement have been lost.
import type { ServerReagentType } from '../../domain/reagent-types';
import type { ConcentrationUnit } from '../../domain/units';
import type { DefinitionData, DefinitionRow } from '../repositories/definitions';
import {
  buildCatalogIndex,
  searchCatalog,
  type CatalogIndex,
  type CatalogItem,
  type CatalogQuery,
} from './catalog-search';
import { CATALOG_SEED, type CatalogReagent } from './catalog-seed';

const REFRESH_MS = 5 * 60_000;
/** Answers kept per index: the picker's queries repeat (a few letters typed by many users). */
const MEMO_QUERIES = 1000;

/** A seed entry as the catalog answers it. */
export function catalogItemOfSeed(e: CatalogReagent): CatalogItem {
  return {
    slug: e.slug,
    name: e.name,
    reagent_type: e.reagent_type,
    default_concentration_value: e.default_concentration_value,
    default_concentration_units: e.default_concentration_units,
    solvent: e.solvent,
    molecular_weight_g_per_mol: e.molecular_weight_g_per_mol,
    ph: e.ph,
    max_concentration_percent: e.max_concentration_percent,
    cells_per_ml: e.cells_per_ml ?? null,
    description: e.description,
    aliases: e.aliases,
    ...chemistryOf(e),
  };
}

/**
 * The chemistry facts the picker passes on to the bench: a salt's ions and solubility set
 * its stock limit (5 M NaCl is a stock, 6.1 M is past saturation), a buffer's pKa and acid
 * charge its pH and ionic strength.
 */
function chemistryOf(e: CatalogReagent | undefined) {
  return {
    ions: e?.ions ?? null,
    pka: e?.pka ?? null,
    dpka_dt: e?.dpka_dt ?? null,
    acid_charge: e?.acid_charge ?? null,
    solubility_m: e?.solubility_m ?? null,
  };
}

/** A public definition as the catalog answers it. */
export function catalogItemOfDefinition(row: DefinitionRow): CatalogItem {
  const d = row.data as Partial<DefinitionData>;
  return {
    slug: row.slug,
    name: row.name,
    reagent_type: row.reagentType as ServerReagentType,
    default_concentration_value: row.defaultConcentrationValue,
    default_concentration_units: row.defaultConcentrationUnits as ConcentrationUnit | null,
    solvent: row.solvent,
    molecular_weight_g_per_mol: row.molecularWeightGPerMol,
    ph: d.ph ?? null,
    max_concentration_percent: d.max_concentration_percent ?? null,
    cells_per_ml: d.cells_per_ml ?? null,
    description: d.description ?? null,
    aliases: Array.isArray(d.aliases) ? d.aliases : [],
    ...chemistryOf(SEED_BY_SLUG.get(row.slug)),
  };
}

const SEED_ITEMS: readonly CatalogItem[] = CATALOG_SEED.map(catalogItemOfSeed);
const SEED_BY_SLUG = new Map(CATALOG_SEED.map((e) => [e.slug, e]));

/** The searchable catalog of one server. */
export class ReagentCatalog {
  private index: CatalogIndex = buildCatalogIndex(SEED_ITEMS);
  /** Answers of the current index by query (ranking scans every entry with typo distances). */
  private memo = new Map<string, CatalogItem[]>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;
  /** Bumped by invalidate(), so a load that started before a change does not count as fresh. */
  private generation = 0;

  constructor(
    private readonly loadPublic: () => Promise<DefinitionRow[]>,
    /** Told of every change made here, to tell the other instances. */
    private readonly announce: () => void = () => {},
  ) {}

  /** A public definition changed here: the next search rebuilds; other instances are told. */
  invalidate(): void {
    this.reload();
    this.announce();
  }

  /** Marks the public definitions as changed: the next search rebuilds the index. */
  reload(): void {
    this.generation += 1;
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  /** Reloads the public definitions when stale (one load at a time). */
  async refresh(): Promise<void> {
    if (performance.now() - this.loadedAt < REFRESH_MS) return;
    this.loading ??= (async () => {
      try {
        const started = performance.now();
        const generation = this.generation;
        const rows = await this.loadPublic();
        this.index = buildCatalogIndex([...SEED_ITEMS, ...rows.map(catalogItemOfDefinition)]);
        this.memo = new Map();
        if (generation === this.generation) this.loadedAt = started;
      } finally {
        this.loading = null;
      }
    })();
    await this.loading;
    // Changed while loading: load again so this search sees the change.
    if (performance.now() - this.loadedAt >= REFRESH_MS) await this.refresh();
  }

  /** Ranked matches of the query. */
  async search(query: CatalogQuery): Promise<CatalogItem[]> {
    await this.refresh();
    const key = JSON.stringify([query.q ?? '', query.reagentType ?? null, query.limit ?? null]);
    let answer = this.memo.get(key);
    if (!answer) {
      answer = searchCatalog(this.index, query);
      // Oldest first out: a bounded memo, not a growing one, whatever users type.
      if (this.memo.size >= MEMO_QUERIES) this.memo.delete(this.memo.keys().next().value as string);
      this.memo.set(key, answer);
    }
    return answer;
  }
}
