import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WellSet } from '../../../src/domain/plate/well-set';

const N = 1536;
const sorted = (xs: Iterable<number>) => [...xs].toSorted((x, y) => x - y);
const arbIndices = fc.uniqueArray(fc.integer({ min: 0, max: N - 1 }), { maxLength: 200 });

describe('WellSet', () => {
  it('holds what it was given', () => {
    const s = WellSet.of(N, [0, 31, 32, 1535, 700]);
    expect(s.count).toBe(5);
    expect(s.indices()).toEqual([0, 31, 32, 700, 1535]);
    expect(s.has(31)).toBe(true);
    expect(s.has(30)).toBe(false);
    expect(s.has(-1)).toBe(false);
    expect(s.has(N)).toBe(false);
    expect(WellSet.of(96, [-1, 96, 5]).indices()).toEqual([5]);
  });

  it('knows empty, all and a sole well', () => {
    expect(WellSet.empty(N).isEmpty).toBe(true);
    expect(WellSet.all(N).count).toBe(N);
    expect(WellSet.all(6).indices()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(WellSet.all(96).count).toBe(96);
    expect(WellSet.of(N, [9]).isOnly(9)).toBe(true);
    expect(WellSet.of(N, [9, 10]).isOnly(9)).toBe(false);
  });

  it('compares by content', () => {
    expect(WellSet.of(N, [1, 2]).equals(WellSet.of(N, [2, 1]))).toBe(true);
    expect(WellSet.of(N, [1, 2]).equals(WellSet.of(N, [1, 3]))).toBe(false);
    expect(WellSet.of(96, [1]).equals(WellSet.of(384, [1]))).toBe(false);
  });

  it('toggles, adds and removes', () => {
    const s = WellSet.of(N, [4]);
    expect(s.toggle(4).isEmpty).toBe(true);
    expect(s.toggle(1535).indices()).toEqual([4, 1535]);
    expect(s.with(5).indices()).toEqual([4, 5]);
    expect(s.without(4).isEmpty).toBe(true);
    expect(s.indices()).toEqual([4]); // immutable
  });

  it('keeps its identity when nothing changes', () => {
    const s = WellSet.of(N, [4, 40]);
    expect(s.with(4)).toBe(s);
    expect(s.without(5)).toBe(s);
    expect(s.toggle(-3)).toBe(s);
    expect(s.union(WellSet.of(N, [40]))).toBe(s);
    expect(s.union(WellSet.empty(N))).toBe(s);
    expect(s.difference(WellSet.of(N, [41]))).toBe(s);
    expect(s.xor(WellSet.empty(N))).toBe(s);
    expect(s.reuse(WellSet.of(N, [40, 4]))).toBe(s);
    const other = WellSet.of(N, [4, 40, 41]);
    expect(s.reuse(other)).toBe(other);
    // A union that equals the other operand answers that operand.
    expect(WellSet.empty(N).union(other)).toBe(other);
  });

  it('round-trips through its words', () => {
    const s = WellSet.of(N, [0, 31, 32, 1535]);
    const words = s.toWords();
    expect(words.length).toBe(48);
    expect(WellSet.fromWords(N, words).equals(s)).toBe(true);
    words[0] = 0; // a copy: the set is untouched
    expect(s.has(0)).toBe(true);
  });

  it('writes its words into an array at an offset', () => {
    const s = WellSet.of(N, [0, 31, 32, 1535]);
    const into = new Float64Array(50).fill(-1);
    s.writeWords(into, 2);
    expect(into[0]).toBe(-1);
    expect(into[1]).toBe(-1);
    expect(Array.from(into.subarray(2))).toEqual(Array.from(s.toWords()));
    expect(into[2]).toBe(0x80000001);
  });

  it('refuses to mix plate sizes', () => {
    expect(() => WellSet.of(96, [1]).union(WellSet.of(384, [1]))).toThrow();
  });

  it('agrees with Set arithmetic (property)', () => {
    fc.assert(
      fc.property(arbIndices, arbIndices, (a, b) => {
        const A = WellSet.of(N, a);
        const B = WellSet.of(N, b);
        const sa = new Set(a);
        const sb = new Set(b);
        expect(A.union(B).indices()).toEqual(sorted(new Set([...a, ...b])));
        expect(A.difference(B).indices()).toEqual(sorted(a.filter((i) => !sb.has(i))));
        expect(A.xor(B).indices()).toEqual(
          sorted([...a.filter((i) => !sb.has(i)), ...b.filter((i) => !sa.has(i))]),
        );
        expect(A.containsAll(B)).toBe(b.every((i) => sa.has(i)));
        expect(A.count).toBe(sa.size);
        const diff: number[] = [];
        A.forEachDifference(B, (i, inA) => {
          expect(inA).toBe(sa.has(i));
          diff.push(i);
        });
        expect(diff).toEqual(A.xor(B).indices());
      }),
    );
  });
});
