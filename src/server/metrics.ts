// Counters of one server process, answered by GET /api/metrics: what the caches computed and
// what admission control refused. Plain numbers, read by operators and the load benchmarks.

export interface ServerMetrics {
  /** plates computed whole (a cold read or a new bench), not advanced by a write */
  plateComputations: number;
  /** plate answers serialised to JSON (full or compact form) */
  plateSerialisations: number;
  /** bench rows read from the database (a bench never read, or changed, by concurrent reads) */
  benchReads: number;
  /** bytes the caches hold (computed plates, answers, bench facts), and their budget */
  cacheBytes: number;
  cacheBytesLimit: number;
  /** requests answered 503 because the process had its limit of requests in flight */
  requestsShed: number;
  /** requests in flight now, and the most seen at once */
  inFlight: number;
  inFlightPeak: number;
}

export function serverMetrics(): ServerMetrics {
  return {
    plateComputations: 0,
    plateSerialisations: 0,
    benchReads: 0,
    cacheBytes: 0,
    cacheBytesLimit: 0,
    requestsShed: 0,
    inFlight: 0,
    inFlightPeak: 0,
  };
}
