// GET /api/metrics: the process's counters (src/server/metrics.ts), for operators and the
// load benchmarks. Counts only: nothing about any user or experiment.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerMetrics } from '../metrics';

const count = z.number().int().min(0);
const metricsSchema = z.object({
  plate_computations: count,
  plate_serialisations: count,
  bench_reads: count,
  cache_bytes: count,
  cache_bytes_limit: count,
  requests_shed: count,
  in_flight: count,
  in_flight_peak: count,
  in_flight_limit: count,
});

export async function metricsRoutes(
  app: FastifyInstance,
  options: { metrics: ServerMetrics; inFlightLimit: number },
): Promise<void> {
  const { metrics, inFlightLimit } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      schema: {
        summary: "This process's counters: plate computations, requests shed, requests in flight",
        tags: ['Meta'],
        response: { 200: metricsSchema },
      },
    },
    async () => ({
      plate_computations: metrics.plateComputations,
      plate_serialisations: metrics.plateSerialisations,
      bench_reads: metrics.benchReads,
      cache_bytes: metrics.cacheBytes,
      cache_bytes_limit: metrics.cacheBytesLimit,
      requests_shed: metrics.requestsShed,
      in_flight: metrics.inFlight,
      in_flight_peak: metrics.inFlightPeak,
      in_flight_limit: inFlightLimit,
    }),
  );
}
