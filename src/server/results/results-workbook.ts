// The results as an Excel workbook: the tidy well table and the fit table, one sheet each,
// written with the library the plate exports use. Text cells stay text (type "s"), so a
// compound named "=A1" is not a formula.
import { utils, write } from '@e965/xlsx';
import { fitRows, tidyRows } from '../../domain/results/result-tables';
import type { PlateResults } from '../../domain/schemas/results';

export const RESULT_SHEETS = { wells: 'Wells', fits: 'Fits' } as const;

/** The workbook as .xlsx bytes. */
export function resultsWorkbook(results: PlateResults): Buffer {
  const wb = utils.book_new();
  for (const [name, rows] of [
    [RESULT_SHEETS.wells, tidyRows(results)],
    [RESULT_SHEETS.fits, fitRows(results)],
  ] as const) {
    const ws = utils.aoa_to_sheet(rows);
    ws['!cols'] = rows[0].map((h) => ({ wch: Math.max(10, String(h).length + 2) }));
    utils.book_append_sheet(wb, ws, name);
  }
  return write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
