// What the export routes answer besides the file (API.md "Exports"): the headers every
// export carries, and the file's media types.
import { z } from 'zod';

const count = z.string().regex(/^\d+$/);

/** Headers of every export: the unmet wells it leaves out of the plan, and a download. */
export const exportHeadersSchema = z.object({
  'x-unmet-wells': count.describe('How many wells the dispense plan cannot fill'),
  'content-disposition': z.string().describe('attachment; filename="experiment_{id}..."'),
});

/** The transfer list's older header: the unmet wells again, under the name old clients read. */
export const transferListHeadersSchema = exportHeadersSchema.extend({
  'x-skipped-transfers': count.describe('The unmet wells, as X-Unmet-Wells counts them'),
});

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A CSV file answer with its headers, as a route declares it. */
export function fileAnswer(type: string, headers: z.ZodObject = exportHeadersSchema) {
  return {
    description: `The file (${type})`,
    headers,
    content: { [type]: { schema: z.string().describe(`The ${type} file`) } },
  };
}
