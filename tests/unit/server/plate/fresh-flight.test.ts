// FreshFlight: callers of one turn share a read; a caller arriving while a read runs gets the
// next read (never one that started before it arrived); keys are apart; a failure is not kept.
import { describe, expect, it } from 'vitest';
import { FreshFlight } from '../../../../src/server/plate/single-flight';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('FreshFlight', () => {
  it('shares one read among the callers of one turn', async () => {
    const flight = new FreshFlight<string, number>();
    let reads = 0;
    const read = async () => ++reads;
    const answers = await Promise.all(Array.from({ length: 200 }, () => flight.run('a', read)));
    expect(reads).toBe(1);
    expect(new Set(answers)).toEqual(new Set([1]));
  });

  it('answers a caller arriving during a read with a read started after it', async () => {
    const flight = new FreshFlight<string, number>();
    let stored = 0;
    let release: (() => void) | undefined;
    let reads = 0;
    const read = async () => {
      reads++;
      const seen = stored;
      if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
      return seen;
    };
    const first = flight.run('a', read);
    await turn();
    await turn();
    expect(reads).toBe(1);
    // a write lands while the first read runs; the next callers must see it
    stored = 1;
    const second = flight.run('a', read);
    const third = flight.run('a', read);
    release?.();
    expect(await first).toBe(0);
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    expect(reads).toBe(2);
  });

  it('keeps keys apart and does not keep a failure', async () => {
    const flight = new FreshFlight<string, string>();
    await expect(flight.run('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const [a, b] = await Promise.all([
      flight.run('a', async () => 'A'),
      flight.run('b', async () => 'B'),
    ]);
    expect([a, b]).toEqual(['A', 'B']);
  });
});
