// The screening corpus on the pure path: how many cases come out exactly as the scientist
// expects, and how many write a wrong plate without asking. The floors below are the
// measured figures; they may only rise (the goal is >= 95 % exact and no wrong write).
import { describe, expect, it } from 'vitest';
import { CORPUS } from './request-corpus';
import { SCREENING_CORPUS } from './request-corpus-screening';
import { gradeCase, type Graded } from './screening-run';

const MIN_EXACT = 263;
const MAX_WRONG = 0;

describe('screening corpus', () => {
  it('holds, with the first corpus, at least 300 cases in every class', () => {
    expect(CORPUS.length + SCREENING_CORPUS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(SCREENING_CORPUS.map((c) => c.cls)).size).toBe(11);
  });

  it('is exact on most cases and writes no wrong plate', () => {
    const graded: (Graded & { n: number })[] = SCREENING_CORPUS.map((c, n) => ({
      ...gradeCase(c),
      n,
    }));
    const exact = graded.filter((g) => g.grade === 'exact').length;
    const wrong = graded.filter((g) => g.grade === 'wrong-write');
    const byClass = new Map<string, [number, number]>();
    graded.forEach((g) => {
      const cls = SCREENING_CORPUS[g.n].cls;
      const [e, t] = byClass.get(cls) ?? [0, 0];
      byClass.set(cls, [e + (g.grade === 'exact' ? 1 : 0), t + 1]);
    });
    const lines = [
      `exact ${exact}/${graded.length} (${((100 * exact) / graded.length).toFixed(1)} %), wrong writes ${wrong.length}`,
      ...[...byClass].map(([k, [e, t]]) => `  ${k}: ${e}/${t}`),
      ...graded
        .filter((g) => g.grade !== 'exact')
        .map((g) => `  ${g.grade} #${g.n + 1} "${SCREENING_CORPUS[g.n].request}": ${g.why}`),
    ];
    if (process.env.CORPUS_REPORT) console.log(lines.join('\n'));
    expect(exact, lines.join('\n')).toBeGreaterThanOrEqual(MIN_EXACT);
    expect(wrong.length, lines.join('\n')).toBeLessThanOrEqual(MAX_WRONG);
  }, 120_000);
});
