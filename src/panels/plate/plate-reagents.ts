// The bench reagents a plate holds, in bench order: the choices of colour by concentration.
import type { BenchReagent } from '../../api/bench';
import type { WireWells } from '../../domain/plate-wire';
import { toDisplayType } from '../../domain/reagent-types';

export interface PlateReagent {
  slug: string;
  name: string;
  /** Solvents are chosen last for the heat map: a compound's series is what people look at. */
  solvent: boolean;
}

export function plateReagents(
  wells: WireWells,
  reagents: readonly Pick<BenchReagent, 'slug' | 'name' | 'type' | 'reagent_type'>[],
): PlateReagent[] {
  const used = new Set<string>();
  for (const well of Object.values(wells)) {
    for (const slug of Object.keys(well?.targets ?? {})) used.add(slug);
  }
  return reagents
    .filter((r) => used.has(r.slug))
    .map((r) => ({
      slug: r.slug,
      name: r.name,
      solvent: toDisplayType(r.type || r.reagent_type) === 'solvent',
    }));
}
