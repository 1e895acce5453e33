// /api/campaigns: a screen of many assay plates made from a compound library and a layout,
// its dispense plan over every plate, and its exports (the picklist of the whole campaign or
// one plate; the tidy plate map, CSV or Excel).
import { idParamSchema } from '../../domain/schemas/experiment';
import { CSV_TYPE, XLSX_TYPE } from '../../domain/schemas/export-answer';
import { utils, write } from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignPicklistCells,
  campaignPicklistChunks,
  campaignPlateMapCells,
} from '../../domain/campaign/export-rows';
import {
  CAMPAIGN_LIMITS,
  campaignCreatedSchema,
  campaignCreateSchema,
  campaignExportQuerySchema,
  campaignPlanQuerySchema,
  campaignPlanSchema,
  campaignSchema,
} from '../../domain/campaign/schemas';
import { neutralizeRows, type SheetCell } from '../../domain/csv-safe';
import { userOf } from '../auth/request-user';
import { campaignNotFound, type CampaignService } from '../campaigns/campaign-service';
import { HttpError } from '../errors';
import { CSV_DOWNLOAD_TYPE, csvText, download } from '../exports/download';

const tags = ['Campaigns'];
const params = z.object({ campaignId: idParamSchema('Campaign not found') });
/** A campaign export: CSV, or Excel with ?format=xlsx (the file is sent as it is made). */
const csvOrExcel = {
  description: 'The file (CSV, or Excel with ?format=xlsx)',
  content: {
    [CSV_TYPE]: { schema: z.string().describe('The CSV file') },
    [XLSX_TYPE]: { schema: z.string().describe('The Excel workbook') },
  },
};

/** CSV or a one-sheet workbook of rows, formula-leading text neutralised. */
function fileOf(cells: readonly (readonly SheetCell[])[], format: 'csv' | 'xlsx', bom: boolean) {
  if (format === 'csv') return csvText(cells, bom);
  const wb = utils.book_new();
  utils.book_append_sheet(wb, utils.aoa_to_sheet(neutralizeRows(cells)), 'Campaign');
  return write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** Texts as one UTF-8 buffer, allocated once (a picklist is 40 MB in 200 chunks). */
function bufferOf(chunks: readonly string[]): Buffer {
  let size = 0;
  for (const c of chunks) size += Buffer.byteLength(c);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const c of chunks) at += out.write(c, at);
  return out;
}

/** Registers the campaign routes (prefix /api). */
export async function campaignRoutes(
  fastify: FastifyInstance,
  options: { campaigns: CampaignService },
): Promise<void> {
  const { campaigns } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/campaigns',
    {
      schema: {
        summary:
          'Make a campaign: its assay plates (experiments) from a library and a layout, all or none',
        tags,
        body: campaignCreateSchema,
        response: { 201: campaignCreatedSchema },
      },
    },
    async (request, reply) => {
      const made = await campaigns.create(userOf(request).id, request.body);
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/campaigns',
    {
      schema: {
        summary: 'Your campaigns, newest first',
        tags,
        response: {
          200: z.object({
            campaigns: z.array(
              z.object({
                id: z.number().int(),
                name: z.string(),
                format: z.number().int(),
                plates: z.number().int(),
                created_at: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ campaigns: await campaigns.list(userOf(request).id) }),
  );

  app.get(
    '/campaigns/:campaignId',
    {
      schema: {
        summary: 'One campaign and its plates in order',
        tags,
        params,
        response: { 200: campaignSchema },
      },
    },
    async (request) => {
      const id = request.params.campaignId;
      const found = await campaigns.get(userOf(request).id, id);
      if (!found) throw campaignNotFound();
      return found.json;
    },
  );

  app.get(
    '/campaigns/:campaignId/dispense-plan',
    {
      schema: {
        summary:
          "The campaign's dispense plan: transfers from the library wells, each source well's volume after it, shortfalls with remedies",
        tags,
        params,
        querystring: campaignPlanQuerySchema,
        response: { 200: campaignPlanSchema },
      },
    },
    async (request) => {
      const id = request.params.campaignId;
      const plan = await campaigns.plan(userOf(request).id, id);
      if (!plan) throw campaignNotFound();
      const { plate } = request.query;
      if (plate !== undefined && !plan.plates.some((p) => p.barcode === plate))
        throw new HttpError(404, `No plate ${plate} in this campaign`);
      const transfers =
        plate === undefined
          ? plan.transfers
          : plan.transfers.filter((t) => t.destination_barcode === plate);
      const { settings: _settings, ...rest } = plan;
      // the lists are bounded (a primary screen plans 400,000 transfers); the picklist export
      // has every transfer, the counts say how many there are
      const listed = CAMPAIGN_LIMITS.listedTransfers;
      return {
        ...rest,
        transfer_count: transfers.length,
        transfers: transfers.slice(0, listed),
        library_count: plan.library.length,
        library: plan.library.slice(0, listed),
        unmet_count: plan.unmet.length,
        unmet: plan.unmet.slice(0, listed),
      };
    },
  );

  app.get(
    '/campaigns/:campaignId/export/picklist',
    {
      schema: {
        summary:
          'The picklist of the whole campaign, or of one plate (?plate=barcode), in nL (campaign_{id}_picklist.csv)',
        tags,
        params,
        querystring: campaignExportQuerySchema,
        produces: ['text/csv', XLSX_TYPE],
        response: { 200: csvOrExcel },
      },
    },
    async (request, reply) => {
      const id = request.params.campaignId;
      const plan = await campaigns.plan(userOf(request).id, id);
      if (!plan) throw campaignNotFound();
      const { plate, format } = request.query;
      if (plate !== undefined && !plan.plates.some((p) => p.barcode === plate))
        throw new HttpError(404, `No plate ${plate} in this campaign`);
      const transfers =
        plate === undefined
          ? plan.transfers
          : plan.transfers.filter((t) => t.destination_barcode === plate);
      reply.header('x-shortfalls', String(plan.shortfalls.length));
      const name = `campaign_${id}${plate ? `_${plate.replace(/[^\w.-]/g, '_')}` : ''}_picklist.${format}`;
      // read by the instrument: no BOM, which would glue itself to the first column name
      const body =
        format === 'csv'
          ? bufferOf(campaignPicklistChunks(transfers))
          : fileOf(campaignPicklistCells(transfers), format, false);
      return download(reply, format === 'csv' ? CSV_DOWNLOAD_TYPE : XLSX_TYPE, name, body);
    },
  );

  app.get(
    '/campaigns/:campaignId/export/platemap',
    {
      schema: {
        summary:
          'The tidy plate map of the campaign: barcode, well, role, compound id, reagent, concentration, volume (campaign_{id}_platemap.csv or .xlsx)',
        tags,
        params,
        querystring: campaignExportQuerySchema,
        produces: ['text/csv', XLSX_TYPE],
        response: { 200: csvOrExcel },
      },
    },
    async (request, reply) => {
      const id = request.params.campaignId;
      const found = await campaigns.platesOf(userOf(request).id, id);
      if (!found) throw campaignNotFound();
      const { plate, format } = request.query;
      const chosen =
        plate === undefined ? found.plates : found.plates.filter((p) => p.barcode === plate);
      if (chosen.length === 0) throw new HttpError(404, `No plate ${plate} in this campaign`);
      const body = fileOf(campaignPlateMapCells(chosen), format, true);
      return download(
        reply,
        format === 'csv' ? CSV_DOWNLOAD_TYPE : XLSX_TYPE,
        `campaign_${id}_platemap.${format}`,
        body,
      );
    },
  );
}
