// Dispensing: the instruments and source plate types a plan may use (GET /api/instruments),
// an experiment's dispensing settings (GET/PUT /api/experiments/{id}/dispensing, stored on
// the experiment, the format's defaults until then) and its dispense plan
// (GET /api/experiments/{id}/dispense-plan), planned from the plate GET /plate answers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { experimentParamsSchema } from '../../domain/schemas/experiment';
import { INSTRUMENTS } from '../../domain/dispensing/instruments';
import { planDispense } from '../../domain/dispensing/plan';
import { SOURCE_PLATE_TYPES } from '../../domain/dispensing/plate-types';
import { resolveSettings, type DispenseSettings } from '../../domain/dispensing/settings';
import type { PlateFormat } from '../../domain/plate-format';
import {
  dispensePlanSchema,
  dispenseSettingsPutSchema,
  dispenseSettingsSchema,
  instrumentsAnswerSchema,
} from '../../domain/schemas/dispensing';
import { userOf } from '../auth/request-user';
import { experimentNotFound } from '../errors';
import type { PlateChangedListener, PlateService } from '../plate/plate-service';
import type { ExperimentRow, ExperimentsRepository } from '../repositories/experiments';
import { ownedExperiment } from './experiment-access';

const params = experimentParamsSchema;
const tags = ['Dispensing'];

/** The settings of an experiment: the stored ones over the defaults of its format. */
export function settingsOf(row: ExperimentRow): DispenseSettings {
  const format = Number(row.plateType) as PlateFormat;
  return resolveSettings(format, row.dispensing as Partial<DispenseSettings> | null).settings;
}

/** GET /api/instruments (no user needed: the list is the same for everyone). */
export async function instrumentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/instruments',
    {
      schema: {
        summary: 'Dispensing instruments and source plate types',
        tags,
        response: { 200: instrumentsAnswerSchema },
      },
    },
    async () => ({
      instruments: INSTRUMENTS.map((i) => ({ ...i, bands: [...i.bands] })),
      source_plate_types: [...SOURCE_PLATE_TYPES],
    }),
  );
}

/** Registers the dispensing routes of an experiment (prefix /api/experiments). */
export async function dispensingRoutes(
  app: FastifyInstance,
  options: {
    experiments: ExperimentsRepository;
    plates: PlateService;
    /** told of the plate recomputed with new settings (the events stream's plate_changed) */
    onPlateChanged?: PlateChangedListener;
  },
): Promise<void> {
  const { experiments, plates } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.get(
    '/:id/dispensing',
    {
      schema: {
        summary: 'The dispensing settings (the format defaults until set)',
        tags,
        params,
        response: { 200: dispenseSettingsSchema },
      },
    },
    async (request) => settingsOf(await ownedExperiment(experiments, request)),
  );

  r.put(
    '/:id/dispensing',
    {
      schema: {
        summary: 'Changes the dispensing settings (fields given replace the stored ones)',
        tags,
        params,
        body: dispenseSettingsPutSchema,
        response: { 200: dispenseSettingsSchema },
      },
    },
    async (request) => {
      const row = await ownedExperiment(experiments, request);
      const next = { ...settingsOf(row), ...request.body } as DispenseSettings;
      const saved = await experiments.setDispensing(userOf(request).id, row.id, { ...next });
      if (!saved) throw experimentNotFound();
      // recompute the cached plate with the new settings now, and tell the clients: the
      // wells are unchanged (same version and hash) but their computed values are not
      const owner = userOf(request).id;
      const answer = await plates.current(owner, row.id);
      const hash = (JSON.parse(answer.json) as { hash: string }).hash;
      options.onPlateChanged?.({
        experimentId: row.id,
        version: answer.version,
        base_version: answer.version,
        hash,
        changed: {},
        removed: [],
        author: owner,
      });
      return settingsOf(saved);
    },
  );

  r.get(
    '/:id/dispense-plan',
    {
      schema: {
        summary:
          'The dispense plan: transfers, source fills, bulk steps, intermediates, unmet wells',
        tags,
        params,
        response: { 200: dispensePlanSchema },
      },
    },
    async (request, reply) => {
      const row = await ownedExperiment(experiments, request);
      const { defn, wells, bench } = await plates.planInputs(userOf(request).id, row.id);
      const plan = planDispense(defn, wells, bench, settingsOf(row));
      reply.header('x-unmet-wells', String(new Set(plan.unmet.map((u) => u.well)).size));
      return plan;
    },
  );
}
