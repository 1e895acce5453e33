// How every export leaves the server: an attachment under the spec's file name, never
// cached; and CSV text, written in one place so that every CSV neutralises the cells a
// spreadsheet would read as formulas.
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { neutralizeRows, type SheetCell } from '../../domain/csv-safe';

/** The content type of every CSV download. */
export const CSV_DOWNLOAD_TYPE = 'text/csv; charset=utf-8';

/** A download: content type and `Content-Disposition: attachment` with the spec's file name. */
export function download(
  reply: FastifyReply,
  type: string,
  filename: string,
  body: string | Buffer,
) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * CSV text of rows, formula-leading text neutralised. `bom` for files a person opens in a
 * spreadsheet; none for files an instrument reads.
 */
export function csvText(rows: readonly (readonly SheetCell[])[], bom: boolean): string {
  return stringify(neutralizeRows(rows), { bom });
}
