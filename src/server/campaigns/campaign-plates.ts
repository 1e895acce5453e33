// A campaign's plates written in bulk. Plates differ by their compound ids far more than by
// their layout: a 300-plate screen has a few dozen layouts (where the controls land, which
// wells take which stock and target) and 422,400 compound ids. So each distinct layout is
// worked out once by the plate writer's own edit (editLivePlate: the domain's ops, volumes
// planned by the dispensing engine, canonical wells) with one marked sample in every
// compound well, and each plate is that layout with its compound ids written where the mark
// is. What is stored per plate is what a write of its ops from the empty plate stores
// (version 1, its rows, its hash, its log entry), in multi-row statements: tested against the
// writer well by well (tests/server/campaigns/campaign-plates.test.ts).
import type { PlateDefn } from '../../domain/plate-format';
import type { PrimitiveOp } from '../../domain/plate/ops';
import type { PlateOpInput } from '../../domain/schemas/plate-ops';
import { idOfIndex, indexOfWellId } from '../../domain/well-id';
import type { DbOrTx } from '../repositories/bench';
import { plateLog, plateRows, plates as platesTable } from '../db/schema';
import { hashFrom } from '../plate/hash-marks';
import { buildLivePlate } from '../plate/live-plate';
import { rowsText, wellsText } from '../plate/plate-text';
import { editLivePlate, type BenchFactsLike } from '../plate/plate-writer';

/** One plate to write: its experiment (a plate row not yet made) and its ops from empty. */
export interface BulkPlate {
  experimentId: number;
  ops: readonly PlateOp[];
}

type PlateOp = PrimitiveOp | Record<string, unknown>;

/** The mark a layout's compound wells hold as their sample until a plate names its compound. */
const MARK = '\u0000compound\u0000';
const MARK_JSON = JSON.stringify(MARK);

/** A layout worked out once: its wells' JSON, and around the mark in its compound wells. */
interface Layout {
  wellJson: (string | undefined)[];
  /** per row-major index of a marked well: its JSON before and after the mark */
  around: Map<number, [string, string]>;
  /** the log's ops of every plate of this layout, before the plate's own sample ops */
  ops: unknown[];
  /** the wells the write touches, in the writer's order, and the log's `before` of them */
  touched: string[];
  before: string;
}

type SampleOp = { op: 'sample'; wells: string[]; sample: string };
const isSample = (op: PlateOp): op is SampleOp => op.op === 'sample';

/** Plates written per statement (32 rows a 1536 plate: a few MB of text a statement). */
const BATCH = 25;

/**
 * The layout of ops without their sample ops: the writer's edit of the empty plate, every
 * sampled well marked instead.
 */
function layoutOf(
  defn: PlateDefn,
  bench: BenchFactsLike,
  shapeOps: readonly PlateOp[],
  sampled: readonly string[],
): Layout | { refused: string } {
  const empty = buildLivePlate(defn, {}, 0, bench.infos, bench.key, bench.dispensing);
  const marked = [...shapeOps, { op: 'sample', wells: sampled, sample: MARK }];
  const edited = editLivePlate(empty, { ops: marked as unknown as PlateOpInput[] }, bench);
  if (!edited.ok) return { refused: edited.message };
  const { next } = edited;
  const around = new Map<number, [string, string]>();
  for (const id of sampled) {
    const i = indexOfWellId(id, defn);
    const parts = next.wellJson[i]!.split(MARK_JSON);
    if (parts.length !== 2) throw new Error(`The mark of well ${id} is not in its JSON once`);
    around.set(i, [parts[0], parts[1]]);
  }
  const touched = [...edited.changed, ...edited.removed];
  return {
    wellJson: next.wellJson,
    around,
    // the mark's op is the last: a plate's own sample ops take its place
    ops: edited.ops.slice(0, -1),
    touched,
    before: wellsText(empty, touched),
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

/**
 * Writes the plates' first version (their plate rows must not exist yet), in the caller's
 * transaction. Throws LayoutRefused when an op is refused (nothing is then worth keeping).
 */
export async function writeCampaignPlates(
  tx: DbOrTx,
  defn: PlateDefn,
  bench: BenchFactsLike,
  author: string,
  plates: readonly BulkPlate[],
): Promise<void> {
  const layouts = new Map<string, Layout>();
  const cells = defn.rows * defn.cols;
  const ids = Array.from({ length: cells }, (_, i) => idOfIndex(defn, i));
  const state = { defn };
  for (let b = 0; b < plates.length; b += BATCH) {
    const plateValues: (typeof platesTable.$inferInsert)[] = [];
    const rowValues: (typeof plateRows.$inferInsert)[] = [];
    const logValues: (typeof plateLog.$inferInsert)[] = [];
    for (const plate of plates.slice(b, b + BATCH)) {
      const shapeOps = plate.ops.filter((op) => !isSample(op));
      const samples = plate.ops.filter(isSample);
      const key = JSON.stringify(shapeOps);
      let layout = layouts.get(key);
      if (!layout) {
        const sampled = [...new Set(samples.flatMap((op) => op.wells))];
        const made = layoutOf(defn, bench, shapeOps, sampled);
        if ('refused' in made) throw new LayoutRefused(plate.experimentId, made.refused);
        layouts.set(key, (layout = made));
      }
      const wellJson = layout.wellJson.slice();
      for (const op of samples) {
        const text = JSON.stringify(String(op.sample));
        for (const id of op.wells) {
          const i = indexOfWellId(id, defn);
          const [pre, post] = layout.around.get(i)!;
          wellJson[i] = pre + text + post;
        }
      }
      const wellBytes = wellJson.map((json, i) =>
        json === undefined ? undefined : Buffer.from(`${JSON.stringify(ids[i])}:${json}`),
      );
      const { hash } = hashFrom(defn, wellBytes, undefined, new Set());
      const wells = { defn, wellJson };
      plateValues.push({ experimentId: plate.experimentId, version: 1, state, hash });
      for (const r of rowsText(wells, layout.touched).put)
        rowValues.push({ experimentId: plate.experimentId, row: r.row, wells: r.wells });
      logValues.push({
        experimentId: plate.experimentId,
        version: 1,
        baseVersion: 0,
        author,
        ops: [...layout.ops, ...samples],
        changed: wellsText(wells, layout.touched),
        before: layout.before,
        hash,
      });
    }
    if (plateValues.length === 0) continue;
    await tx.insert(platesTable).values(plateValues);
    if (rowValues.length > 0) await tx.insert(plateRows).values(rowValues);
    await tx.insert(plateLog).values(logValues);
  }
}
