// Requests in the words screening staff type (shorthand, typos, two requests in one message,
// counts of wells), made from templates crossed with each other plus hand-written ones. Each
// expectation is worked out here from the template's own parameters (which wells, which
// reagent at which target), never from what the assistant answers: the exact wells and
// targets written, or nothing written and the question or refusal given. Bench and volumes
// as in request-corpus-screening.ts (compound A 10 mM, compound B and staurosporine 1 mM,
// all in DMSO with a 1 % limit; DMEM the vehicle).
import { wellId } from '../../../src/domain/well-id';
import { belowPipette } from './request-corpus';
import type { ScreeningCase, Targets, WellExpect } from './request-corpus-screening';
import {
  allWells,
  block,
  blockQuadrant,
  cols,
  type Fmt,
  interleaved,
  minus,
  rows,
} from './screening-wells';

/** The kind of wording a case tries. */
export type VocabKind =
  | 'reagent words'
  | 'blocks'
  | 'first/last wells'
  | 'series words'
  | 'controls'
  | 'two requests'
  | 'counts'
  | 'edits'
  | 'units'
  | 'quadrants'
  | 'typos'
  | 'unknown words'
  | 'found by hand';

export type VocabCase = ScreeningCase & { kind: VocabKind };

const SA = 'staurosporine';
const CA = 'compound-a';
const CB = 'compound-b';

const one = (slug: string, nM: number | null): Targets => ({ [slug]: nM });
const pt = (top: number, factor: number, k: number) => Number((top / factor ** k).toPrecision(12));

// The names a reagent goes by at the bench: bench name, shorthand, glued, abbreviated.
const NAMES: [string, string][] = [
  ['staurosporine', SA],
  ['stauro', SA],
  ['Staurosporine', SA],
  ['compound A', CA],
  ['cmpd A', CA],
  ['cpd A', CA],
  ['cmpdA', CA],
  ['compound B', CB],
  ['cpd B', CB],
  ['cmpdB', CB],
];

// Amounts within every stock's DMSO limit on every format (<= 5 uM of a 1 mM stock).
const AMOUNTS: [string, number][] = [
  ['1 uM', 1000],
  ['500 nM', 500],
  ['2 µM', 2000],
  ['0.5 uM', 500],
  ['250 nM', 250],
  ['1,000 nM', 1000],
  ['5 uM', 5000],
  ['750 pM', 0.75],
];

const VERBS = [
  (a: string, r: string, w: string) => `add ${a} ${r} to ${w}`,
  (a: string, r: string, w: string) => `put ${a} ${r} in ${w}`,
  (a: string, r: string, w: string) => `${a} ${r} in ${w}`,
  (a: string, r: string, w: string) => `dispense ${a} ${r} into ${w}`,
  (a: string, r: string, w: string) => `pls add ${r} at ${a} to ${w}`,
];

// Well phrases with the wells they name, per format.
function wellPhrases(f: Fmt): [string, string[], VocabKind][] {
  const rowsCF = block('C5', 'F10');
  const out: [string, string[], VocabKind][] = [
    ['rows C-F x cols 5-10', rowsCF, 'blocks'],
    ['rows C to F by columns 5 to 10', rowsCF, 'blocks'],
    ['cols 5-10 x rows C-F', rowsCF, 'blocks'],
    ['rows C-F in columns 5-10', rowsCF, 'blocks'],
    ['the first 4 wells of row B', ['B1', 'B2', 'B3', 'B4'], 'first/last wells'],
    ['the first three wells of row D', ['D1', 'D2', 'D3'], 'first/last wells'],
    ['the top 3 wells of column 2', ['A2', 'B2', 'C2'], 'first/last wells'],
    ['the first 2 wells of column 7', ['A7', 'B7'], 'first/last wells'],
  ];
  const lastCol = { 96: 12, 384: 24, 1536: 48 }[f];
  const lastRow = { 96: 'H', 384: 'P', 1536: 'AF' }[f];
  const rowsN = { 96: 8, 384: 16, 1536: 32 }[f];
  out.push(
    [
      'the last 4 wells of row B',
      [lastCol - 3, lastCol - 2, lastCol - 1, lastCol].map((c) => `B${c}`),
      'first/last wells',
    ],
    [
      'the bottom 2 wells of column 3',
      [wellId(rowsN - 2, 2), wellId(rowsN - 1, 2)],
      'first/last wells',
    ],
    ['the last 5 wells of the plate', rows(f, lastRow).slice(-5), 'first/last wells'],
    ['the first 6 wells of the plate', rows(f, 'A').slice(0, 6), 'first/last wells'],
  );
  return out;
}

function adds(): VocabCase[] {
  const out: VocabCase[] = [];
  let k = 0;
  for (const f of [96, 384, 1536] as Fmt[])
    for (const [phrase, wells, kind] of wellPhrases(f))
      for (let j = 0; j < 4; j++, k++) {
        const [name, slug] = NAMES[k % NAMES.length];
        const [amount, nM] = AMOUNTS[(k * 3 + j) % AMOUNTS.length];
        const verb = VERBS[(k + j) % VERBS.length];
        out.push({
          cls: 'well-set',
          kind,
          format: f,
          request: verb(amount, name, phrase),
          changed: wells,
          holds: one(slug, nM),
        });
      }
  // Every name with every amount on one plate: the reagent matcher and the units.
  for (const [name, slug] of NAMES)
    for (const [amount, nM] of AMOUNTS)
      out.push({
        cls: 'reagent',
        kind: 'reagent words',
        format: 384,
        request: `add ${amount} ${name} to column 3`,
        changed: cols(384, 3),
        holds: one(slug, nM),
      });
  return out;
}

// ---------------------------------------------------------------- series
const FACTORS: [string, number][] = [
  ['3-fold dilution', 3],
  ['1:3 dilution', 3],
  ['3x dilution', 3],
  ['half-log dilution', Math.sqrt(10)],
  ['2-fold serial dilution', 2],
  ['1:2 serial dilution', 2],
  ['threefold dilution', 3],
];
const POINTS: [string, number][] = [
  ['8 points', 8],
  ['8 pts', 8],
  ['6-point', 6],
  ['4 pts', 4],
];
const REPLICATES: [string, number][] = [
  ['', 1],
  [', in duplicate', 2],
  [', dup', 2],
  [', in trip', 3],
  [', n=3', 3],
  [', in triplicate', 3],
  [', quads', 4],
  [', 2 replicates', 2],
];

interface Line {
  words: string;
  /** the well of step k of replicate r */
  at: (k: number, r: number) => string;
}

// Where a series runs on a 384 plate, with its direction words.
const LINES: Line[] = [
  { words: 'across row B', at: (k, r) => wellId(1 + r, k) },
  { words: 'down column 3', at: (k, r) => wellId(k, 2 + r) },
  { words: 'across row B going left', at: (k, r) => wellId(1 + r, 23 - k) },
  { words: 'across row B, reversed', at: (k, r) => wellId(1 + r, 23 - k) },
  { words: 'down column 3, lowest at the top', at: (k, r) => wellId(15 - k, 2 + r) },
  { words: 'down column 3, highest at the top', at: (k, r) => wellId(k, 2 + r) },
  { words: 'in column 3 going up', at: (k, r) => wellId(15 - k, 2 + r) },
  { words: 'across row B, highest on the right', at: (k, r) => wellId(1 + r, 23 - k) },
];

function series(): VocabCase[] {
  const out: VocabCase[] = [];
  let k = 0;
  for (const line of LINES)
    for (const [fw, factor] of FACTORS) {
      const [pw, points] = POINTS[k % POINTS.length];
      const [rw, reps] = REPLICATES[k % REPLICATES.length];
      const [name, slug] = NAMES[(k * 7) % NAMES.length];
      const top = [10_000, 5000, 3000][k % 3];
      const topWords = { 10_000: '10 uM', 5000: '5 uM', 3000: '3 uM' }[top];
      k++;
      const wells: string[] = [];
      const holds = new Map<string, number>();
      for (let r = 0; r < reps; r++)
        for (let s = 0; s < points; s++) {
          const id = line.at(s, r);
          wells.push(id);
          holds.set(id, pt(top, factor, s));
        }
      const start = k % 2 === 0 ? `from ${topWords}` : `top conc ${topWords}`;
      out.push({
        cls: 'series',
        kind: 'series words',
        format: 384,
        request: `${fw} of ${name} ${start} ${line.words}, ${pw}${rw}`,
        changed: wells,
        holds: (id) => one(slug, holds.get(id)!),
      });
    }
  return out;
}

// ---------------------------------------------------------------- controls
const POSITIVE = [
  'positive controls',
  'hi ctrls',
  'HPE',
  'high controls',
  'inhibitor ctrls',
  'pos ctrls',
  'max signal',
];
const NEGATIVE = [
  'negative controls',
  'lo ctrls',
  'ZPE',
  'neutral controls',
  'neg ctrls',
  'low controls',
  'min signal',
  'untreated controls',
];

function controls(): VocabCase[] {
  const out: VocabCase[] = [];
  for (const f of [96, 384, 1536] as Fmt[]) {
    const last = { 96: 12, 384: 24, 1536: 48 }[f];
    POSITIVE.forEach((w, i) => {
      const [amount, nM] = AMOUNTS[i % 4];
      out.push({
        cls: 'controls',
        kind: 'controls',
        format: f,
        request: `${w} in column ${last} with ${amount} staurosporine`,
        changed: cols(f, last),
        holds: one(SA, nM),
      });
    });
    NEGATIVE.forEach((w, i) =>
      out.push({
        cls: 'controls',
        kind: 'controls',
        format: f,
        request: `${w} in column ${1 + (i % 2)}`,
        changed: cols(f, 1 + (i % 2)),
        holds: {},
      }),
    );
    const dmso = 'DMSO controls in columns 1 and 2, 0.1 %';
    out.push(
      f === 96
        ? {
            cls: 'controls',
            kind: 'controls',
            format: f,
            request: dmso,
            refused: belowPipette('16 wells (A1 to H2)'),
          }
        : {
            cls: 'controls',
            kind: 'controls',
            format: f,
            request: dmso,
            changed: cols(f, 1, 2),
            holds: one('dmso', null),
          },
    );
  }
  return out;
}

// ---------------------------------------------------------------- two requests
const slugOf = (n: string) => NAMES.find(([w]) => w === n)![1];

function twoRequests(): VocabCase[] {
  const out: VocabCase[] = [];
  const joins = [
    (a: string, b: string) => `${a} and ${b}`,
    (a: string, b: string) => `${a}; ${b}`,
    (a: string, b: string) => `${a}, then ${b}`,
    (a: string, b: string) => `${a}. ${b}`,
  ];
  const pairs: [string, string, number, string, string, number][] = [
    ['1 uM', 'staurosporine', 1000, '2 uM', 'compound A', 2000],
    ['500 nM', 'compound B', 500, '5 uM', 'compound A', 5000],
    ['250 nM', 'stauro', 250, '1 uM', 'cpd B', 1000],
  ];
  for (const f of [96, 384] as Fmt[])
    for (const [j, join] of joins.entries())
      for (const [a1, r1, n1, a2, r2, n2] of pairs) {
        const [c1, c2] = [3 + j, 8 + j];
        const first =
          j % 2 === 0 ? `add ${a1} ${r1} to column ${c1}` : `${a1} ${r1} in column ${c1}`;
        const second = `add ${a2} ${r2} to column ${c2}`;
        const s1 = slugOf(r1);
        const s2 = slugOf(r2);
        out.push({
          cls: 'reagent',
          kind: 'two requests',
          format: f,
          request: join(first, second),
          changed: [...cols(f, c1), ...cols(f, c2)],
          holds: (id) => (cols(f, c1).includes(id) ? one(s1, n1) : one(s2, n2)),
        });
      }
  // Two requests parted by "and" alone, each reagent first and without a verb (asked "which
  // amount and wells go with which?" before); and the guard beside them: an "and" inside a
  // request's wells ("rows C and D") parts nothing.
  for (const f of [96, 384] as Fmt[])
    for (const [a1, r1, n1, a2, r2, n2] of pairs) {
      const [s1, s2] = [slugOf(r1), slugOf(r2)];
      out.push({
        cls: 'reagent',
        kind: 'two requests',
        format: f,
        request: `${r1} ${a1} B2-B6 and ${r2} ${a2} B7-B11`,
        changed: [...block('B2', 'B6'), ...block('B7', 'B11')],
        holds: (id) => (block('B2', 'B6').includes(id) ? one(s1, n1) : one(s2, n2)),
      });
      out.push({
        cls: 'reagent',
        kind: 'two requests',
        format: f,
        request: `${a1} ${r1} in rows C and D, ${r2} ${a2} in rows E and F`,
        changed: [...rows(f, 'C', 'D'), ...rows(f, 'E', 'F')],
        holds: (id) => (rows(f, 'C', 'D').includes(id) ? one(s1, n1) : one(s2, n2)),
      });
    }
  // Two control clauses, each with its wells and reagent.
  for (const f of [384, 1536] as Fmt[]) {
    const last = f === 384 ? 24 : 48;
    out.push({
      cls: 'controls',
      kind: 'two requests',
      format: f,
      request: `vehicle ctrls in col 2 with 0.1 % DMSO and inhibitor ctrls in col ${last - 1} with 1 uM cpd B`,
      changed: [...cols(f, 2), ...cols(f, last - 1)],
      holds: (id) => (cols(f, 2).includes(id) ? one('dmso', null) : one(CB, 1000)),
    });
    out.push({
      cls: 'controls',
      kind: 'two requests',
      format: f,
      request: `ZPE in column 1 and HPE in column ${last} with 1 uM staurosporine`,
      changed: [...cols(f, 1), ...cols(f, last)],
      holds: (id) => (cols(f, 1).includes(id) ? {} : one(SA, 1000)),
    });
  }
  return out;
}

// ---------------------------------------------------------------- counts of wells
const region = (f: Fmt) => [...cols(f, 1), ...cols(f, 2), ...cols(f, 47), ...cols(f, 48)];

function counts(): VocabCase[] {
  const out: VocabCase[] = [];
  // 1536: positive controls in the top 24 rows of the four columns; 32 wells are left.
  const setup = [
    'positive controls in rows A-X of columns 1, 2, 47 and 48 with 1 uM staurosporine',
  ];
  const empty = region(1536).filter((id) => /^(?:Y|Z|AA|AB|AC|AD|AE|AF)\d/.test(id));
  const texts = [
    'DMSO controls in the 32 empty wells of columns 1, 2, 47 and 48, 0.1 %',
    '32 DMSO negative controls at 0.1 % in columns 1, 2, 47 and 48',
    'DMSO controls in the empty wells of columns 1, 2, 47 and 48, 0.1 %',
    'put 0.1 % DMSO in the 32 empty wells of columns 1, 2, 47 and 48',
  ];
  for (const request of texts)
    out.push({
      cls: 'controls',
      kind: 'counts',
      format: 1536,
      setup,
      request,
      changed: empty,
      holds: one('dmso', null),
    });
  for (const n of [16, 64, 100])
    out.push({
      cls: 'controls',
      kind: 'counts',
      format: 1536,
      setup,
      request: `${n} DMSO negative controls at 0.1 % in columns 1, 2, 47 and 48`,
      asks: /You asked for \d+ wells; the wells you named are 128, 32 of them empty/,
    });
  for (const f of [96, 384] as Fmt[]) {
    out.push({
      cls: 'well-set',
      kind: 'counts',
      format: f,
      setup: ['add 1 uM staurosporine to A1-A4'],
      request: 'add 2 uM compound A to the empty wells of row A',
      changed: minus(rows(f, 'A'), ['A1', 'A2', 'A3', 'A4']),
      holds: one(CA, 2000),
    });
    out.push({
      cls: 'well-set',
      kind: 'counts',
      format: f,
      request: 'add 1 uM staurosporine to 3 wells in column 4',
      asks: /You asked for 3 wells/,
    });
  }
  return out;
}

// ---------------------------------------------------------------- edits
function edits(): VocabCase[] {
  const out: VocabCase[] = [];
  for (const f of [96, 384, 1536] as Fmt[]) {
    const setup = ['add 1 uM staurosporine to column 3'];
    for (const verb of ['nuke', 'wipe', 'clear', 'empty', 'remove everything from'])
      out.push({
        cls: 'replace/move',
        kind: 'edits',
        format: f,
        setup,
        request: `${verb} column 3`,
        changed: cols(f, 3),
        holds: 'empty',
      });
    for (const words of ['shift column 3 over to column 5', 'move column 3 to column 5'])
      out.push({
        cls: 'replace/move',
        kind: 'edits',
        format: f,
        setup,
        request: words,
        changed: [...cols(f, 3), ...cols(f, 5)],
        holds: (id) => (cols(f, 3).includes(id) ? 'empty' : one(SA, 1000)),
      });
    out.push({
      cls: 'replace/move',
      kind: 'edits',
      format: f,
      setup,
      request: 'swap staurosporine with compound A',
      asks: /At what concentration should Compound A replace Staurosporine/,
    });
    // a swap of wells: each well of one set takes its partner's contents
    const two = ['add 1 uM staurosporine to column 3', 'add 2 uM compound A to column 4'];
    for (const words of [
      'swap column 3 with column 4',
      'swap columns 3 and 4',
      'exchange column 3 and column 4',
    ])
      out.push({
        cls: 'replace/move',
        kind: 'edits',
        format: f,
        setup: two,
        request: words,
        changed: [...cols(f, 3), ...cols(f, 4)],
        holds: (id) => (cols(f, 3).includes(id) ? one(CA, 2000) : one(SA, 1000)),
      });
    out.push({
      cls: 'replace/move',
      kind: 'edits',
      format: f,
      setup,
      request: 'swap column 3 with column 5',
      changed: [...cols(f, 3), ...cols(f, 5)],
      holds: (id) => (cols(f, 3).includes(id) ? 'empty' : one(SA, 1000)),
    });
  }
  return out;
}

// ---------------------------------------------------------------- units
const byMass = (gPerL: number, mw: number) => Number(((gPerL / mw) * 1e9).toPrecision(12));
const STS_MW = 466.53;

function units(): VocabCase[] {
  const list: [string, WellExpect | 'refused'][] = [
    ['add 1 ug/mL staurosporine to B2', one(SA, byMass(1e-3, STS_MW))],
    ['add 100 ng/mL staurosporine to B2', one(SA, byMass(1e-4, STS_MW))],
    ['add 1 ng/uL staurosporine to B2', one(SA, byMass(1e-3, STS_MW))],
    ['add 0.5 ug/mL stauro to B2', one(SA, byMass(5e-4, STS_MW))],
    ['add 500 pM staurosporine to B2', one(SA, 0.5)],
    ['add 0.001 mM staurosporine to B2', one(SA, 1000)],
    ['add 2 micromolar compound A to B2', one(CA, 2000)],
    ['add 2000 nanomolar compound A to B2', one(CA, 2000)],
    ['add 1,500 nM compound A to B2', one(CA, 1500)],
    ['add 0.1 % v/v DMSO to B2', one('dmso', null)],
    ['add 0.5 % DMSO to B2', one('dmso', null)],
    ['add 1,5 uM compound A to B2', 'refused'],
    ['add 2,5 uM staurosporine to B2', 'refused'],
  ];
  const out: VocabCase[] = [];
  for (const f of [96, 384] as Fmt[])
    for (const [request, e] of list)
      out.push(
        e === 'refused'
          ? { cls: 'units', kind: 'units', format: f, request, refused: /reads two ways/ }
          : f === 96 && request === 'add 0.1 % v/v DMSO to B2'
            ? { cls: 'units', kind: 'units', format: f, request, refused: belowPipette('B2') }
            : { cls: 'units', kind: 'units', format: f, request, changed: ['B2'], holds: e },
      );
  return out;
}

// ---------------------------------------------------------------- quadrants
function quadrants(): VocabCase[] {
  const out: VocabCase[] = [];
  for (const q of [1, 2, 3, 4] as const) {
    const ordinal = ['1st', '2nd', '3rd', '4th'][q - 1];
    const word = ['first', 'second', 'third', 'fourth'][q - 1];
    for (const words of [
      `quad ${q}`,
      `Q${q}`,
      `quadrant ${q}`,
      `the ${ordinal} quadrant`,
      `the ${word} quadrant`,
    ])
      out.push({
        cls: 'ambiguity',
        kind: 'quadrants',
        format: 384,
        request: `add 1 uM staurosporine to ${words}`,
        // the question quotes the words as typed
        asks: new RegExp(`"${words}" reads two ways`),
        choices: [/interleaved/, /block/],
      });
    out.push({
      cls: 'well-set',
      kind: 'quadrants',
      format: 384,
      request: `add 1 uM staurosporine to interleaved quad ${q}`,
      changed: interleaved(384, q),
      holds: one(SA, 1000),
    });
    out.push({
      cls: 'well-set',
      kind: 'quadrants',
      format: 384,
      request: `add 1 uM staurosporine to block quadrant ${q}`,
      changed: blockQuadrant(384, q),
      holds: one(SA, 1000),
    });
    out.push({
      cls: 'ambiguity',
      kind: 'quadrants',
      format: 1536,
      request: `add 1 uM staurosporine to Q${q}`,
      // the well or the quadrant (which itself reads two ways): asked in one question or two
      asks: new RegExp(`"Q${q}" reads (?:two|three) ways`),
      choices: [new RegExp(`well Q${q}`), new RegExp(`quadrant ${q}`)],
    });
  }
  out.push({
    cls: 'well-set',
    kind: 'quadrants',
    format: 1536,
    setup: ['add 1 uM staurosporine to Q2'],
    request: '1',
    changed: ['Q2'],
    holds: one(SA, 1000),
  });
  return out;
}

// ---------------------------------------------------------------- typos and unknown words
// A typo of a word the reading needs, in a request that would write without it: asked about,
// quoting the word, with the word meant.
const TYPOS: [string, string, string][] = [
  ['add 10 uM staurosporine to all wells excpet column 1', 'excpet', 'except'],
  ['add 1 uM staurosporine to column 3 exept row A', 'exept', 'except'],
  ['put 1 uM compound A in row B exluding column 1', 'exluding', 'excluding'],
  ['3-fold serail dilution of compound A from 10 uM across row B, 8 points', 'serail', 'serial'],
  [
    '3-fold dilution of compound A from 10 uM across row B, 8 points, in dupliacte',
    'dupliacte',
    'duplicate',
  ],
  [
    '3-fold dilution of compound A from 10 uM across row B, 8 points, in tripilcate',
    'tripilcate',
    'triplicate',
  ],
  [
    '3-fold dilution of compound A from 10 uM across row B, 8 points, revresed',
    'revresed',
    'reversed',
  ],
  [
    '3-fold dilution of compound A from 10 uM down column 3, 8 points, lowset at the top',
    'lowset',
    'lowest',
  ],
  ['ad 1 uM staurosporine to column 3', 'ad', 'add'],
  ['add 1 uM staurosporine to colmn 3 and row B', 'colmn', 'column'],
  ['add 1 uM staurosporine to the outer wells exccept the corners', 'exccept', 'except'],
  ['add 2 uM compound B to evry other column', 'evry', 'every'],
];
const UNKNOWN = ['quickly', 'asap', 'foo', 'banana', 'kinda', 'whatever', 'blah', 'zorp'];

function typos(): VocabCase[] {
  const out: VocabCase[] = [];
  for (const f of [96, 384, 1536] as Fmt[])
    for (const [request, typo, meant] of TYPOS)
      out.push({
        cls: 'ambiguity',
        kind: 'typos',
        format: f,
        request,
        asks: new RegExp(`I did not understand '${typo}'(?: - did you mean '${meant}'\\?)?`),
      });
  const bases = [
    'add 1 uM staurosporine to column 3',
    '3-fold dilution of compound A from 10 uM across row B, 8 points',
    'negative controls in column 1',
    'clear row C',
  ];
  for (const [i, word] of UNKNOWN.entries())
    for (const [j, base] of bases.entries()) {
      const ws = base.split(' ');
      const at = 1 + ((i + j) % (ws.length - 1));
      out.push({
        cls: 'ambiguity',
        kind: 'unknown words',
        format: 384,
        setup: base.startsWith('clear') ? ['add 1 uM staurosporine to row C'] : undefined,
        request: [...ws.slice(0, at), word, ...ws.slice(at)].join(' '),
        asks: new RegExp(`I did not understand (?:the words )?'${word}'`),
      });
    }
  return out;
}

// Requests tried by hand that wrote a wrong plate, or asked needlessly, before they were
// mended: each kept as it was found.
// A series from its top, k steps of factor, laid into the wells in order.
function seriesIn(slug: string, top: number, factor: number, wells: string[]): VocabCase['holds'] {
  return (id) => one(slug, pt(top, factor, wells.indexOf(id)));
}

// The 384-well plate's edge (its outer ring) and the wells inside it, worked out by hand.
const INNER_384 = block('B2', 'O23');
const EDGE_384 = minus(allWells(384), INNER_384);

const BY_HAND: VocabCase[] = [
  {
    cls: 'series',
    kind: 'found by hand',
    format: 384,
    // wrote 4 uM flat in all 8 wells: "2fold" glued was not read as a series
    request: '2fold cpd B from 4 uM in row J cols 2-9',
    changed: ['J2', 'J3', 'J4', 'J5', 'J6', 'J7', 'J8', 'J9'],
    holds: seriesIn(CB, 4000, 2, ['J2', 'J3', 'J4', 'J5', 'J6', 'J7', 'J8', 'J9']),
  },
  ...['bump', 'raise', 'increase', 'lower'].map((verb): VocabCase => ({
    cls: 'replace/move',
    kind: 'found by hand',
    format: 384,
    setup: ['add 1 uM compound A to A1-A3'],
    // "bump" was an unread word: asked about, where it is a change of the amount
    request: `${verb} cmpd A to 2 uM`,
    changed: ['A1', 'A2', 'A3'],
    holds: one(CA, 2000),
  })),
  {
    cls: 'controls',
    kind: 'found by hand',
    format: 96,
    // wrote all 8 wells of column 1: the count of blanks was not read as a count of wells
    request: '3 blanks in column 1',
    asks: /You asked for 3 wells; the wells you named are 8, 8 of them empty/,
  },
  {
    cls: 'well-set',
    kind: 'found by hand',
    format: 384,
    setup: ['add 1 uM staurosporine to B1-B4'],
    // wrote all 384 wells: the plate's empty wells and row B
    request: 'fill the rest of row B with 2 uM cpd B',
    changed: rows(384, 'B').slice(4),
    holds: one(CB, 2000),
  },
  {
    cls: 'well-set',
    kind: 'found by hand',
    format: 384,
    setup: ['add 1 uM staurosporine to B1-B4'],
    // wrote all of row B, over the staurosporine: "rest" was passed over as a filler
    request: 'fill rest of row B with 2 uM cpd B',
    changed: rows(384, 'B').slice(4),
    holds: one(CB, 2000),
  },
  {
    cls: 'well-set',
    kind: 'found by hand',
    format: 384,
    // wrote 204 wells (row G and every odd column) for the 12 odd wells of row G
    request: 'cpd B 2 uM in row G, odd columns',
    asks: /"odd columns" and "row G" read two ways: which do you mean\? 1\) the 12 wells where they cross; 2\) all 204 wells of them/,
  },
  {
    cls: 'well-set',
    kind: 'found by hand',
    format: 1536,
    // wrote 339 wells: row E's odd columns and every well of columns 1-10
    request: 'cpd B 2 uM in odd columns of row E, cols 1-10',
    asks: /read two ways: which do you mean\? 1\) the 5 wells where they cross; 2\) all 339 wells of them/,
  },
  {
    cls: 'well-set',
    kind: 'found by hand',
    format: 1536,
    // "the top half" and "col 2" were joined: 784 wells for the 16 of column 2's top half
    request: 'add 1 uM staurosporine to the top half of col 2',
    changed: cols(1536, 2).slice(0, 16),
    holds: one(SA, 1000),
  },
  {
    cls: 'well-set',
    kind: 'found by hand',
    format: 384,
    // "and" joins them: both sets, as typed
    request: '1 uM stauro in odd columns and row H',
    changed: [
      ...new Set([
        ...rows(384, 'H'),
        ...Array.from({ length: 12 }, (_, k) => cols(384, 2 * k + 1)).flat(),
      ]),
    ],
    holds: one(SA, 1000),
  },
  {
    cls: 'series',
    kind: 'found by hand',
    format: 384,
    // wrote D24 to D19: the start well was read as part of row D and the row begun at its end
    request: '3x dilution cpd B from 1 uM, 6 pts, row D going left from D12',
    changed: ['D12', 'D11', 'D10', 'D9', 'D8', 'D7'],
    holds: seriesIn(CB, 1000, 3, ['D12', 'D11', 'D10', 'D9', 'D8', 'D7']),
  },
  {
    cls: 'series',
    kind: 'found by hand',
    format: 384,
    request: '1:2 cpd A from 2 uM starting at E3, 5 points across row E',
    changed: ['E3', 'E4', 'E5', 'E6', 'E7'],
    holds: seriesIn(CA, 2000, 2, ['E3', 'E4', 'E5', 'E6', 'E7']),
  },
  {
    cls: 'series',
    kind: 'found by hand',
    format: 384,
    // "lowest conc at left" was not read as a direction, and "lowest" was an unread word
    request: 'lowest conc at left: 1:2 series cpd B 8 pts from 2 uM in G5-G12',
    changed: ['G5', 'G6', 'G7', 'G8', 'G9', 'G10', 'G11', 'G12'],
    holds: seriesIn(CB, 2000, 2, ['G12', 'G11', 'G10', 'G9', 'G8', 'G7', 'G6', 'G5']),
  },
  {
    cls: 'series',
    kind: 'found by hand',
    format: 384,
    // "A series needs at least 2 points": a row read down its columns gives lines of one well
    request: '5 uM cmpd A in B2-B6, lowest at the top, 2-fold',
    refused: /These wells run along a row, but the series was asked to run up or down a column/,
  },
  {
    cls: 'except',
    kind: 'found by hand',
    format: 384,
    // wrote all 384 wells: "the outer ring" named nothing, so nothing was left out; then it
    // was refused as naming no wells, where the Select wells field reads it as the edge
    request: 'add 1 uM staurosporine to every well but the outer ring',
    changed: INNER_384,
    holds: one(SA, 1000),
  },
  // The edge and the inner wells in every word the Select wells field takes: each was read
  // as naming no wells (refused), or its word asked about.
  ...(
    [
      ['the outer ring', EDGE_384],
      ['the rim', EDGE_384],
      ['the border', EDGE_384],
      ['edge', EDGE_384],
      ['the outer edge', EDGE_384],
      ['the centre', INNER_384],
      ['the center', INNER_384],
      ['the interior', INNER_384],
    ] as const
  ).map(([words, wells]): VocabCase => ({
    cls: 'well-set',
    kind: 'found by hand',
    format: 384,
    request: `add 1 uM staurosporine to ${words}`,
    changed: [...wells],
    holds: one(SA, 1000),
  })),
  {
    cls: 'well-set',
    kind: 'found by hand',
    format: 384,
    // a side of the plate is not the whole edge (nor yet a side the reader knows): asked
    request: 'add 1 uM staurosporine to the top edge',
    asks: /Which wells should I add Staurosporine to\?/,
  },
  {
    cls: 'reagent',
    kind: 'found by hand',
    format: 384,
    // asked which amount went with which
    request: '1 uM staurosporine in column 3, 2 uM compound A in column 5',
    changed: [...cols(384, 3), ...cols(384, 5)],
    holds: (id) => (cols(384, 3).includes(id) ? one(SA, 1000) : one(CA, 2000)),
  },
  {
    cls: 'reagent',
    kind: 'found by hand',
    format: 384,
    request:
      'add 1 uM staurosporine to column 3, 2 uM compound A to column 5, 500 nM compound B to column 7',
    changed: [...cols(384, 3), ...cols(384, 5), ...cols(384, 7)],
    holds: (id) =>
      cols(384, 3).includes(id)
        ? one(SA, 1000)
        : cols(384, 5).includes(id)
          ? one(CA, 2000)
          : one(CB, 500),
  },
  {
    cls: 'reagent',
    kind: 'found by hand',
    format: 384,
    // wrote 1 uM and dropped the 2 uM
    request: 'add 1 uM staurosporine to column 3, 2 uM',
    refused: /gives Staurosporine 2 amounts \(1 uM, 2 uM\): which one\?/,
  },
  {
    cls: 'reagent',
    kind: 'found by hand',
    format: 384,
    // wrote column 1 and ignored the replicates
    request: 'add 1 uM staurosporine in quadruplicate to column 1',
    asks: /Which wells hold the quadruplicate\?/,
  },
  {
    cls: 'well-set',
    kind: 'found by hand',
    format: 96,
    request: 'add 1 uM staurosporine to the first 20 wells of row H',
    refused: /there are 12 wells there, not 20/,
  },
  {
    cls: 'well-set',
    kind: 'found by hand',
    format: 384,
    // "2 wells" of a 24-well row: which two?
    request: 'add 1 uM staurosporine to 2 wells in row B',
    asks: /You asked for 2 wells; the wells you named are 24/,
  },
  {
    cls: 'except',
    kind: 'found by hand',
    format: 1536,
    // wrote all 1536 wells: "not" passed as a filler word, and the two phrases were joined
    request: 'add 100 nM staurosporine to the inner wells not the outer 2 rings',
    asks: /I did not understand 'not'/,
  },
  {
    cls: 'except',
    kind: 'found by hand',
    format: 384,
    // wrote B1 too
    request: 'add 1 uM staurosporine to row B (not B1)',
    asks: /I did not understand 'not'/,
  },
  {
    cls: 'except',
    kind: 'found by hand',
    format: 384,
    request: 'add 1 uM staurosporine to row B but not B1',
    changed: rows(384, 'B').slice(1),
    holds: one(SA, 1000),
  },
  {
    cls: 'reagent',
    kind: 'found by hand',
    format: 384,
    setup: ['add 1 uM staurosporine to column 3'],
    // set 1 uM, where 'another' asks for 1 uM on top of what is there
    request: 'add another 1 uM staurosporine to column 3',
    asks: /I did not understand 'another'/,
  },
  {
    cls: 'series',
    kind: 'found by hand',
    format: 384,
    // the series ran from 10 nM: 'lowest' was passed over
    request: '3-fold dilution of compound A lowest 10 nM down column 3, 8 points',
    asks: /I did not understand 'lowest'/,
  },
  {
    cls: 'series',
    kind: 'found by hand',
    format: 384,
    // wrote column 3 only: "trip" before a number was taken for a quadrant's "quad 2"
    request: '3-fold dilution of compound A from 10 uM, col 3 trip 8 points',
    changed: [0, 1, 2].flatMap((r) => [0, 1, 2, 3, 4, 5, 6, 7].map((k) => wellId(k, 2 + r))),
    holds: (id) => one(CA, pt(10_000, 3, id.charCodeAt(0) - 65)),
  },
  {
    cls: 'series',
    kind: 'found by hand',
    format: 96,
    // asked which wells hold the trip: "1:3 from 1 uM" was read as an add
    request: 'stauro 1:3 from 1 uM col 2 trip',
    changed: [0, 1, 2].flatMap((r) => [0, 1, 2, 3, 4, 5, 6, 7].map((k) => wellId(k, 1 + r))),
    holds: (id) => one(SA, pt(1000, 3, id.charCodeAt(0) - 65)),
  },
  {
    cls: 'series',
    kind: 'found by hand',
    format: 384,
    // 'dil' was not read
    request: 'serial dil cpd A 10 uM 1:2 col 3, trip, 8 pts',
    changed: [0, 1, 2].flatMap((r) => [0, 1, 2, 3, 4, 5, 6, 7].map((k) => wellId(k, 2 + r))),
    holds: (id) => one(CA, pt(10_000, 2, id.charCodeAt(0) - 65)),
  },
  {
    cls: 'controls',
    kind: 'found by hand',
    format: 384,
    // wrote column 1 and dropped the triplicate
    request: 'DMSO controls col 1 trip',
    asks: /Which wells hold the trip\?/,
  },
  ...([96, 384, 1536] as const).map((format): VocabCase => ({
    cls: 'reagent',
    kind: 'found by hand',
    format,
    // asked which wells hold the trip: a run of three wells is the triplicate itself
    request: 'trip 500nM stauro C5-C7 pls',
    changed: ['C5', 'C6', 'C7'],
    holds: one(SA, 500),
  })),
  // "&" and "+" between two complete requests: each was asked which amount went with which
  // reagent, where ", " and "and" wrote both
  ...(['&', '+'] as const).flatMap((join) =>
    ([96, 384, 1536] as const).map((format): VocabCase => ({
      cls: 'reagent',
      kind: 'found by hand',
      format,
      request: `3 uM cpd B in E1-E3 ${join} 1 uM stauro in F1`,
      changed: ['E1', 'E2', 'E3', 'F1'],
      holds: (id) => (id === 'F1' ? one(SA, 1000) : one(CB, 3000)),
    })),
  ),
  {
    cls: 'reagent',
    kind: 'found by hand',
    format: 1536,
    request: '2 uM cmpd A in col 5 & 500 nM stauro in col 6',
    changed: [...cols(1536, 5), ...cols(1536, 6)],
    holds: (id) => (cols(1536, 5).includes(id) ? one(CA, 2000) : one(SA, 500)),
  },
  {
    cls: 'reagent',
    kind: 'found by hand',
    format: 384,
    request: 'add 1 uM staurosporine to column 3 & add 2 uM compound A to column 8',
    changed: [...cols(384, 3), ...cols(384, 8)],
    holds: (id) => (cols(384, 3).includes(id) ? one(SA, 1000) : one(CA, 2000)),
  },
  // a mixture in one well: each amount goes to F1 (was asked which amount and wells went
  // with which, or with "and" not understood)
  ...(['and', '&', '+'] as const).map((join): VocabCase => ({
    cls: 'reagent',
    kind: 'found by hand',
    format: 96,
    request: `3 uM cpd B ${join} 1 uM stauro in F1`,
    changed: ['F1'],
    holds: { [CB]: 3000, [SA]: 1000 },
  })),
  // "ctrls" read by the reader as the shared control noun, no longer spelt out before
  {
    cls: 'controls',
    kind: 'found by hand',
    format: 96,
    // 0.5 %: 0.1 % of a 100 uL well (100 nL) is under the pipette's 500 nL, and refused
    request: 'DMSO ctrls in cols 1-2, 0.5 %',
    changed: [...cols(96, 1), ...cols(96, 2)],
    holds: one('dmso', null),
  },
  {
    cls: 'controls',
    kind: 'found by hand',
    format: 384,
    request: 'ctrls in column 1',
    asks: /^What kind of control\?/,
  },
  // "blanks" read by the reader as the control word it is, no longer rewritten first
  {
    cls: 'controls',
    kind: 'found by hand',
    format: 96,
    request: 'blanks in column 1',
    changed: cols(96, 1),
    holds: {},
    tags: ['ZERO'],
  },
  {
    cls: 'controls',
    kind: 'found by hand',
    format: 384,
    request: 'blanks in A1-A3 with HEPES buffer 10 mM',
    changed: ['A1', 'A2', 'A3'],
    holds: one('hepes-buffer', 10_000_000),
    tags: ['ZERO'],
  },
  // answered "I didn't understand" with the whole request, naming no word; "bump" is now a
  // change of the amount, and a word of no meaning is quoted
  ...([96, 384, 1536] as const).map((format): VocabCase => ({
    cls: 'reagent',
    kind: 'found by hand',
    format,
    setup: ['add 10 uM cmpd A to A1'],
    request: 'bump cmpd A to 20uM',
    changed: ['A1'],
    holds: one(CA, 20_000),
  })),
  ...([96, 384, 1536] as const).map((format): VocabCase => ({
    cls: 'reagent',
    kind: 'found by hand',
    format,
    setup: ['add 10 uM cmpd A to A1'],
    request: 'frob cmpd A to 20uM',
    refused: /^I did not understand 'frob'\. Nothing changed\./,
  })),
  {
    cls: 'question',
    kind: 'found by hand',
    format: 96,
    request: 'wats in A1',
    asks: /^I did not understand 'wats' - did you mean 'whats'\?/,
    choices: [/1\) whats in A1/],
  },
  {
    cls: 'question',
    kind: 'found by hand',
    format: 384,
    // the offered reading, taken, answers the question
    setup: ['add 10 uM cmpd A to A1', 'wats in A1'],
    request: '1',
    answer: /^A1: Compound A 10\.0 µM/,
  },
  {
    cls: 'reagent',
    kind: 'found by hand',
    format: 96,
    request: 'frobnicate column 3 with 1 uM stauro',
    asks: /^I did not understand 'frobnicate'\. Nothing changed\./,
  },
  // wrote staurosporine into both columns: DMSO, the stock's solvent, was read as what the
  // staurosporine comes in, not as a reagent of its own with its own wells
  ...[
    'stauro 1 uM in col 24, dmso in col 23',
    'staurosporine 1 uM in column 24 and DMSO in column 23',
  ].map((request): VocabCase => ({
    cls: 'reagent',
    kind: 'found by hand',
    format: 384,
    request,
    refused: /names Staurosporine and DMSO: which amount and wells go with which\?/,
  })),
  // and the guard beside them: the solvent named as what the stock comes in
  ...['10 uM staurosporine in DMSO to A1', 'staurosporine 10 uM (in DMSO) to A1'].map(
    (request): VocabCase => ({
      cls: 'reagent',
      kind: 'found by hand',
      format: 384,
      request,
      changed: ['A1'],
      holds: one(SA, 10_000),
    }),
  ),
];

export const VOCABULARY_CORPUS: VocabCase[] = [
  ...BY_HAND,
  ...adds(),
  ...series(),
  ...controls(),
  ...twoRequests(),
  ...counts(),
  ...edits(),
  ...units(),
  ...quadrants(),
  ...typos(),
];
