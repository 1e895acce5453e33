// A bench as screening staff keep it: two compounds in DMSO, staurosporine, a buffer, DMSO
// itself and a culture medium that is the default vehicle.
import type { BenchReagentInfo, WireWells } from '../../../src/domain/plate-wire';
import { plateDefn, type PlateFormat } from '../../../src/domain/plate-format';
import { CATALOG_SEED } from '../../../src/server/catalog/catalog-seed';
import type { ToolContext } from '../../../src/server/agent/tools/tool-types';

export const BENCH: BenchReagentInfo[] = [
  reagent('compound-a', 'Compound A', 'chemical', { stock_nM: 10_000_000, solvent: 'DMSO' }),
  reagent('compound-b', 'Compound B', 'chemical', { stock_nM: 1_000_000, solvent: 'DMSO' }),
  reagent('staurosporine', 'Staurosporine', 'chemical', { stock_nM: 1_000_000, solvent: 'DMSO' }),
  reagent('hepes-buffer', 'HEPES Buffer', 'buffer', { stock_nM: 1_000_000_000, solvent: 'water' }),
  reagent('dmso', 'DMSO', 'solvent', { stock_pct: 100, max_concentration_percent: 1 }),
  reagent('dmem', 'DMEM', 'media', {}),
];

function reagent(
  slug: string,
  name: string,
  type: BenchReagentInfo['type'],
  over: Partial<BenchReagentInfo>,
): BenchReagentInfo {
  return {
    slug,
    name,
    type,
    stock_nM: null,
    stock_pct: null,
    solvent: null,
    max_concentration_percent: null,
    min_transfer_ul: null,
    ionic_strength_mM: null,
    ...over,
  };
}

/** A tool context on an empty (or given) plate with the bench above and the catalog. */
export function context(
  format: PlateFormat,
  wells: WireWells = {},
  selection?: number[],
): ToolContext {
  return {
    defn: plateDefn(format),
    wells,
    bench: BENCH,
    vehicleSlug: 'dmem',
    selection,
    catalog: CATALOG_SEED,
  };
}
