// The campaign QC table (GET /api/campaigns/{campaignId}/qc): each plate's latest readout
// read against its controls under the user's thresholds. The plates are worked one per turn
// of the event loop (setImmediate), so a 300-plate campaign never holds other requests for
// longer than one plate.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plateQcRow } from '../../domain/results/campaign-qc';
import {
  campaignQcQuerySchema,
  campaignQcSchema,
  type CampaignQc,
} from '../../domain/schemas/campaign-qc';
import { idParamSchema } from '../../domain/schemas/experiment';
import { userOf } from '../auth/request-user';
import { campaignNotFound, type CampaignService } from '../campaigns/campaign-service';
import type { ReadoutsRepository } from './readouts-repository';

const params = z.object({ campaignId: idParamSchema('Campaign not found') });
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const finite = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x : null);

export async function campaignQcRoutes(
  app: FastifyInstance,
  options: { campaigns: CampaignService; readouts: ReadoutsRepository },
): Promise<void> {
  const { campaigns, readouts } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.get(
    '/campaigns/:campaignId/qc',
    {
      schema: {
        summary:
          "Every plate's QC (Z', robust Z', S/B, control CVs, SSMD) from its latest readout, failing plates marked under the thresholds given",
        tags: ['Results'],
        params,
        querystring: campaignQcQuerySchema,
        response: { 200: campaignQcSchema },
      },
    },
    async (request): Promise<CampaignQc> => {
      const found = await campaigns.platesOf(userOf(request).id, request.params.campaignId);
      if (!found) throw campaignNotFound();
      const latest = await readouts.latestOf(found.plates.map((p) => p.experiment_id));
      const thresholds = request.query;
      const plates: CampaignQc['plates'] = [];
      for (const p of found.plates) {
        const readout = latest.get(p.experiment_id);
        const base = { position: p.position, experiment_id: p.experiment_id, barcode: p.barcode };
        if (!readout) {
          plates.push({
            ...base,
            readout: null,
            z_prime: null,
            robust_z_prime: null,
            s_b: null,
            cv_pos_pct: null,
            cv_neg_pct: null,
            ssmd: null,
            pass: null,
            failures: [],
            notes: ['No readout imported'],
          });
          continue;
        }
        await nextTurn();
        const values = JSON.parse(readout.valuesJson) as Record<string, number>;
        const row = plateQcRow(p.wells, values, thresholds);
        plates.push({
          ...base,
          readout: { id: readout.id, run: readout.run, channel: readout.channel },
          z_prime: row.qc.z_prime,
          robust_z_prime: row.qc.robust_z_prime,
          s_b: row.qc.s_b,
          cv_pos_pct: finite(row.qc.pos?.cv_pct),
          cv_neg_pct: finite(row.qc.neg?.cv_pct),
          ssmd: row.qc.ssmd,
          pass: row.pass,
          failures: row.failures,
          notes: row.qc.notes.filter((n) => !n.startsWith("Z' ")),
        });
      }
      return {
        campaign_id: request.params.campaignId,
        thresholds,
        plates,
        failing: plates.filter((p) => p.pass === false).length,
      };
    },
  );
}
