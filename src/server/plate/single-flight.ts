// Concurrent misses of a cache for one key wait on one computation: the first starts it, the
// others get its promise. Without it, 200 readers of a cold 1536-well plate arriving together
// each loaded, computed and serialised the plate (seconds of CPU each on a busy process).
// A failed computation is not kept: the next caller tries again.

/** One computation in flight per key. */
export class SingleFlight<K, V> {
  private readonly flights = new Map<K, Promise<V>>();

  /** The running computation of `key`, or `compute()` started now and shared until it ends. */
  run(key: K, compute: () => Promise<V>): Promise<V> {
    const running = this.flights.get(key);
    if (running) return running;
    const started = (async () => compute())().finally(() => this.flights.delete(key));
    this.flights.set(key, started);
    return started;
  }
}
