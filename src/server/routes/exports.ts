// File exports of an experiment's plate: CSV long table, Excel workbook, and the transfer
// list of an acoustic dispenser. The plate is the one GET /plate answers (computed with the
// current bench), so every export agrees with what the designer shows.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import type { PlateState } from '../../domain/plate-state';
import { transferListCells } from '../../domain/transfer-list';
import { userOf } from '../auth/request-user';
import type { Db } from '../db/connect';
import { parseOrThrow } from '../errors';
import { acousticPlan, sourceCells } from '../exports/acoustic-sources';
import { PLATE_TABLE_HEADERS, plateTableRows } from '../exports/plate-table';
import { plateWorkbook } from '../exports/plate-workbook';
import { plateProtocolOps } from '../exports/protocol-ops';
import type { PlateService } from '../plate/plate-service';
import { listBench } from '../repositories/bench';
import { benchInfoOf, benchJsonOf } from '../repositories/bench-json';
import type { ExperimentsRepository } from '../repositories/experiments';
import { ownedExperiment } from './experiment-access';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const transferQuery = z.object({
  instrument: z
    .enum(['acoustic'], {
      error: 'must be acoustic (the transfer list is for acoustic dispensers)',
    })
    .default('acoustic'),
});

/** A download: content type and `Content-Disposition: attachment` with the spec's file name. */
function download(reply: FastifyReply, type: string, filename: string, body: string | Buffer) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** Registers the export routes (prefix /api/experiments). */
export async function exportRoutes(
  app: FastifyInstance,
  options: { experiments: ExperimentsRepository; plates: PlateService; db: Db },
): Promise<void> {
  const { experiments, plates, db } = options;
  const tags = ['Exports'];
  app.addHook('preHandler', app.requireUser);

  /** The owner's experiment id and its plate as GET /plate answers it. */
  const plateOf = async (request: FastifyRequest) => {
    const experiment = await ownedExperiment(experiments, request);
    const answer = await plates.current(userOf(request).id, experiment.id);
    return { id: experiment.id, state: JSON.parse(answer.json) as PlateState };
  };

  app.get(
    '/:id/export/csv',
    {
      schema: {
        summary: 'The plate as CSV, one row per well and reagent (experiment_{id}.csv)',
        tags,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { id, state } = await plateOf(request);
      const csv = stringify([[...PLATE_TABLE_HEADERS], ...plateTableRows(state)], { bom: true });
      return download(reply, 'text/csv; charset=utf-8', `experiment_${id}.csv`, csv);
    },
  );

  app.get(
    '/:id/export/excel',
    {
      schema: {
        summary:
          'The plate as an Excel workbook: map, wells, bench, protocol (experiment_{id}.xlsx)',
        tags,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { id, state } = await plateOf(request);
      const rows = await listBench(db, id);
      const ops = plateProtocolOps(state, rows.map(benchInfoOf));
      const names = Object.fromEntries(rows.map((r) => [r.slug, r.name]));
      const sources = sourceCells(acousticPlan(state), names);
      const body = plateWorkbook(state, rows.map(benchJsonOf), ops, sources);
      return download(reply, XLSX_TYPE, `experiment_${id}.xlsx`, body);
    },
  );

  app.get(
    '/:id/export/transfer-list',
    {
      schema: {
        summary: 'Acoustic dispenser transfer list in nL (experiment_{id}_transfers.csv)',
        tags,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      parseOrThrow(transferQuery, request.query, 'query');
      const { id, state } = await plateOf(request);
      const { rows, skipped } = acousticPlan(state);
      // Additions below one droplet cannot be dispensed: say how many were left out.
      reply.header('x-skipped-transfers', String(skipped.length));
      const csv = stringify(transferListCells(rows));
      return download(reply, 'text/csv; charset=utf-8', `experiment_${id}_transfers.csv`, csv);
    },
  );
}
