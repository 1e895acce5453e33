// The volumes an instrument measured in source wells (a transfer log's Current Fluid Volume,
// a survey's volume) written to the owner's library wells of the same plate barcode and well:
// the next campaign plan starts from what the freezer plates really hold.
import { sql } from 'drizzle-orm';
import type { MeasuredSource } from '../../domain/transfer-log/measured-sources';
import type { DbOrTx } from '../repositories/bench';
import { bumpRevision } from './library-repository';

/**
 * Sets the current volume of every library well of the owner that a measurement names (by
 * barcode and well; a plate without a barcode names no library plate); the number of library
 * wells updated.
 */
export async function recordMeasuredVolumes(
  db: DbOrTx,
  ownerId: string,
  measured: Iterable<MeasuredSource>,
): Promise<number> {
  const rows = [...measured]
    .filter((m) => m.barcode !== '')
    .map((m) => ({ barcode: m.barcode, well: m.well, ul: m.uL }));
  if (rows.length === 0) return 0;
  const result = await db.execute(sql`
    update library_wells w set current_ul = m.ul
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as m(barcode text, well text, ul double precision),
      libraries l
    where l.id = w.library_id and l.owner_id = ${ownerId}
      and w.barcode = m.barcode and w.well = m.well
    returning w.library_id as "libraryId"`);
  const moved = (result as unknown as { rows: { libraryId: number }[] }).rows;
  await bumpRevision(
    db,
    moved.map((r) => Number(r.libraryId)),
  );
  return moved.length;
}
