// File exports of an experiment's plate: CSV long table, Excel workbook, and the dispense
// plan's picklist (also served as the transfer list), fill sheet, bulk sheet, pipetting
// worklist and the unmet wells (a file of their own: an instrument never reads them). The plate is the one GET /plate answers (computed with the current
// bench) and the plan the one GET /dispense-plan answers, so every export agrees with what
// the designer and the API show. Every answer names its count of unmet wells
// (X-Unmet-Wells); CSV cells that a spreadsheet would read as formulas are neutralised.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SheetCell } from '../../domain/csv-safe';
import {
  bulkSheetCells,
  fillSheetCells,
  intermediateCells,
  picklistCells,
  pipettingWorklistCells,
  unmetCells,
  unmetWellCount,
} from '../../domain/dispensing/export-rows';
import { planDispense } from '../../domain/dispensing/plan';
import type { DispensePlan } from '../../domain/dispensing/plan-types';
import type { PlateState } from '../../domain/plate-state';
import { errorAnswers } from '../../domain/schemas/api-error';
import { experimentParamsSchema } from '../../domain/schemas/experiment';
import {
  CSV_TYPE,
  XLSX_TYPE,
  fileAnswer,
  transferListHeadersSchema,
} from '../../domain/schemas/export-answer';
import { userOf } from '../auth/request-user';
import type { Db } from '../db/connect';
import { parseOrThrow, schemaRefusal } from '../errors';
import { ACTUAL_HEADERS, withActualColumns } from '../exports/actual-columns';
import { PLATE_TABLE_HEADERS, plateTableRows } from '../exports/plate-table';
import { plateWorkbook } from '../exports/plate-workbook';
import { plateProtocolOps } from '../exports/protocol-ops';
import { CSV_DOWNLOAD_TYPE, csvText, download } from '../exports/download';
import type { PlateService } from '../plate/plate-service';
import { listBench } from '../repositories/bench';
import { benchInfoOf, benchJsonOf } from '../repositories/bench-json';
import type { ExperimentsRepository } from '../repositories/experiments';
import { actualCells } from '../transfer-logs/answer';
import { reconcilePlan } from '../transfer-logs/plate-run';
import type { TransferLogsRepository } from '../transfer-logs/repository';
import { settingsOf } from './dispensing';
import { ownedExperiment } from './experiment-access';

const transferQuery = z.object({
  instrument: z
    .enum(['acoustic'], {
      error: 'must be acoustic (the transfer list is for acoustic dispensers)',
    })
    .default('acoustic'),
});

/** Plan exports read by an instrument rather than a person. */
const MACHINE_READ = new Set(['picklist', 'worklist']);

/** Registers the export routes (prefix /api/experiments). */
export async function exportRoutes(
  fastify: FastifyInstance,
  options: {
    experiments: ExperimentsRepository;
    plates: PlateService;
    db: Db;
    logs: TransferLogsRepository;
  },
): Promise<void> {
  const { experiments, plates, db, logs } = options;
  const tags = ['Exports'];
  const params = experimentParamsSchema;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Before the path is validated: a caller without a user learns nothing.
  app.addHook('onRequest', app.requireUser);

  /**
   * The owner's experiment id, its plate as GET /plate answers it and its dispense plan as
   * GET /dispense-plan answers it; sets X-Unmet-Wells on the reply.
   */
  const plateOf = async (
    request: FastifyRequest & { params: { id: number } },
    reply: FastifyReply,
  ) => {
    const experiment = await ownedExperiment(experiments, request);
    const owner = userOf(request).id;
    const answer = await plates.current(owner, experiment.id);
    const { defn, wells, bench } = await plates.planInputs(owner, experiment.id);
    const plan = planDispense(defn, wells, bench, settingsOf(experiment));
    reply.header('x-unmet-wells', String(unmetWellCount(plan)));
    return {
      id: experiment.id,
      state: JSON.parse(answer.json) as PlateState,
      plan,
      /** the plan reconciled with the plate's transfer logs; null when none was imported */
      actual: async () => {
        const stored = await logs.texts(experiment.id);
        return stored.length === 0 ? null : reconcilePlan(plan, wells, bench, stored).rec;
      },
    };
  };

  /** A CSV of the dispense plan (picklist, fill sheet, bulk sheet, worklist). */
  const planCsv = (
    path: string,
    summary: string,
    suffix: string,
    cells: (plan: DispensePlan) => SheetCell[][],
  ) =>
    app.get(
      `/:id/export/${path}`,
      {
        schema: {
          summary: `${summary} (experiment_{id}_${suffix}.csv)`,
          tags,
          params,
          produces: [CSV_TYPE],
          response: { 200: fileAnswer(CSV_TYPE), ...errorAnswers(404) },
        },
      },
      async (request, reply) => {
        const { id, plan } = await plateOf(request, reply);
        const name = `experiment_${id}_${suffix}.csv`;
        // no BOM in what an instrument reads: it would glue itself to the first column name
        const csv = csvText(cells(plan), !MACHINE_READ.has(path));
        return download(reply, CSV_DOWNLOAD_TYPE, name, csv);
      },
    );

  planCsv(
    'picklist',
    'Dispenser picklist in nL: the transfers to dispense (unmet wells are in the unmet list)',
    'picklist',
    picklistCells,
  );
  planCsv(
    'unmet',
    'The wells the plan cannot meet, with reasons and proposals (no instrument reads it)',
    'unmet',
    unmetCells,
  );
  planCsv('fill-sheet', 'What to put in each source well', 'fill_sheet', fillSheetCells);
  planCsv(
    'bulk-sheet',
    'Bulk-dispense steps: one liquid and volume to wells',
    'bulk_sheet',
    bulkSheetCells,
  );
  planCsv('worklist', 'Pipetting worklist in uL', 'worklist', pipettingWorklistCells);

  app.get(
    '/:id/export/csv',
    {
      schema: {
        summary: 'The plate as CSV, one row per well and reagent (experiment_{id}.csv)',
        tags,
        params,
        produces: [CSV_TYPE],
        response: { 200: fileAnswer(CSV_TYPE), ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const { id, state, actual } = await plateOf(request, reply);
      const rows = plateTableRows(state);
      const rec = await actual();
      const csv = rec
        ? csvText(
            [[...PLATE_TABLE_HEADERS, ...ACTUAL_HEADERS], ...withActualColumns(rows, rec)],
            true,
          )
        : csvText([[...PLATE_TABLE_HEADERS], ...rows], true);
      return download(reply, CSV_DOWNLOAD_TYPE, `experiment_${id}.csv`, csv);
    },
  );

  app.get(
    '/:id/export/excel',
    {
      schema: {
        summary:
          'The plate as an Excel workbook: map, wells, bench, protocol (experiment_{id}.xlsx)',
        tags,
        params,
        produces: [XLSX_TYPE],
        response: { 200: fileAnswer(XLSX_TYPE), ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const { id, state, plan, actual } = await plateOf(request, reply);
      const rows = await listBench(db, id);
      const ops = plateProtocolOps(state, plan, rows.map(benchInfoOf));
      const pipette = plan.transfers.length > 0 && plan.settings.instrument === 'pipette';
      const extra = [
        {
          name: 'Picklist',
          cells: picklistCells(plan),
          widths: Array(13).fill(16),
        },
        { name: 'Source fill', cells: fillSheetCells(plan), widths: Array(10).fill(16) },
        { name: 'Bulk dispense', cells: bulkSheetCells(plan), widths: [20, 12, 60] },
        ...(pipette
          ? [
              {
                name: 'Pipetting worklist',
                cells: pipettingWorklistCells(plan),
                widths: Array(6).fill(16),
              },
            ]
          : []),
        { name: 'Intermediates', cells: intermediateCells(plan), widths: Array(8).fill(16) },
        { name: 'Unmet', cells: unmetCells(plan), widths: [8, 20, 60, 60] },
      ];
      // once a transfer log is in: planned beside actual, per well and reagent
      const rec = await actual();
      if (rec) extra.push({ name: 'Actual', cells: actualCells(rec), widths: Array(8).fill(16) });
      const body = plateWorkbook(
        state,
        rows.map(benchJsonOf),
        ops,
        extra,
        plan.intermediates.length > 0 ? intermediateCells(plan) : [],
      );
      return download(reply, XLSX_TYPE, `experiment_${id}.xlsx`, body);
    },
  );

  app.get(
    '/:id/export/transfer-list',
    {
      schema: {
        summary:
          "The dispense plan's picklist under its older name; unmet wells left out (experiment_{id}_transfers.csv)",
        tags,
        params,
        querystring: transferQuery,
        produces: [CSV_TYPE],
        response: {
          200: fileAnswer(CSV_TYPE, transferListHeadersSchema),
          ...errorAnswers(400, 404),
        },
      },
      // A refused query is reported in the words of the query's own check.
      attachValidation: true,
    },
    async (request, reply) => {
      const refused = request.validationError;
      if (refused && refused.validationContext !== 'querystring') throw schemaRefusal(refused);
      if (refused) parseOrThrow(transferQuery, request.query, 'query');
      const { id, plan } = await plateOf(request, reply);
      // Older clients read this header: the unmet wells are left out of the list (they are
      // in the unmet export, with their reasons), so it counts them.
      reply.header('x-skipped-transfers', String(unmetWellCount(plan)));
      const csv = csvText(picklistCells(plan), false);
      return download(reply, CSV_DOWNLOAD_TYPE, `experiment_${id}_transfers.csv`, csv);
    },
  );
}
