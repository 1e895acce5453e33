// What the campaign view reads (every plate's wells as role characters for its thumbnail, the
// plan's figures per plate) and the campaign's exports by plate: the source plates in the
// order to load them, one plate's picklist and one plate's bulk-dispense steps (prefix /api).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignPicklistCells } from '../../domain/campaign/export-rows';
import { plateRoleCodes } from '../../domain/campaign/plate-roles';
import { campaignSourceListCells } from '../../domain/campaign/source-list';
import {
  campaignPlanSummarySchema,
  campaignPlateParamsSchema,
  campaignThumbnailsSchema,
} from '../../domain/campaign/view-schemas';
import type { SheetCell } from '../../domain/csv-safe';
import { bulkSheetCells, unmetWellCount } from '../../domain/dispensing/export-rows';
import { planDispense } from '../../domain/dispensing/plan';
import { plateDefn } from '../../domain/plate-format';
import { errorAnswers } from '../../domain/schemas/api-error';
import { idParamSchema } from '../../domain/schemas/experiment';
import { CSV_TYPE, fileAnswer } from '../../domain/schemas/export-answer';
import { userOf } from '../auth/request-user';
import { campaignNotFound, type CampaignService } from '../campaigns/campaign-service';
import type { Db } from '../db/connect';
import { experiments } from '../db/schema';
import { HttpError } from '../errors';
import { CSV_DOWNLOAD_TYPE, csvText, download } from '../exports/download';
import type { PlateService } from '../plate/plate-service';
import { settingsOf } from './dispensing';

const tags = ['Campaigns'];
const params = z.object({ campaignId: idParamSchema('Campaign not found') });
const plateNotFound = (position: number) =>
  new HttpError(404, `No plate ${position} in this campaign`);

/** A CSV download; instruments' lists go without a BOM (it would glue to the first name). */
function sendCsv(
  reply: FastifyReply,
  filename: string,
  cells: readonly (readonly SheetCell[])[],
  unmet: number,
  bom: boolean,
) {
  reply.header('x-unmet-wells', String(unmet));
  return download(reply, CSV_DOWNLOAD_TYPE, filename, csvText(cells, bom));
}

/** Registers the campaign view's reads and the per-plate exports (prefix /api). */
export async function campaignViewRoutes(
  fastify: FastifyInstance,
  options: { campaigns: CampaignService; plates: PlateService; db: Db },
): Promise<void> {
  const { campaigns, plates, db } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/campaigns/:campaignId/thumbnails',
    {
      schema: {
        summary: "Every plate of the campaign, in order, with its wells' roles for its thumbnail",
        tags,
        params,
        response: { 200: campaignThumbnailsSchema, ...errorAnswers(404) },
      },
    },
    async (request) => {
      const found = await campaigns.platesOf(userOf(request).id, request.params.campaignId);
      if (!found) throw campaignNotFound();
      const defn = plateDefn(found.format);
      return {
        id: found.json.id,
        name: found.json.name,
        format: found.format,
        rows: defn.rows,
        cols: defn.cols,
        plates: found.plates.map((p) => ({
          position: p.position,
          experiment_id: p.experiment_id,
          barcode: p.barcode,
          compounds: p.compounds ?? 0,
          empty_wells: p.empty_wells ?? 0,
          roles: plateRoleCodes(defn, p.wells),
        })),
      };
    },
  );

  app.get(
    '/campaigns/:campaignId/plan-summary',
    {
      schema: {
        summary:
          "The campaign plan's figures per plate (transfers, unmet wells, shortfalls, solvent range), without the transfers",
        tags,
        params,
        response: { 200: campaignPlanSummarySchema, ...errorAnswers(404) },
      },
    },
    async (request) => {
      const plan = await campaigns.plan(userOf(request).id, request.params.campaignId);
      if (!plan) throw campaignNotFound();
      return {
        transfer_count: plan.transfers.length,
        unmet_count: plan.unmet.length,
        shortfall_count: plan.shortfalls.length,
        plates: plan.plates,
        warnings: plan.warnings,
      };
    },
  );

  app.get(
    '/campaigns/:campaignId/export/sources',
    {
      schema: {
        summary:
          'The source plates in the order to load them, with the wells, transfers and volume each gives (campaign_{id}_sources.csv)',
        tags,
        params,
        produces: [CSV_TYPE],
        response: { 200: fileAnswer(CSV_TYPE), ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const id = request.params.campaignId;
      const plan = await campaigns.plan(userOf(request).id, id);
      if (!plan) throw campaignNotFound();
      const cells = campaignSourceListCells(plan.transfers);
      return sendCsv(reply, `campaign_${id}_sources.csv`, cells, plan.unmet.length, true);
    },
  );

  app.get(
    '/campaigns/:campaignId/plates/:position/export/picklist',
    {
      schema: {
        summary:
          'The picklist of one plate of the campaign (its 1-based position), in nL, from the campaign plan (campaign_{id}_plate_{position}_picklist.csv)',
        tags,
        params: campaignPlateParamsSchema,
        produces: [CSV_TYPE],
        response: { 200: fileAnswer(CSV_TYPE), ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const { campaignId: id, position } = request.params;
      const plan = await campaigns.plan(userOf(request).id, id);
      if (!plan) throw campaignNotFound();
      const plate = plan.plates[position - 1];
      if (!plate) throw plateNotFound(position);
      const transfers = plan.transfers.filter((t) => t.plate_index === position);
      return sendCsv(
        reply,
        `campaign_${id}_plate_${position}_picklist.csv`,
        campaignPicklistCells(transfers),
        plate.unmet,
        false,
      );
    },
  );

  app.get(
    '/campaigns/:campaignId/plates/:position/export/bulk',
    {
      schema: {
        summary:
          'The bulk-dispense steps of one plate of the campaign (its 1-based position): one liquid and volume to wells (campaign_{id}_plate_{position}_bulk.csv)',
        tags,
        params: campaignPlateParamsSchema,
        produces: [CSV_TYPE],
        response: { 200: fileAnswer(CSV_TYPE), ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const owner = userOf(request).id;
      const { campaignId: id, position } = request.params;
      const found = await campaigns.get(owner, id);
      if (!found) throw campaignNotFound();
      const entry = found.json.plates.find((p) => p.position === position);
      if (!entry) throw plateNotFound(position);
      // the plate's own plan, as its designer and its experiment's bulk sheet read it
      const [row] = await db
        .select()
        .from(experiments)
        .where(eq(experiments.id, entry.experiment_id));
      if (!row) throw plateNotFound(position);
      const { defn, wells, bench } = await plates.planInputs(owner, entry.experiment_id);
      const plan = planDispense(defn, wells, bench, settingsOf(row));
      return sendCsv(
        reply,
        `campaign_${id}_plate_${position}_bulk.csv`,
        bulkSheetCells(plan),
        unmetWellCount(plan),
        true,
      );
    },
  );
}
