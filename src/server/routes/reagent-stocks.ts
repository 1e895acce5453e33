// /api/reagents stocks: of a definition (GET/POST /definitions/{id}/stocks), one stock
// (GET/PATCH/DELETE /stocks/{id}) and those of an experiment (GET /experiments/{id}/stocks).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { experimentParamsSchema, idParamSchema } from '../../domain/schemas/experiment';
import {
  reagentStockCreateSchema,
  reagentStockPatchSchema,
  reagentStockSchema,
} from '../../domain/schemas/reagent-stock';
import { stockLimitError } from '../../domain/stock-limit';
import type { ConcentrationUnit } from '../../domain/units';
import { userOf } from '../auth/request-user';
import { experimentNotFound, HttpError } from '../errors';
import type { DefinitionsRepository } from '../repositories/definitions';
import type { ExperimentsRepository } from '../repositories/experiments';
import { stockJsonOf, type StocksRepository } from '../repositories/stocks';
import { definitionNotFound } from './reagents';

const stockNotFound = () => new HttpError(404, 'Stock not found');

const stockQuerySchema = z.object({
  experiment_id: z.coerce
    .number({ error: 'must be an experiment id' })
    .int('must be an experiment id')
    .positive('must be an experiment id')
    .max(2_147_483_647, 'must be an experiment id')
    .optional(),
});
const definitionParams = z.object({ id: idParamSchema('Reagent definition not found') });
const stockParams = z.object({ id: idParamSchema('Stock not found') });
const tags = ['Reagents'];
const one = { 200: reagentStockSchema };
const list = { 200: z.array(reagentStockSchema) };

/** Registers the stock routes (prefix /api/reagents); all need a user. */
export async function reagentStockRoutes(
  app: FastifyInstance,
  options: {
    definitions: DefinitionsRepository;
    stocks: StocksRepository;
    experiments: ExperimentsRepository;
  },
): Promise<void> {
  const { definitions, stocks, experiments } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  async function ownExperiment(userId: string, id: number | null | undefined): Promise<void> {
    if (id == null) return;
    if (!(await experiments.get(userId, id))) throw experimentNotFound();
  }

  async function readableDefinition(userId: string, id: number) {
    const row = await definitions.get(userId, id);
    if (!row) throw definitionNotFound();
    return row;
  }

  r.get(
    '/definitions/:id/stocks',
    {
      schema: {
        summary: 'Stocks of a definition (?experiment_id=)',
        tags,
        params: definitionParams,
        querystring: stockQuerySchema,
        response: list,
      },
    },
    async (request) => {
      const user = userOf(request).id;
      const definition = await readableDefinition(user, request.params.id);
      const query = request.query;
      const rows = await stocks.listForDefinition(user, definition.id, query.experiment_id ?? null);
      return rows.map(stockJsonOf);
    },
  );

  r.post(
    '/definitions/:id/stocks',
    {
      schema: {
        summary: 'Create a stock of a definition',
        tags,
        params: definitionParams,
        body: reagentStockCreateSchema,
        response: { 201: reagentStockSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request).id;
      const definition = await readableDefinition(user, request.params.id);
      const input = request.body;
      await ownExperiment(user, input.experiment_id);
      const row = await stocks.create(user, definition.id, input);
      return reply.status(201).send(stockJsonOf(row));
    },
  );

  r.get(
    '/stocks/:id',
    { schema: { summary: 'One reagent stock', tags, params: stockParams, response: one } },
    async (request) => {
      const id = request.params.id;
      const row = await stocks.get(userOf(request).id, id);
      if (!row) throw stockNotFound();
      return stockJsonOf(row);
    },
  );

  r.patch(
    '/stocks/:id',
    {
      schema: {
        summary: 'Update a reagent stock',
        tags,
        params: stockParams,
        body: reagentStockPatchSchema,
        response: one,
      },
    },
    async (request) => {
      const user = userOf(request).id;
      const id = request.params.id;
      const changes = request.body;
      const current = await stocks.get(user, id);
      if (!current) throw stockNotFound();
      // The 1.0 M rule on the stock as it will be, whichever of value and unit changed.
      const limit = stockLimitError(
        changes.concentration_value ?? current.concentrationValue,
        (changes.concentration_units ?? current.concentrationUnits) as ConcentrationUnit | null,
      );
      if (limit) throw new HttpError(400, limit, [{ path: 'concentration_value', message: limit }]);
      await ownExperiment(user, changes.experiment_id);
      const row = await stocks.update(user, current, changes);
      if (!row) throw stockNotFound();
      return stockJsonOf(row);
    },
  );

  r.delete(
    '/stocks/:id',
    {
      schema: {
        summary: 'Delete a reagent stock',
        tags,
        params: stockParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      if (!(await stocks.remove(userOf(request).id, id))) throw stockNotFound();
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/experiments/:id/stocks',
    {
      schema: {
        summary: 'Stocks tied to an experiment',
        tags,
        params: experimentParamsSchema,
        response: list,
      },
    },
    async (request) => {
      const user = userOf(request).id;
      const id = request.params.id;
      await ownExperiment(user, id);
      return (await stocks.listForExperiment(user, id)).map(stockJsonOf);
    },
  );
}
