// A campaign plate whose rows are not written yet. Generating a 300-plate screen writes, per
// plate, its plates row (version 1) and its compound ids; each distinct layout (the wells as
// the plate writer made them, with a mark where a plate's compound goes) is kept once for the
// campaign (campaign-plates.ts). The plate loader (repositories/plates.ts) writes a pending
// plate's rows, hash and log entry the first time the plate is read or written: from then on
// it is stored exactly as if it had been written whole when made (version 1, the same rows,
// hash and log entry). Readers of a whole campaign (its plan, exports and thumbnails) read
// the pending plates from their layouts and compounds without writing them.
import { and, eq, sql } from 'drizzle-orm';
import type { PlateDefn } from '../../domain/plate-format';
import type { WireWell, WireWells } from '../../domain/plate-wire';
import { idOfIndex, indexOfWellId } from '../../domain/well-id';
import { campaignLayouts, campaignPlates, campaigns, plates } from '../db/schema';
import { hashFrom } from '../plate/hash-marks';
import type { DbOrTx } from '../repositories/bench';
import { packWellTexts } from '../repositories/packed-wells';

/** The hash a pending plate's row holds until its rows are written (no SHA-256 is empty). */
export const PENDING_HASH = '';

/** The sample a layout's compound wells hold until a plate names its compound. */
export const MARK = '\u0000compound\u0000';
const MARK_JSON = JSON.stringify(MARK);

/** A layout as campaign_layouts keeps it (texts). */
export interface LayoutRow {
  /** the marked plate's wells, packed (repositories/packed-wells.ts), row-major */
  wells: string;
  /** the log's ops before the plate's own sample ops, JSON */
  ops: string;
  /** the wells the first write touches, JSON array of ids */
  touched: string;
  /** those wells before it (the empty plate), packed */
  before: string;
  /** the marked wells in the order of the sample ops, JSON array of ids */
  marked: string;
}

/** A layout read back: each well's canonical JSON, and the text around the mark of each marked well. */
export interface MarkedLayout {
  defn: PlateDefn;
  wellJson: (string | undefined)[];
  marked: string[];
  markedIndex: number[];
  /** per marked well (in `marked` order): its JSON before and after the mark */
  around: [string, string][];
  row: LayoutRow;
}

/**
 * Reads a kept layout. The packed contents are canonical JSON, which parses and prints back
 * the same. Equal wells share one text, so each is read and split at its mark once.
 */
export function readLayout(defn: PlateDefn, row: LayoutRow): MarkedLayout {
  const packed = JSON.parse(row.wells) as { contents: unknown[]; at: Record<string, number> };
  const texts = packed.contents.map((c) => JSON.stringify(c));
  const wellJson: (string | undefined)[] = Array.from({ length: defn.rows * defn.cols });
  for (const [id, n] of Object.entries(packed.at)) wellJson[indexOfWellId(id, defn)] = texts[n];
  const marked = JSON.parse(row.marked) as string[];
  const markedIndex = marked.map((id) => indexOfWellId(id, defn));
  const splits = new Map<string, [string, string]>();
  const around = markedIndex.map((i, k): [string, string] => {
    const json = wellJson[i] ?? '';
    let split = splits.get(json);
    if (!split) {
      const parts = json.split(MARK_JSON);
      if (parts.length !== 2)
        throw new Error(`The mark of well ${marked[k]} is not in its JSON once`);
      splits.set(json, (split = [parts[0], parts[1]]));
    }
    return split;
  });
  return { defn, wellJson, marked, markedIndex, around, row };
}

/** The wells' JSON of a plate of this layout: its compounds where the marks are. */
export function plateWellJson(
  layout: MarkedLayout,
  compounds: readonly string[],
): (string | undefined)[] {
  if (compounds.length !== layout.marked.length)
    throw new Error(
      `A plate names ${compounds.length} compounds for ${layout.marked.length} wells`,
    );
  const wellJson = layout.wellJson.slice();
  layout.markedIndex.forEach((i, k) => {
    const [pre, post] = layout.around[k];
    wellJson[i] = pre + JSON.stringify(compounds[k]) + post;
  });
  return wellJson;
}

/**
 * A layout's wells as objects, shared by the plates that read them: each well without its
 * sample (what a plan reads), and with it. Equal wells are one object (`shared`, across
 * layouts too): the plan then works each distinct well out once.
 */
export function layoutWells(
  layout: MarkedLayout,
  shared: Map<string, { well: WireWell; shape: WireWell }>,
): { shape: WireWells; withSample: WireWells } {
  const shape: WireWells = {};
  const withSample: WireWells = {};
  const { defn } = layout;
  layout.wellJson.forEach((json, i) => {
    if (json === undefined) return;
    let read = shared.get(json);
    if (!read) {
      const well = JSON.parse(json) as WireWell;
      const { sample: _sample, ...rest } = well;
      shared.set(json, (read = { well, shape: well.sample === undefined ? well : rest }));
    }
    const id = idOfIndex(defn, i);
    withSample[id] = read.well;
    shape[id] = read.shape;
  });
  return { shape, withSample };
}

/** A plate's wells as stored from its layout and compounds (its rows, hash and log's wells). */
export function pendingPlateTexts(layout: MarkedLayout, compounds: readonly string[]) {
  const { defn } = layout;
  const wellJson = plateWellJson(layout, compounds);
  const wellBytes = wellJson.map((json, i) =>
    json === undefined ? undefined : Buffer.from(`${JSON.stringify(idOfIndex(defn, i))}:${json}`),
  );
  const { hash } = hashFrom(defn, wellBytes, undefined, new Set());
  const touched = JSON.parse(layout.row.touched) as string[];
  const rows = new Set<number>();
  for (const id of touched) rows.add(Math.floor(indexOfWellId(id, defn) / defn.cols));
  const put: { row: number; wells: string }[] = [];
  for (const row of [...rows].toSorted((a, b) => a - b)) {
    const held: [string, string][] = [];
    for (let c = 0; c < defn.cols; c++) {
      const json = wellJson[row * defn.cols + c];
      if (json !== undefined) held.push([idOfIndex(defn, row * defn.cols + c), json]);
    }
    if (held.length > 0) put.push({ row, wells: packWellTexts(held) });
  }
  const changed = packWellTexts(
    touched.map((id) => [id, wellJson[indexOfWellId(id, defn)] ?? null] as const),
  );
  return { hash, rows: put, changed };
}

/** The sample ops of a plate: one per marked well, in the layout's order. */
export function sampleOps(layout: Pick<MarkedLayout, 'marked'>, compounds: readonly string[]) {
  return layout.marked.map((well, k) => ({ op: 'sample', wells: [well], sample: compounds[k] }));
}

/**
 * Writes a pending plate's rows, hash and log entry (version 1, as the plate writer would
 * have written them when the plate was made). False when the plate is not pending (another
 * request wrote it first, or it is not a campaign plate). Callers have checked the owner.
 */
export async function writePendingPlate(db: DbOrTx, experimentId: number): Promise<boolean> {
  const [found] = await db
    .select({
      compounds: campaignPlates.compounds,
      owner: campaigns.ownerId,
      state: plates.state,
      wells: campaignLayouts.wells,
      ops: campaignLayouts.ops,
      touched: campaignLayouts.touched,
      before: campaignLayouts.before,
      marked: campaignLayouts.marked,
    })
    .from(campaignPlates)
    .innerJoin(campaigns, eq(campaigns.id, campaignPlates.campaignId))
    .innerJoin(
      campaignLayouts,
      and(
        eq(campaignLayouts.campaignId, campaignPlates.campaignId),
        eq(campaignLayouts.layout, campaignPlates.layout),
      ),
    )
    .innerJoin(plates, eq(plates.experimentId, campaignPlates.experimentId))
    .where(
      and(
        eq(campaignPlates.experimentId, experimentId),
        sql`${campaignPlates.compounds} is not null`,
        eq(plates.hash, PENDING_HASH),
      ),
    );
  if (!found?.compounds) return false;
  const { defn } = found.state as unknown as { defn: PlateDefn };
  const layout = readLayout(defn, found);
  const compounds = JSON.parse(found.compounds) as string[];
  const texts = pendingPlateTexts(layout, compounds);
  const ops = [...(JSON.parse(found.ops) as unknown[]), ...sampleOps(layout, compounds)];
  const rowValues =
    texts.rows.length > 0
      ? sql.join(
          texts.rows.map((r) => sql`(${r.row}::int, ${r.wells}::text)`),
          sql`, `,
        )
      : sql`(null::int, null::text) limit 0`;
  // one statement, atomic by itself: the version-1 row is claimed once, so a concurrent
  // first read finds the plate written and writes nothing
  const result = (await db.execute(sql`
    with claimed as (
      update plates set hash = ${texts.hash}
      where experiment_id = ${experimentId} and hash = ${PENDING_HASH}
      returning version
    ), put_rows as (
      insert into plate_rows (experiment_id, row, wells)
      select ${experimentId}, r.row, r.wells from claimed, (values ${rowValues}) as r(row, wells)
    ), log as (
      insert into plate_log (experiment_id, version, base_version, author, ops, changed, before, hash)
      select ${experimentId}, claimed.version, 0, ${found.owner}, ${JSON.stringify(ops)}::json,
        ${texts.changed}::text, ${found.before}::text, ${texts.hash}
      from claimed
    ), done as (
      update campaign_plates set compounds = null
      where experiment_id = ${experimentId} and exists (select 1 from claimed)
    )
    select count(*)::int as n from claimed`)) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0) > 0;
}
