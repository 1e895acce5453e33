// The assistant writes the wells a request names, as the domain's well-set grammar
// (src/domain/plate/well-set-grammar.ts, a separate reader of whole phrases, where the
// assistant finds phrases inside a sentence) reads the same phrase: for every
// phrase the grammar reads, the wells the turn changes are its reading (or, where it reads
// two ways, one of them), or the turn asks or refuses. Found and mended this way: "except
// columns 12 to 21" excluded column 12 only, "even columns and odd rows" wrote the first
// phrase only, and "change staurosporine in row D except row N to 5 uM" changed row N too.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWellSet } from '../../../src/domain/plate/well-set-grammar';
import type { PlateFormat } from '../../../src/domain/plate-format';
import { idOfIndex } from '../../../src/domain/well-id';
import { decideTurn } from '../../../src/server/agent/plan/decide-turn';
import { context } from './agent-fixtures';

function phrases(format: PlateFormat) {
  const d = context(format).defn;
  const rowName = (r: number) => idOfIndex(d, r * d.cols).replace(/\d+$/, '');
  const row = fc.integer({ min: 0, max: d.rows - 1 }).map(rowName);
  const col = fc.integer({ min: 1, max: d.cols });
  // "Q1".."Q4" are wells to the assistant and quadrants too to the grammar: left out
  const well = fc
    .tuple(row, col)
    .map(([r, c]) => `${r}${c}`)
    .filter((w) => !/^Q[1-4]$/.test(w));
  const atom = fc.oneof(
    well,
    fc.tuple(well, well).map(([a, b]) => `${a}-${b}`),
    fc.tuple(well, well).map(([a, b]) => `${a}:${b}`),
    row.map((r) => `row ${r}`),
    fc.tuple(row, row).map(([a, b]) => `rows ${a}-${b}`),
    fc.tuple(row, row).map(([a, b]) => `rows ${a} and ${b}`),
    col.map((c) => `column ${c}`),
    fc.tuple(col, col).map(([a, b]) => `columns ${a}-${b}`),
    fc.tuple(col, col).map(([a, b]) => `columns ${a} to ${b}`),
    fc.tuple(col, col).map(([a, b]) => `columns ${a} and ${b}`),
    fc.constantFrom(
      'the outer wells',
      'the edge wells',
      'the inner wells',
      'all wells',
      'every other column',
      'odd rows',
      'even columns',
    ),
  );
  return fc.oneof(
    { weight: 3, arbitrary: atom },
    fc.tuple(atom, atom).map(([a, b]) => `${a} and ${b}`),
    fc.tuple(atom, atom).map(([a, b]) => `${a} except ${b}`),
    atom.map((a) => `all wells except ${a}`),
  );
}

describe('well phrases the property found read wrong', () => {
  const ctx = context(1536);
  const changed = (text: string) => Object.keys(decideTurn(text, ctx).result?.wells ?? {});
  it('excludes a range of columns written with "to"', () => {
    // 32 rows x 46 columns: columns 1 and 2 both left out (was column 1 only, 1504 wells)
    const got = changed('add 10 uM staurosporine to all wells except columns 1 to 2');
    expect(got).toHaveLength(32 * 46);
    expect(got.some((w) => /^[A-Z]+[12]$/.test(w))).toBe(false);
  });
  it('joins two screening phrases', () => {
    // 24 even columns x 32 rows, and 16 odd rows x 24 odd columns: 768 + 384 (was 768)
    expect(changed('add 10 uM staurosporine to even columns and odd rows')).toHaveLength(1152);
  });
});

describe.each([384, 1536] as const)('well phrases on %i wells', (format) => {
  const ctx = context(format);
  it('the turn changes the wells the grammar reads, or writes nothing', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        phrases(format),
        // (a volume of DMSO alone in an empty well is 100 % DMSO, refused: its % is written)
        fc.constantFrom(
          'add 10 uM staurosporine to',
          'put 2 uM compound B in',
          'add 0.5 % dmso to',
        ),
        (phrase, lead) => {
          const want = parseWellSet(phrase, ctx.defn);
          if ('error' in want) return;
          const turn = decideTurn(`${lead} ${phrase}`, ctx);
          const after = turn.result?.wells;
          if (!after || turn.calls.length === 0) return;
          const got = Object.keys(after).toSorted();
          const readings = 'wells' in want ? [want.wells] : want.ambiguous.map((r) => r.wells);
          const ids = readings.map((w) => w.map((i) => idOfIndex(ctx.defn, i)).toSorted());
          expect(ids, `${lead} ${phrase}`).toContainEqual(got);
          compared++;
        },
      ),
      { numRuns: 150 },
    );
    // most phrases are written, so the comparison is not vacuous
    expect(compared).toBeGreaterThan(100);
  }, 60_000);
});

describe('edits of what a plate holds, on the wells named', () => {
  // staurosporine in the odd columns, compound B in the even ones
  let ctx = context(384);
  for (const req of [
    'add 1 uM staurosporine to odd columns',
    'add 2 uM compound B to even columns',
  ])
    ctx = { ...ctx, wells: decideTurn(req, ctx).result!.wells! };
  const holds = (id: string) => ctx.wells[id]?.targets.staurosporine !== undefined;

  it('changes, replaces and removes staurosporine in the named wells that hold it', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        phrases(384),
        fc.constantFrom(
          'change staurosporine in {w} to 5 uM',
          'replace staurosporine with compound A at 3 uM in {w}',
          'remove staurosporine from {w}',
        ),
        (phrase, lead) => {
          const want = parseWellSet(phrase, ctx.defn);
          if (!('wells' in want)) return;
          const turn = decideTurn(lead.replace('{w}', phrase), ctx);
          const after = turn.result?.wells;
          if (!after || turn.calls.length === 0) return;
          const ids = new Set([...Object.keys(after), ...Object.keys(ctx.wells)]);
          const changed = [...ids].filter(
            (id) => JSON.stringify(after[id]) !== JSON.stringify(ctx.wells[id]),
          );
          const expected = want.wells.map((i) => idOfIndex(ctx.defn, i)).filter(holds);
          expect(changed.toSorted(), lead.replace('{w}', phrase)).toEqual(expected.toSorted());
          compared++;
        },
      ),
      { numRuns: 150 },
    );
    expect(compared).toBeGreaterThan(50);
  }, 60_000);
});

describe('two requests in one message', () => {
  const ctx = context(384);
  const AMOUNTS: [string, string, string, number][] = [
    ['1 uM', 'staurosporine', 'staurosporine', 1000],
    ['0.5 uM', 'compound B', 'compound-b', 500],
    ['100 nM', 'compound A', 'compound-a', 100],
  ];
  it('each writes its reagent at its amount in its wells, and nowhere else', () => {
    let compared = 0;
    const atom = fc.oneof(
      ...[...'ABCDEFGHIJKLMNOP'].map((r) => fc.constant(`row ${r}`)),
      fc.integer({ min: 1, max: 24 }).map((c) => `column ${c}`),
      fc
        .tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 24 }))
        .map(([r, c]) => `${'ABCDEFGHIJKLMNOP'[r]}${c}`),
      fc.constantFrom('the outer wells', 'every other column'),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...AMOUNTS), { minLength: 2, maxLength: 2 }),
        atom,
        atom,
        fc.constantFrom(' and ', ', then ', '; ', '. Then '),
        ([[c1, r1, s1, n1], [c2, r2, s2, n2]], w1, w2, sep) => {
          const text = `add ${c1} ${r1} to ${w1}${sep}add ${c2} ${r2} to ${w2}`;
          const after = decideTurn(text, ctx).result?.wells;
          if (!after) return;
          const g1 = parseWellSet(w1, ctx.defn);
          const g2 = parseWellSet(w2, ctx.defn);
          if (!('wells' in g1) || !('wells' in g2)) return;
          const ids = (g: number[]) => g.map((i) => idOfIndex(ctx.defn, i)).toSorted();
          const holding = (slug: string, nM: number) =>
            Object.keys(after)
              .filter((id) => after[id].targets[slug]?.target_nM === nM)
              .toSorted();
          expect(holding(s1, n1), text).toEqual(ids(g1.wells));
          expect(holding(s2, n2), text).toEqual(ids(g2.wells));
          compared++;
        },
      ),
      { numRuns: 100 },
    );
    expect(compared).toBeGreaterThan(50);
  }, 60_000);
});
