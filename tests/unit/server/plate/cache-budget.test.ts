// One byte budget over several caches: the bytes of every entry count, the budget holds
// after every change, and the least recently used entry of any cache goes first.
import { describe, expect, it } from 'vitest';
import { BudgetedCache, ByteBudget } from '../../../../src/server/plate/cache-budget';

describe('ByteBudget', () => {
  it('holds across caches, dropping the least recently used entry of any of them', () => {
    const budget = new ByteBudget(1000);
    const plates = new BudgetedCache<number, string>(budget, (s) => s.length);
    const answers = new BudgetedCache<string, Buffer>(budget, (b) => b.length);
    plates.set(1, 'x'.repeat(400));
    answers.set('a', Buffer.alloc(300));
    plates.set(2, 'x'.repeat(200));
    expect(budget.bytes).toBe(900);
    // plate 1 read last: the answer is now the least recently used
    expect(plates.get(1)).toHaveLength(400);
    answers.set('b', Buffer.alloc(350));
    expect(answers.get('a')).toBeUndefined();
    expect(budget.bytes).toBe(950);
    // now plate 2 is the least recently used: the next entry drops it, not plate 1
    answers.set('c', Buffer.alloc(100));
    expect(plates.get(2)).toBeUndefined();
    expect(plates.get(1)).toHaveLength(400);
    expect(answers.get('b')).toHaveLength(350);
    expect(budget.bytes).toBe(850);
  });

  it('replaces an entry instead of adding to it, and keeps nothing larger than the budget', () => {
    const budget = new ByteBudget(100);
    const cache = new BudgetedCache<string, string>(budget, (s) => s.length);
    cache.set('k', 'x'.repeat(60));
    cache.set('k', 'x'.repeat(30));
    expect(budget.bytes).toBe(30);
    cache.set('big', 'x'.repeat(101));
    expect(cache.get('big')).toBeUndefined();
    expect(budget.bytes).toBe(30);
    cache.delete('k');
    expect(budget.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });

  it('holds under many random writes', () => {
    const budget = new ByteBudget(5000);
    const caches = [0, 1, 2].map(() => new BudgetedCache<number, number>(budget, (n) => n));
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647);
    for (let i = 0; i < 2000; i++) {
      caches[next() % 3].set(next() % 50, 1 + (next() % 900));
      expect(budget.bytes).toBeLessThanOrEqual(5000);
    }
    expect(budget.bytes).toBeGreaterThan(0);
  });
});
