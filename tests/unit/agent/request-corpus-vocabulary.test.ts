// The vocabulary corpus on the pure path: every case exact, no wrong write.
import { describe, expect, it } from 'vitest';
import { VOCABULARY_CORPUS } from './request-corpus-vocabulary';
import { gradeCase } from './screening-run';

describe('vocabulary corpus', () => {
  it('holds at least 500 requests of every kind', () => {
    expect(VOCABULARY_CORPUS.length).toBeGreaterThanOrEqual(500);
    expect(new Set(VOCABULARY_CORPUS.map((c) => c.kind)).size).toBe(13);
  });

  it('is exact on every case and writes no wrong plate', () => {
    const graded = VOCABULARY_CORPUS.map((c, n) => ({ ...gradeCase(c), n }));
    const bad = graded.filter((g) => g.grade !== 'exact');
    const wrong = graded.filter((g) => g.grade === 'wrong-write');
    const lines = [
      `exact ${graded.length - bad.length}/${graded.length}, wrong writes ${wrong.length}`,
      ...bad.map(
        (g) =>
          `  ${g.grade} #${g.n + 1} [${VOCABULARY_CORPUS[g.n].kind}] (${VOCABULARY_CORPUS[g.n].format}) "${VOCABULARY_CORPUS[g.n].request}": ${g.why}`,
      ),
    ];
    if (process.env.CORPUS_REPORT) console.log(lines.join('\n'));
    expect(wrong.length, lines.join('\n')).toBe(0);
    expect(bad.length, lines.join('\n')).toBe(0);
  }, 300_000);
});
