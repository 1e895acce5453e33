// The standing-queue signal of admission control, on a clock the test sets: a queue is when
// every request that ended in the last interval waited longer than the budget while enough
// others are in flight, or when nothing ended and the oldest in flight is older than that;
// one slow request among quick ones, or a few slow ones alone, are no queue.
import { describe, expect, it } from 'vitest';
import { QueueSignal } from '../../../../src/server/plugins/admission';

describe('QueueSignal', () => {
  it('shows no wait with fewer than 4 requests in flight, however slow', () => {
    const q = new QueueSignal(50, 0);
    const ids = [q.enter(0), q.enter(0), q.enter(0)];
    expect(q.wait(1000)).toBe(0);
    q.leave(ids[0], 1000);
    expect(q.wait(1150)).toBe(0);
  });

  it('shows the least time of the last interval when all waited past the budget', () => {
    const q = new QueueSignal(50, 0);
    const slow = [q.enter(0), q.enter(0), q.enter(10)];
    for (let i = 0; i < 4; i++) q.enter(20);
    q.leave(slow[0], 90);
    q.leave(slow[1], 95);
    q.leave(slow[2], 99);
    // the interval [0, 100) ended with 89 ms the least: a standing queue
    expect(q.wait(120)).toBeCloseTo(89);
  });

  it('is no queue when one request of the interval was quick', () => {
    const q = new QueueSignal(50, 0);
    const slow = q.enter(0);
    const quick = q.enter(80);
    for (let i = 0; i < 4; i++) q.enter(85);
    q.leave(slow, 90);
    q.leave(quick, 95);
    expect(q.wait(120)).toBe(15);
    expect(q.wait(120)).toBeLessThan(q.budgetMs);
  });

  it('shows the age of the oldest when nothing ended for an interval', () => {
    const q = new QueueSignal(50, 0);
    for (let i = 0; i < 4; i++) q.enter(0);
    expect(q.wait(50)).toBe(0);
    expect(q.wait(150)).toBe(150);
  });
});
