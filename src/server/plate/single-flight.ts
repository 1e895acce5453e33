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

/**
 * One database read in flight per key, each caller answered by a read that started after it
 * arrived: a read starts on the next turn of the event loop (so every request that reached
 * it in this turn shares it) and not before the previous read of the key has ended; callers
 * arriving before it starts share it. So 200 concurrent requests for one plate's head cost a
 * few queries instead of 200 (on PGlite's one connection they ran one after another, and a
 * query there runs to its end before any other request moves: without the turn nobody
 * would ever share one), and no caller sees a state older than its own arrival (a client
 * that wrote and then reads always reads its write).
 */
export class FreshFlight<K, V> {
  /** reads not started yet: joined by whoever arrives */
  private readonly waiting = new Map<K, Promise<V>>();
  /** the last read started of each key, until it ends */
  private readonly running = new Map<K, Promise<unknown>>();

  run(key: K, read: () => Promise<V>): Promise<V> {
    const waiting = this.waiting.get(key);
    if (waiting) return waiting;
    const previous = this.running.get(key) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        this.waiting.delete(key);
        const started = read();
        const ended = started.then(
          () => undefined,
          () => undefined,
        );
        this.running.set(key, ended);
        void ended.then(() => {
          if (this.running.get(key) === ended) this.running.delete(key);
        });
        return started;
      });
    this.waiting.set(key, next);
    return next;
  }
}
