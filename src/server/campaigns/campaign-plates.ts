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
import { idOfIndex, indexOfWellId } from '../../domain/well-id';
import { buildLivePlate, type LivePlate } from '../plate/live-plate';
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

/** The writer's edit of the empty plate: each well's JSON, the log's ops, the wells it touched. */
interface Worked {
  wellJson: readonly (string | undefined)[];
  ops: unknown[];
  changed: string[];
  removed: string[];
}

/** The writer's edit of the empty plate by these ops; the refusal's message when refused. */
function workOut(
  empty: LivePlate,
  bench: BenchFactsLike,
  ops: readonly PlateOp[],
): Worked | { refused: string } {
  const edited = editLivePlate(empty, { ops: ops as unknown as PlateOpInput[] }, bench);
  if (!edited.ok) return { refused: edited.message };
  const { changed, removed } = edited;
  return { wellJson: edited.next.wellJson, ops: edited.ops, changed, removed };
}

/** A worked-out layout as campaign_layouts keeps it, the mark's op (the last) left out. */
function layoutRow(empty: LivePlate, worked: Worked, marked: readonly string[]): LayoutRow {
  const { defn } = empty;
  const ids: string[] = [];
  worked.wellJson.forEach((json, i) => {
    if (json !== undefined) ids.push(idOfIndex(defn, i));
  });
  const touched = [...worked.changed, ...worked.removed];
  return {
    wells: wellsText({ defn, wellJson: worked.wellJson as (string | undefined)[] }, ids),
    // the mark's op is the last: a plate's own sample ops take its place
    ops: JSON.stringify(worked.ops.slice(0, -1)),
    touched: JSON.stringify(touched),
    before: wellsText(empty, touched),
    marked: JSON.stringify(marked),
  };
}

/**
 * Works out a campaign's layouts with the plate writer. A layout is its controls (the
 * template op, first) and its compound wells (set ops and the mark), which never share a
 * well (layout.ts lays compounds in the wells the controls leave). When the controls move
 * from plate to plate, the compound wells are the same on every plate: the first layout is
 * worked out whole, and a later one of the same compound wells is the first with its controls
 * replaced by those of its own template op worked out alone (the compound wells and their
 * ops from the first layout, the controls' wells and ops from their own edit, the wells in
 * well order). That holds while no rule of the writer makes one part's wells from the
 * other's in a way the placement changes: so the second layout is worked out both ways, and
 * later ones are put together only when both ways gave the same.
 */
function layoutMaker(defn: PlateDefn, bench: BenchFactsLike) {
  const empty = buildLivePlate(defn, {}, 0, bench.infos, bench.key, bench.dispensing);
  const controls = new Map<string, Worked | null>();
  const controlsOf = (op: PlateOp) => {
    const key = JSON.stringify(op);
    let worked = controls.get(key);
    if (worked === undefined) {
      const made = workOut(empty, bench, [op]);
      controls.set(key, (worked = 'refused' in made || made.removed.length > 0 ? null : made));
    }
    return worked;
  };
  /** [the compound part's ops] -> a layout worked out whole and its controls alone */
  const firsts = new Map<string, { whole: Worked; controls: Worked }>();
  const composed = (ops: readonly PlateOp[]): Worked | null => {
    const [op, ...rest] = ops;
    if (op?.op !== 'template' || rest.some((o) => o.op === 'template')) return null;
    const first = firsts.get(JSON.stringify(rest));
    const mine = controlsOf(op);
    if (!first || !mine) return null;
    const before = new Set(first.controls.changed);
    const wellsOf = new Set(mine.changed);
    const compounds = first.whole.changed.filter((id) => !before.has(id));
    if (compounds.some((id) => wellsOf.has(id))) return null;
    // the first layout's log is its controls' ops, then the compound part's
    const n = first.controls.ops.length;
    if (JSON.stringify(first.whole.ops.slice(0, n)) !== JSON.stringify(first.controls.ops))
      return null;
    const wellJson: (string | undefined)[] = first.whole.wellJson.slice();
    for (const id of first.controls.changed) wellJson[indexOfWellId(id, defn)] = undefined;
    for (const id of mine.changed) {
      const i = indexOfWellId(id, defn);
      wellJson[i] = mine.wellJson[i];
    }
    return {
      wellJson,
      ops: [...mine.ops, ...first.whole.ops.slice(n)],
      changed: [...mine.changed, ...compounds].toSorted(
        (x, y) => indexOfWellId(x, defn) - indexOfWellId(y, defn),
      ),
      removed: [],
    };
  };
  /** undefined until a layout is worked out both ways */
  let together: boolean | undefined;
  return (shapeOps: readonly PlateOp[], marked: readonly string[]) => {
    const ops = [...shapeOps, { op: 'sample', wells: marked, sample: MARK }];
    const made = together === false ? null : composed(ops);
    if (made && together) return layoutRow(empty, made, marked);
    const whole = workOut(empty, bench, ops);
    if ('refused' in whole) return whole;
    const row = layoutRow(empty, whole, marked);
    if (made) {
      const other = layoutRow(empty, made, marked);
      together = (Object.keys(row) as (keyof LayoutRow)[]).every((k) => row[k] === other[k]);
    } else if (ops[0]?.op === 'template' && whole.removed.length === 0) {
      const key = JSON.stringify(ops.slice(1));
      const mine = controlsOf(ops[0]);
      if (!firsts.has(key) && mine) firsts.set(key, { whole, controls: mine });
    }
    return row;
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
  const layoutOf = layoutMaker(defn, bench);
  for (const plate of plates) {
    const { shapeOps } = plate;
    const marked = plate.samples.wells;
    const key = `${JSON.stringify(shapeOps)}|${marked.join()}`;
    let n = numbers.get(key);
    if (n === undefined) {
      const layout = layoutOf(shapeOps, [...new Set(marked)]);
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
