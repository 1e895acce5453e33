// A campaign's plates made in bulk. Plates differ by their compound ids far more than by
// their layout: a 300-plate screen has a few dozen layouts (where the controls land, which
// wells take which stock and target) and 422,400 compound ids. So each distinct layout is
// worked out once by the plate writer's own edit (editLivePlate: the domain's ops, volumes
// planned by the dispensing engine, canonical wells) with one marked sample in every
// compound well, and is kept once for the campaign; each plate keeps its plates row (version
// 1) and its compound ids in the order of its layout's marked wells. Its rows, hash and log
// entry are written from those the first time the plate is read or written
// (pending-plates.ts): what is then stored is what a write of its ops from the empty plate
// stores, tested against the writer well by well (tests/server/campaigns/campaign-plates.test.ts).
import type { PlateDefn } from '../../domain/plate-format';
import type { PrimitiveOp } from '../../domain/plate/ops';
import type { PlateOpInput } from '../../domain/schemas/plate-ops';
import { idOfIndex } from '../../domain/well-id';
import { buildLivePlate } from '../plate/live-plate';
import { wellsText } from '../plate/plate-text';
import { editLivePlate, type BenchFactsLike } from '../plate/plate-writer';
import { MARK, type LayoutRow } from './pending-plates';

/**
 * One plate to make: its experiment, its ops from empty but its samples, and its compounds
 * in the order of their sample ops (one op a well).
 */
export interface BulkPlate {
  experimentId: number;
  shapeOps: readonly PlateOp[];
  samples: { wells: readonly string[]; compounds: readonly string[] };
}

type PlateOp = PrimitiveOp | Record<string, unknown>;

/**
 * A layout of ops without their sample ops: the writer's edit of the empty plate, every
 * sampled well marked instead, as campaign_layouts keeps it.
 */
function layoutOf(
  defn: PlateDefn,
  bench: BenchFactsLike,
  shapeOps: readonly PlateOp[],
  marked: readonly string[],
): LayoutRow | { refused: string } {
  const empty = buildLivePlate(defn, {}, 0, bench.infos, bench.key, bench.dispensing);
  const ops = [...shapeOps, { op: 'sample', wells: marked, sample: MARK }];
  const edited = editLivePlate(empty, { ops: ops as unknown as PlateOpInput[] }, bench);
  if (!edited.ok) return { refused: edited.message };
  const ids = Array.from({ length: defn.rows * defn.cols }, (_, i) => idOfIndex(defn, i));
  const touched = [...edited.changed, ...edited.removed];
  return {
    wells: wellsText(
      edited.next,
      ids.filter((_, i) => edited.next.wellJson[i] !== undefined),
    ),
    // the mark's op is the last: a plate's own sample ops take its place
    ops: JSON.stringify(edited.ops.slice(0, -1)),
    touched: JSON.stringify(touched),
    before: wellsText(empty, touched),
    marked: JSON.stringify(marked),
  };
}

/** A plate's layout refused by the domain's ops (a control or a target that does not fit). */
export class LayoutRefused extends Error {
  constructor(
    /** the first plate of the layout */
    readonly experimentId: number,
    message: string,
  ) {
    super(message);
  }
}

/** The campaign's distinct layouts (numbered from 0) and each plate's layout and compounds. */
export interface CampaignPlatesMade {
  layouts: LayoutRow[];
  plates: { experimentId: number; layout: number; compounds: string }[];
}

/**
 * Works out the plates' layouts, each once. Throws LayoutRefused when an op is refused
 * (nothing is then worth keeping).
 */
export function campaignPlatesOf(
  defn: PlateDefn,
  bench: BenchFactsLike,
  plates: readonly BulkPlate[],
): CampaignPlatesMade {
  const numbers = new Map<string, number>();
  const made: CampaignPlatesMade = { layouts: [], plates: [] };
  for (const plate of plates) {
    const { shapeOps } = plate;
    const marked = plate.samples.wells;
    const key = `${JSON.stringify(shapeOps)}|${marked.join()}`;
    let n = numbers.get(key);
    if (n === undefined) {
      const layout = layoutOf(defn, bench, shapeOps, [...new Set(marked)]);
      if ('refused' in layout) throw new LayoutRefused(plate.experimentId, layout.refused);
      if (new Set(marked).size !== marked.length)
        throw new Error('A campaign plate names a well twice');
      n = made.layouts.length;
      made.layouts.push(layout);
      numbers.set(key, n);
    }
    made.plates.push({
      experimentId: plate.experimentId,
      layout: n,
      compounds: JSON.stringify(plate.samples.compounds),
    });
  }
  return made;
}
