// No word left unread: a request that would write, with a word in it that nothing of the
// reading accounts for (a typo of a key word, a word the reader does not know), writes
// nothing and asks, quoting the word.
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { decideTurn } from '../../../src/server/agent/plan/decide-turn';
import { findReagents } from '../../../src/domain/reagent-names';
import { buildCandidates } from '../../../src/server/agent/reagent-match';
import { unreadWords } from '../../../src/server/agent/parse/unread-words';
import { CATALOG_SEED } from '../../../src/server/catalog/catalog-seed';
import { BENCH, context } from './agent-fixtures';
import { VOCABULARY_CORPUS } from './request-corpus-vocabulary';

const WRITES = [
  'add 10 uM staurosporine to all wells except column 1',
  'add 1 uM compound A to column 3',
  '3-fold dilution of compound A from 10 uM across row B, 8 points, in duplicate',
  'DMSO controls in columns 1 and 2, 0.1 %',
  'positive controls in column 24 with 1 uM staurosporine',
  'put 5 uM compound B in rows C to F',
  'clear column 3',
  'add 2 uL HEPES buffer to the outer wells',
  'add 10 uM staurosporine to even columns',
  'tag column 5 as hits',
  'half-log dilution of staurosporine from 10 uM down column 4, 8 points',
  'add 10 uM compound A to B2 through B5',
];

// and every request of the vocabulary corpus that writes on an empty 384 plate
const BASES = [
  ...WRITES,
  ...VOCABULARY_CORPUS.filter((c) => c.format === 384 && c.changed && !c.setup).map(
    (c) => c.request,
  ),
];

const candidates = buildCandidates(BENCH, CATALOG_SEED);
const writes = (text: string) =>
  decideTurn(text, context(384)).calls.some(
    (c) => !/^(?:describe|list|reagent|where|plate|undo)/.test(c.name),
  );

// A word that names nothing: no reagent of the bench or the catalog, no word of the reader.
const unknownWord = fc
  .stringMatching(/^[a-z]{5,9}$/)
  .filter(
    (w) =>
      findReagents(w, candidates).length === 0 &&
      unreadWords(w, context(384).defn, candidates).length === 1,
  );

function words(text: string): string[] {
  return text.split(' ');
}

describe('no word left unread', () => {
  it('takes the well references as the grammar reads them', () => {
    const defn = context(384).defn;
    const unread = (t: string) => unreadWords(t, defn, candidates).map((w) => w.word);
    expect(unread('add 1 uM compound A to rows C-F x cols 5-10')).toEqual([]);
    expect(unread('add 1 uM compound A to rows A, C and E and AF48')).toEqual([]);
    expect(unread('add 1 uM compound A to rows C-F xx cols 5-10')).toEqual(['xx']);
    // "ad" alone is not row AD
    expect(unread('ad 1 uM compound A to B2')).toEqual(['ad']);
  });

  it('every base request writes as it stands', () => {
    for (const t of WRITES) expect(writes(t), t).toBe(true);
  });

  it('a request with an unknown word added anywhere never writes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES), unknownWord, fc.nat(), (text, word, at) => {
        const ws = words(text);
        const k = at % (ws.length + 1);
        const request = [...ws.slice(0, k), word, ...ws.slice(k)].join(' ');
        expect(writes(request), request).toBe(false);
      }),
      { numRuns: 300, seed: 24 },
    );
  }, 120_000);

  it('a typo in a word that is not a reagent name never writes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES), fc.nat(), fc.nat(), (text, pick, pos) => {
        const ws = words(text);
        // the words of 5+ letters that no reagent name of the request covers
        const names = findReagents(text, candidates);
        let at = 0;
        const keys = ws
          .map((w, i) => {
            const start = text.indexOf(w, at);
            at = start + w.length;
            return { w, i, start };
          })
          .filter(
            ({ w, start }) =>
              /^[a-z]{5,}$/i.test(w) && !names.some((m) => m.start <= start && start < m.end),
          );
        fc.pre(keys.length > 0);
        const { w, i } = keys[pick % keys.length];
        const p = 1 + (pos % (w.length - 2));
        const typo = w.slice(0, p) + w[p + 1] + w[p] + w.slice(p + 2);
        fc.pre(typo !== w && unreadWords(typo, context(384).defn, candidates).length === 1);
        fc.pre(findReagents(typo, candidates).length === 0);
        const request = [...ws.slice(0, i), typo, ...ws.slice(i + 1)].join(' ');
        expect(writes(request), request).toBe(false);
      }),
      { numRuns: 300, seed: 24 },
    );
  }, 120_000);

  it('a typo in a reagent name never writes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES), fc.nat(), fc.nat(), (text, pick, pos) => {
        // the words of 5+ letters of the names the request spells exactly
        const spelt = findReagents(text, candidates)
          .filter((m) => m.typos === 0 && !m.prefix)
          .flatMap((m) =>
            [...m.text.matchAll(/[A-Za-z]{5,}/g)].map((w) => ({
              w: w[0],
              start: m.start + (w.index ?? 0),
            })),
          );
        fc.pre(spelt.length > 0);
        const { w, start } = spelt[pick % spelt.length];
        const p = 1 + (pos % (w.length - 2));
        const typo = w.slice(0, p) + w[p + 1] + w[p] + w.slice(p + 2);
        // a typo that spells another name exactly is that name
        fc.pre(typo !== w && !findReagents(typo, candidates).some((m) => m.typos === 0));
        const request = text.slice(0, start) + typo + text.slice(start + w.length);
        expect(writes(request), request).toBe(false);
      }),
      { numRuns: 200, seed: 24 },
    );
  }, 120_000);

  it('asks about a misspelt reagent, quoting it, and the choice writes', () => {
    const ctx = context(384);
    const d = decideTurn('add 10 uM staurospirine to column 3', ctx);
    expect(d.calls).toEqual([]);
    expect(d.reply).toMatch(
      /^I did not understand 'staurospirine' - did you mean 'staurosporine'\?/,
    );
    const again = decideTurn('1', ctx, d.question);
    expect(again.result?.changed.length).toBe(16);
    // shorthand of a bench name is not a typo
    expect(decideTurn('add 10 uM stauro to column 3', ctx).result?.changed.length).toBe(16);
  });

  it('quotes the word and offers the nearest one, and the choice writes', () => {
    const ctx = context(384);
    const d = decideTurn('add 10 uM staurosporine to all wells excpet column 1', ctx);
    expect(d.calls).toEqual([]);
    expect(d.reply).toMatch(/^I did not understand 'excpet' - did you mean 'except'\?/);
    const again = decideTurn('1', ctx, d.question);
    expect(again.result?.changed.length).toBe(384 - 16);
  });

  it('names the unplaced words of a request it cannot read, once each', () => {
    const ctx = context(96);
    // was "I didn't understand" with the whole request quoted, no word named
    expect(decideTurn('frob cmpd A to 20uM', ctx).reply).toMatch(
      /^I did not understand 'frob'\. Nothing changed\./,
    );
    expect(decideTurn('<b>bold</b> b', ctx).reply).toMatch(
      /^I did not understand the words 'b', 'bold'\. Nothing changed\./,
    );
    // no unplaced word: the request as a whole is quoted
    expect(decideTurn('hi', ctx).reply).toMatch(/^I didn't understand "hi"\./);
  });
});
