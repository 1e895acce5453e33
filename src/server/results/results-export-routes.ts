// Exports of a readout's results (prefix /api/experiments): the tidy well table (barcode,
// well, role, compound, concentration, raw, normalised, z) and the fit table as CSV, and both
// as one Excel workbook. The figures are those GET .../results answers.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fitRows, tidyRows } from '../../domain/results/result-tables';
import { CSV_TYPE, XLSX_TYPE, fileAnswer } from '../../domain/schemas/export-answer';
import { readoutParamsSchema, type PlateResults } from '../../domain/schemas/results';
import { CSV_DOWNLOAD_TYPE, csvText, download } from '../exports/download';
import { resultsWorkbook } from './results-workbook';

const tags = ['Results'];
const headers = z.object({
  'content-disposition': z.string().describe('attachment; filename="readout_{readout}_..."'),
});
const notFound = {
  404: z.object({ detail: z.string() }).describe('Experiment or readout not found'),
};

export function resultsExportRoutes(
  app: FastifyInstance,
  resultsOf: (
    request: FastifyRequest & { params: { id: number; readout: number } },
    zPrimeMin: number,
  ) => Promise<PlateResults>,
): void {
  const params = readoutParamsSchema;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tables = [
    {
      path: 'wells',
      rows: tidyRows,
      what: 'one row per well: barcode, well, role, compound, concentration, raw, normalised, z',
    },
    {
      path: 'fits',
      rows: fitRows,
      what: 'one row per compound: IC50 (censored as said), its 95 % interval, Hill slope, bottom, top, RSE',
    },
  ] as const;
  for (const t of tables)
    r.get(
      `/:id/readouts/:readout/export/${t.path}`,
      {
        schema: {
          summary: `A readout's ${t.path} table as CSV (readout_{readout}_${t.path}.csv): ${t.what}`,
          tags,
          params,
          produces: [CSV_TYPE],
          response: { 200: fileAnswer(CSV_TYPE, headers), ...notFound },
        },
      },
      async (request, reply) => {
        const results = await resultsOf(request, 0.5);
        return download(
          reply,
          CSV_DOWNLOAD_TYPE,
          `readout_${results.readout.id}_${t.path}.csv`,
          // no BOM, as these files have always been written
          csvText(t.rows(results), false),
        );
      },
    );

  r.get(
    '/:id/readouts/:readout/export/excel',
    {
      schema: {
        summary:
          "A readout's well table and fit table as an Excel workbook, one sheet each (readout_{readout}_results.xlsx)",
        tags,
        params,
        produces: [XLSX_TYPE],
        response: { 200: fileAnswer(XLSX_TYPE, headers), ...notFound },
      },
    },
    async (request, reply) => {
      const results = await resultsOf(request, 0.5);
      return download(
        reply,
        XLSX_TYPE,
        `readout_${results.readout.id}_results.xlsx`,
        resultsWorkbook(results),
      );
    },
  );
}
