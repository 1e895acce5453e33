// The bench reagents a plate holds, tested ones (compounds, biologicals) first, then by bench
// order: the choices of colour by concentration, the first being the default.
import type { BenchReagent } from '../../api/bench';
import type { WireWells } from '../../domain/plate-wire';
import { reagentRanks } from '../../plate-canvas/colour-by';

export interface PlateReagent {
  slug: string;
  name: string;
}

export function plateReagents(
  wells: WireWells,
  reagents: readonly Pick<BenchReagent, 'slug' | 'name' | 'type' | 'reagent_type'>[],
): PlateReagent[] {
  const used = new Set<string>();
  // for-in: no array per well (a 1536 plate is read at every edit)
  for (const id in wells) {
    const targets = wells[id]?.targets;
    if (targets) for (const slug in targets) used.add(slug);
  }
  const rank = reagentRanks(
    reagents.map((r) => ({ slug: r.slug, name: r.name, type: r.type || r.reagent_type })),
  );
  return reagents
    .filter((r) => used.has(r.slug))
    .toSorted((a, b) => (rank.get(a.slug) ?? 0) - (rank.get(b.slug) ?? 0))
    .map((r) => ({ slug: r.slug, name: r.name }));
}
