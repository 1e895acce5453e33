// What a campaign's plates hold, as its whole-campaign readers (the plan, the plate map, the
// thumbnails, the QC) read them: a plate whose rows are not written yet is its layout with
// its compounds where the marks are (pending-plates.ts), the same wells its rows will hold;
// a written plate is its stored wells (it may have been edited since).
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CampaignPlanPlate } from '../../domain/campaign/plan';
import type { PlateDefn } from '../../domain/plate-format';
import type { WireWell, WireWells } from '../../domain/plate-wire';
import { indexOfWellId } from '../../domain/well-id';
import type { Db } from '../db/connect';
import { campaignLayouts, campaignPlates, plateRows } from '../db/schema';
import { readStoredWells } from '../repositories/packed-wells';
import { layoutWells, MARK, readLayout } from './pending-plates';

/** A layout read once for every plate of it. */
interface ReadLayout {
  marked: readonly string[];
  /** its wells, the marked ones holding the mark as their sample */
  withSample: WireWells;
  /** its wells without their samples (what the plan reads), one object for every plate */
  shape: WireWells;
  /** the wells that hold a sample of their own (not a plate's compound), then the marked ones */
  sampleWells: readonly string[];
  /** the samples of the wells that hold one of their own */
  fixed: readonly string[];
}

/** A plate not written yet: its layout and its compounds in the order of the marked wells. */
export interface PendingPlate {
  layout: ReadLayout;
  compounds: readonly string[];
}

/** The campaign's plates not written yet, by experiment id, with their layouts read once. */
export async function pendingPlatesOf(
  db: Db,
  campaignId: number,
  defn: PlateDefn,
): Promise<Map<number, PendingPlate>> {
  const out = new Map<number, PendingPlate>();
  const rows = await db
    .select({
      experimentId: campaignPlates.experimentId,
      layout: campaignPlates.layout,
      compounds: campaignPlates.compounds,
    })
    .from(campaignPlates)
    .where(and(eq(campaignPlates.campaignId, campaignId), isNotNull(campaignPlates.compounds)));
  if (rows.length === 0) return out;
  const layouts = new Map<number, ReadLayout>();
  const shared = new Map<string, { well: WireWell; shape: WireWell }>();
  for (const row of await db
    .select()
    .from(campaignLayouts)
    .where(eq(campaignLayouts.campaignId, campaignId))) {
    const read = readLayout(defn, row);
    const { shape, withSample } = layoutWells(read, shared);
    const own = Object.entries(withSample).filter(
      ([, w]) => w.sample !== undefined && w.sample !== MARK,
    );
    layouts.set(row.layout, {
      marked: read.marked,
      withSample,
      shape,
      sampleWells: [...own.map(([id]) => id), ...read.marked],
      fixed: own.map(([, w]) => w.sample!),
    });
  }
  for (const r of rows) {
    out.set(r.experimentId, {
      layout: layouts.get(r.layout!)!,
      compounds: JSON.parse(r.compounds!) as string[],
    });
  }
  return out;
}

/** A pending plate's wells: those its rows will hold. */
export function pendingWells(plate: PendingPlate): WireWells {
  const { withSample, marked } = plate.layout;
  const wells: WireWells = { ...withSample };
  marked.forEach((id, k) => {
    wells[id] = { ...withSample[id], sample: plate.compounds[k] };
  });
  return wells;
}

/** A pending plate as the plan reads it: its layout's shape and its samples. */
export function pendingPlanPlate(barcode: string, plate: PendingPlate): CampaignPlanPlate {
  const { shape, sampleWells, fixed } = plate.layout;
  return { barcode, shape, sampleWells, samples: [...fixed, ...plate.compounds] };
}

/** The written plates' stored wells, all in one query, each plate's in row-major order. */
export async function writtenWellsOf(
  db: Db,
  defn: PlateDefn,
  experimentIds: readonly number[],
): Promise<Map<number, WireWells>> {
  const out = new Map<number, WireWells>(experimentIds.map((id) => [id, {}]));
  if (experimentIds.length === 0) return out;
  const rows = await db
    .select({ id: plateRows.experimentId, row: plateRows.row, wells: plateRows.wells })
    .from(plateRows)
    .where(inArray(plateRows.experimentId, [...experimentIds]))
    .orderBy(asc(plateRows.experimentId), asc(plateRows.row));
  // each id's row-major index read once (a sort would parse each id a dozen times)
  const indexOf = new Map<string, number>();
  const index = (id: string) => {
    let i = indexOf.get(id);
    if (i === undefined) indexOf.set(id, (i = indexOfWellId(id, defn)));
    return i;
  };
  for (const r of rows) {
    const target = out.get(r.id)!;
    const stored = Object.entries(readStoredWells(r.wells)).filter(([, w]) => w !== null);
    stored.sort((a, b) => index(a[0]) - index(b[0]));
    for (const [wid, w] of stored) target[wid] = w!;
  }
  return out;
}
