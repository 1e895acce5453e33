// Requests of screening practice, as a scientist new to the product types them, each with
// what that scientist expects: the exact wells written and the reagent and target each holds
// (volumes are left to the dispensing engine, except for plain liquids given in uL), or that
// nothing is written and a question with choices is asked, or a refusal that says what would
// work, or an answer. The bench is that of agent-fixtures.ts: compound A 10 mM and compound
// B 1 mM and staurosporine 1 mM (all in DMSO, limit 1 % v/v), HEPES buffer 1 M, DMSO, DMEM
// (the vehicle). Defaults: 100 uL (96), 40 uL (384), 5 uL (1536) wells.
import { belowPipette } from './request-corpus';
import {
  allWells,
  block,
  blockQuadrant,
  cols,
  edge,
  type Fmt,
  inner,
  interleaved,
  letters,
  minus,
  nums,
  rows,
  rowsByParity,
} from './screening-wells';

export type CaseClass =
  | 'well-set'
  | 'reagent'
  | 'units'
  | 'controls'
  | 'series'
  | 'replace/move'
  | 'except'
  | 'question'
  | 'ambiguity'
  | 'tolerance'
  | 'solvent limit';

/** Non-vehicle reagents of a well: slug -> target nM (null for a plain liquid). */
export type Targets = Record<string, number | null>;

/** What one changed well must hold; 'empty' when the request emptied it. */
export type WellExpect = Targets | 'empty';

export interface ScreeningCase {
  cls: CaseClass;
  format: Fmt;
  /** earlier turns of the same conversation (questions included) */
  setup?: string[];
  selection?: string[];
  request: string;
  /** exactly the wells the request writes */
  changed?: string[];
  /** what each changed well holds, by id and position in `changed` */
  holds?: WellExpect | ((id: string, k: number) => WellExpect);
  /** tags each changed (non-empty) well carries */
  tags?: string[];
  /** tolerance stored on every target of the changed wells */
  tol?: number;
  /** plain-liquid volumes a request gave (slug -> uL), hand-set by the request */
  liquid_uL?: Record<string, number>;
  /** catalog reagents the request puts on the bench */
  benchAdds?: string[];
  /** nothing written; a question whose text matches, offering each choice */
  asks?: RegExp;
  choices?: RegExp[];
  /** nothing written; a refusal that says why and what would work */
  refused?: RegExp;
  /** nothing written; an answer */
  answer?: RegExp;
}

const SA = 'staurosporine';
const CA = 'compound-a';
const CB = 'compound-b';

/** Point k of a series from `top` by `factor`, rounded as the corpus compares (12 digits). */
const pt = (top: number, factor: number, k: number) => Number((top / factor ** k).toPrecision(12));

/** Each column of `cs` holds a series running down the rows (k counts from the top). */
function seriesDown(slug: string, top: number, factor: number, points: number) {
  return (_id: string, k: number): Targets => ({ [slug]: pt(top, factor, k % points) });
}

const one = (slug: string, nM: number | null): Targets => ({ [slug]: nM });

// ---------------------------------------------------------------- well sets
const WELL_SET: ScreeningCase[] = (
  [
    [96, 'every other column', cols(96, ...nums(1, 11, 2))],
    [96, 'every other row', rows(96, 'A', 'C', 'E', 'G')],
    [96, 'alternate rows', rows(96, 'A', 'C', 'E', 'G')],
    [96, 'alternate columns', cols(96, ...nums(1, 11, 2))],
    [96, 'odd columns', cols(96, ...nums(1, 11, 2))],
    [96, 'the odd columns', cols(96, ...nums(1, 11, 2))],
    [96, 'even columns', cols(96, ...nums(2, 12, 2))],
    [96, 'odd rows', rows(96, 'A', 'C', 'E', 'G')],
    [96, 'even rows', rows(96, 'B', 'D', 'F', 'H')],
    [96, 'every other column of row B', rows(96, 'B').filter((_, i) => i % 2 === 0)],
    [96, 'the edge wells', edge(96)],
    [96, 'the outer wells', edge(96)],
    [96, 'the perimeter', edge(96)],
    [96, 'the inner wells', inner(96)],
    [96, 'the interior wells', inner(96)],
    [96, 'columns 2 to 11', cols(96, ...nums(2, 11))],
    [96, 'columns 1, 3 and 5', cols(96, 1, 3, 5)],
    [96, 'rows A, C and E', rows(96, 'A', 'C', 'E')],
    [96, 'B2-G11', block('B2', 'G11')],
    [96, 'wells A1, B2, C3 and D4', ['A1', 'B2', 'C3', 'D4']],
    [96, 'the first two columns', cols(96, 1, 2)],
    [96, 'the last column', cols(96, 12)],
    [96, 'the last two columns', cols(96, 11, 12)],
    [96, 'the top row', rows(96, 'A')],
    [96, 'the bottom row', rows(96, 'H')],
    [96, 'the top half of the plate', rows(96, ...letters('A', 'D'))],
    [96, 'the left half of the plate', cols(96, ...nums(1, 6))],
    [96, 'the whole plate', allWells(96)],
    [96, 'every well', allWells(96)],
    [384, 'every other column', cols(384, ...nums(1, 23, 2))],
    [384, 'every other row', rows(384, ...rowsByParity(384, 0))],
    [384, 'even rows', rows(384, ...rowsByParity(384, 1))],
    [384, 'odd columns', cols(384, ...nums(1, 23, 2))],
    [384, 'the edge wells', edge(384)],
    [384, 'the inner wells', inner(384)],
    [384, 'quadrant 1 (interleaved)', interleaved(384, 1)],
    [384, 'interleaved quadrant 2', interleaved(384, 2)],
    [384, 'quadrant 3, interleaved convention', interleaved(384, 3)],
    [384, 'interleaved quadrant 4', interleaved(384, 4)],
    [384, 'the top-left quadrant', blockQuadrant(384, 1)],
    [384, 'the bottom-right quadrant', blockQuadrant(384, 4)],
    [384, 'block quadrant 2', blockQuadrant(384, 2)],
    [384, 'rows I to P', rows(384, ...letters('I', 'P'))],
    [384, 'columns 13-24', cols(384, ...nums(13, 24))],
    [384, 'C3:N22', block('C3', 'N22')],
    [1536, 'every other column', cols(1536, ...nums(1, 47, 2))],
    [1536, 'odd rows', rows(1536, ...rowsByParity(1536, 0))],
    [1536, 'rows AA to AF', rows(1536, ...letters('AA', 'AF'))],
    [1536, 'row AB', rows(1536, 'AB')],
    [1536, 'AA1-AF48', block('AA1', 'AF48')],
    [1536, 'Z1:AC4', block('Z1', 'AC4')],
    [1536, 'the edge wells', edge(1536)],
    [1536, 'the inner wells', inner(1536)],
    [1536, 'interleaved quadrant 1', interleaved(1536, 1)],
    [1536, 'interleaved quadrant 4', interleaved(1536, 4)],
    [1536, 'the top-right quadrant', blockQuadrant(1536, 2)],
    [1536, 'columns 45 to 48', cols(1536, ...nums(45, 48))],
    [1536, 'the last two rows', rows(1536, 'AE', 'AF')],
  ] as [Fmt, string, string[]][]
).map(([format, phrase, changed]) => ({
  cls: 'well-set' as const,
  format,
  request: `add 1 uM staurosporine to ${phrase}`,
  changed,
  holds: one(SA, 1000),
}));

const WELL_SET_MORE: ScreeningCase[] = [
  {
    cls: 'well-set',
    format: 96,
    setup: ['add 1 uM staurosporine to A1:B2'],
    request: 'tag the staurosporine wells as HIT',
    changed: ['A1', 'A2', 'B1', 'B2'],
    holds: one(SA, 1000),
    tags: ['HIT'],
  },
  {
    cls: 'well-set',
    format: 96,
    setup: ['positive controls in column 12: 1 uM staurosporine'],
    request: 'add 10 uM compound A to the wells tagged POS',
    changed: cols(96, 12),
    holds: { [SA]: 1000, [CA]: 10_000 },
    tags: ['POS'],
  },
  {
    cls: 'well-set',
    format: 384,
    setup: ['add 10 uM compound A to rows A-B'],
    request: 'add 1 uM staurosporine to the compound A wells',
    changed: rows(384, 'A', 'B'),
    holds: { [SA]: 1000, [CA]: 10_000 },
  },
  {
    cls: 'well-set',
    format: 96,
    request: 'label every other well of column 1 "odd"',
    changed: ['A1', 'C1', 'E1', 'G1'],
    holds: {},
  },
  {
    cls: 'well-set',
    format: 96,
    request: 'tag the corner wells as CORNER',
    changed: ['A1', 'A12', 'H1', 'H12'],
    holds: {},
    tags: ['CORNER'],
  },
  {
    cls: 'well-set',
    format: 384,
    request: 'tag the outer two rings as EDGE',
    changed: minus(allWells(384), block('C3', 'N22')),
    holds: {},
    tags: ['EDGE'],
  },
  {
    cls: 'well-set',
    format: 96,
    request: 'add 5 uM compound B to columns 3-5 of rows B to D',
    changed: block('B3', 'D5'),
    holds: one(CB, 5000),
  },
  {
    cls: 'well-set',
    format: 1536,
    request: 'put 2 uM compound B in every other row of column 1',
    changed: rowsByParity(1536, 0).map((r) => `${r}1`),
    holds: one(CB, 2000),
  },
  {
    cls: 'well-set',
    format: 96,
    request: 'add 1 uM staurosporine to column 0',
    refused: /Column 0 is not on a 96-well plate/,
  },
  {
    cls: 'well-set',
    format: 96,
    request: 'add 1 uM staurosporine to row AB',
    refused: /AB is not on a 96-well plate|Row AB is not on a 96-well plate/,
  },
  {
    cls: 'well-set',
    format: 384,
    request: 'add 1 uM staurosporine to A1:Q24',
    refused: /Q24 is not on a 384-well plate/,
  },
  {
    cls: 'well-set',
    format: 1536,
    request: 'add 1 uM staurosporine to column 49',
    refused: /Column 49 is not on a 1536-well plate/,
  },
  {
    cls: 'well-set',
    format: 96,
    request: 'add 1 uM staurosporine to the staurosporine wells',
    refused: /No wells hold Staurosporine/,
  },
];

// ---------------------------------------------------------------- except
const EXCEPT: ScreeningCase[] = [
  {
    cls: 'except',
    format: 96,
    request: 'add 10 uM compound A to all wells except the outer wells',
    changed: inner(96),
    holds: one(CA, 10_000),
  },
  {
    cls: 'except',
    format: 96,
    request: 'add 10 uM compound A to all wells except columns 1 and 12',
    changed: cols(96, ...nums(2, 11)),
    holds: one(CA, 10_000),
  },
  {
    cls: 'except',
    format: 96,
    request: 'put 1 uM staurosporine everywhere but row A and column 1',
    changed: minus(allWells(96), [...rows(96, 'A'), ...cols(96, 1)]),
    holds: one(SA, 1000),
  },
  {
    cls: 'except',
    format: 384,
    request: 'add 2 uM compound B to every well except the edges',
    changed: inner(384),
    holds: one(CB, 2000),
  },
  {
    cls: 'except',
    format: 384,
    request: 'add 2 uM compound B to all wells apart from columns 23 and 24',
    changed: cols(384, ...nums(1, 22)),
    holds: one(CB, 2000),
  },
  {
    cls: 'except',
    format: 96,
    setup: ['add 1 uM staurosporine to column 12'],
    request: 'add 10 uM compound A to all wells except the staurosporine wells',
    changed: cols(96, ...nums(1, 11)),
    holds: one(CA, 10_000),
  },
  {
    cls: 'except',
    format: 96,
    setup: ['negative controls in column 1', 'positive controls in column 12: 1 uM staurosporine'],
    request: 'add 10 uM compound A to all wells except the controls',
    changed: cols(96, ...nums(2, 11)),
    holds: one(CA, 10_000),
  },
  {
    cls: 'except',
    format: 96,
    request: 'tag all wells except A1 as SAMPLE',
    changed: minus(allWells(96), ['A1']),
    holds: {},
    tags: ['SAMPLE'],
  },
  {
    cls: 'except',
    format: 1536,
    request: 'add 1 uM staurosporine to all wells except columns 1-4 and 45-48',
    changed: cols(1536, ...nums(5, 44)),
    holds: one(SA, 1000),
  },
  {
    cls: 'except',
    format: 1536,
    request: 'add 1 uM staurosporine to every well other than rows AE and AF',
    changed: rows(1536, ...letters('A', 'AD')),
    holds: one(SA, 1000),
  },
  {
    cls: 'except',
    format: 96,
    setup: ['add 1 uM staurosporine to row A'],
    request: 'clear row A except A1',
    changed: rows(96, 'A').slice(1),
    holds: 'empty',
  },
  {
    cls: 'except',
    format: 96,
    request: 'fill all wells except column 1 and 12 with media',
    changed: cols(96, ...nums(2, 11)),
    holds: {},
  },
  {
    cls: 'except',
    format: 384,
    request: 'add 10 uM compound A to all wells except interleaved quadrant 1',
    changed: minus(allWells(384), interleaved(384, 1)),
    holds: one(CA, 10_000),
  },
  {
    cls: 'except',
    format: 96,
    request: 'add 10 uM compound A to columns 1-6 except row H',
    changed: minus(cols(96, ...nums(1, 6)), rows(96, 'H')),
    holds: one(CA, 10_000),
  },
  {
    cls: 'except',
    format: 96,
    request: 'add 10 uM compound A to all wells except all wells',
    refused: /no wells|nothing/i,
  },
];

// ---------------------------------------------------------------- reagents
const REAGENT: ScreeningCase[] = [
  {
    cls: 'reagent',
    format: 96,
    request: 'add 50 uL PBS to column 1',
    changed: cols(96, 1),
    holds: one('pbs-1x', null),
    liquid_uL: { 'pbs-1x': 50 },
    benchAdds: ['pbs-1x'],
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 20 uL 10x PBS to A1',
    changed: ['A1'],
    holds: one('pbs-10x', null),
    liquid_uL: { 'pbs-10x': 20 },
    benchAdds: ['pbs-10x'],
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 1 mM ATP to A1',
    changed: ['A1'],
    holds: one('atp-disodium', 1_000_000),
    benchAdds: ['atp-disodium'],
  },
  {
    cls: 'reagent',
    format: 96,
    setup: ['add 1 mM ATP to A1'],
    request: 'add 2 mM ATP to B1',
    changed: ['B1'],
    holds: one('atp-disodium', 2_000_000),
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 100 mM NaCl to row A',
    changed: rows(96, 'A'),
    holds: one('sodium-chloride', 100_000_000),
    benchAdds: ['sodium-chloride'],
  },
  {
    cls: 'reagent',
    format: 96,
    setup: ['add 100 mM NaCl to row A'],
    request: 'add 50 mM NaCl to row B',
    changed: rows(96, 'B'),
    holds: one('sodium-chloride', 50_000_000),
  },
  {
    cls: 'reagent',
    format: 96,
    setup: ['add 100 mM NaCl to row A'],
    request: 'add 50 mM sodium chloride to row C',
    changed: rows(96, 'C'),
    holds: one('sodium-chloride', 50_000_000),
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 50 uL DMEM to column 2',
    changed: cols(96, 2),
    holds: {},
    liquid_uL: { dmem: 50 },
  },
  {
    cls: 'reagent',
    format: 96,
    request: "add 50 uL Dulbecco's Modified Eagle Medium to column 2",
    changed: cols(96, 2),
    holds: {},
    liquid_uL: { dmem: 50 },
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 0.5 % dimethyl sulfoxide to column 4',
    changed: cols(96, 4),
    holds: one('dmso', null),
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 0.5% DSMO to column 4',
    asks: /I did not understand 'DSMO' - did you mean 'DMSO'\?/,
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 1 uM STS to H1',
    changed: ['H1'],
    holds: one(SA, 1000),
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 1 uM staurosporin to H1',
    asks: /I did not understand 'staurosporin' - did you mean 'staurosporine'\?/,
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 1 uM stuarosporine to H2',
    asks: /I did not understand 'stuarosporine' - did you mean 'staurosporine'\?/,
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 1 uM Staurosporine to h3',
    changed: ['H3'],
    holds: one(SA, 1000),
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 10 uM cmpd A to B2',
    changed: ['B2'],
    holds: one(CA, 10_000),
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 5 uM cpd B to B2',
    changed: ['B2'],
    holds: one(CB, 5000),
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 10 uM compond A to B2',
    asks: /I did not understand 'compond' - did you mean 'compound'\?/,
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 10 uM Compound-A to B2',
    changed: ['B2'],
    holds: one(CA, 10_000),
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 10 mM hepes to column 6',
    changed: cols(96, 6),
    holds: one('hepes-buffer', 10_000_000),
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 10 mM HEPES buffer to column 6',
    changed: cols(96, 6),
    holds: one('hepes-buffer', 10_000_000),
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 1 uM doxorubicin to A1',
    changed: ['A1'],
    holds: one('doxorubicin-hcl', 1000),
    benchAdds: ['doxorubicin-hcl'],
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 1 uM adriamycin to A1',
    changed: ['A1'],
    holds: one('doxorubicin-hcl', 1000),
    benchAdds: ['doxorubicin-hcl'],
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 100 nM taxol to A2',
    changed: ['A2'],
    holds: one('paclitaxel', 100),
    benchAdds: ['paclitaxel'],
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 100 nM bortezomib to A3',
    changed: ['A3'],
    holds: one('bortezomib', 100),
    benchAdds: ['bortezomib'],
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 1 uM camptothecin to A4',
    changed: ['A4'],
    holds: one('camptothecin', 1000),
    benchAdds: ['camptothecin'],
  },
  {
    cls: 'reagent',
    format: 384,
    request: 'add 1 uM CPT to A4',
    changed: ['A4'],
    holds: one('camptothecin', 1000),
    benchAdds: ['camptothecin'],
  },
  {
    cls: 'reagent',
    format: 384,
    request: 'add 10 uM xyzzymab to A1',
    refused: /I don't know a reagent called "xyzzymab"/,
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 10 uM compound Z to A1',
    refused: /compound Z/i,
  },
  {
    cls: 'reagent',
    format: 384,
    request: 'add 10 uL DMEM to column 1',
    changed: cols(384, 1),
    holds: {},
    liquid_uL: { dmem: 10 },
  },
  {
    cls: 'reagent',
    format: 1536,
    request: 'add 1 uM stauro to AF48',
    changed: ['AF48'],
    holds: one(SA, 1000),
  },
  {
    cls: 'reagent',
    format: 1536,
    request: 'add 1 uM compound b to AA1',
    changed: ['AA1'],
    holds: one(CB, 1000),
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 10 mM Tris to column 1',
    changed: cols(96, 1),
    holds: one('tris-base', 10_000_000),
    benchAdds: ['tris-base'],
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 1 mM DTT to column 2',
    changed: cols(96, 2),
    holds: one('dtt', 1_000_000),
    benchAdds: ['dtt'],
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 1 mM dithiothreitol to column 3',
    changed: cols(96, 3),
    holds: one('dtt', 1_000_000),
    benchAdds: ['dtt'],
  },
  {
    cls: 'reagent',
    format: 96,
    request: 'add 5 mM MgCl2 to column 4',
    changed: cols(96, 4),
    holds: one('mgcl2-hexahydrate', 5_000_000),
    benchAdds: ['mgcl2-hexahydrate'],
  },
];

// ---------------------------------------------------------------- units
// Mass units go through the molecular weight of the form on the bench (catalog entry of the
// same reagent): nM = (g/L) / MW * 1e9. Staurosporine 466.53, doxorubicin HCl 579.98,
// camptothecin 348.35, NaCl 58.44.
const byMass = (gPerL: number, mw: number) => Number(((gPerL / mw) * 1e9).toPrecision(12));
const UNITS: ScreeningCase[] = [
  ...(
    [
      ['10 uM', 10_000],
      ['10 µM', 10_000],
      ['10uM', 10_000],
      ['10 micromolar', 10_000],
      ['10,000 nM', 10_000],
      ['0.01 mM', 10_000],
      ['1e-5 M', 10_000],
      ['10 umol/L', 10_000],
      ['500 pM', 0.5],
      ['2.5 uM', 2500],
      ['.5 uM', 500],
      ['1 nanomolar', 1],
    ] as [string, number][]
  ).map(([amount, nM]): ScreeningCase => ({
    cls: 'units',
    format: 384,
    request: `add ${amount} staurosporine to B2`,
    changed: ['B2'],
    holds: one(SA, nM),
  })),
  {
    cls: 'units',
    format: 96,
    request: 'add 1 ug/mL staurosporine to A1',
    changed: ['A1'],
    holds: one(SA, byMass(1e-3, 466.53)),
  },
  {
    cls: 'units',
    format: 96,
    request: 'add 100 ng/mL staurosporine to A2',
    changed: ['A2'],
    holds: one(SA, byMass(1e-4, 466.53)),
  },
  {
    cls: 'units',
    format: 96,
    request: 'add 1 µg/ml doxorubicin to A3',
    changed: ['A3'],
    holds: one('doxorubicin-hcl', byMass(1e-3, 579.98)),
    benchAdds: ['doxorubicin-hcl'],
  },
  {
    cls: 'units',
    format: 96,
    request: 'add 10 ug/mL camptothecin to A4',
    changed: ['A4'],
    holds: one('camptothecin', byMass(1e-2, 348.35)),
    benchAdds: ['camptothecin'],
  },
  {
    cls: 'units',
    format: 96,
    request: 'add 1 mg/mL NaCl to A5',
    changed: ['A5'],
    holds: one('sodium-chloride', byMass(1, 58.44)),
    benchAdds: ['sodium-chloride'],
  },
  {
    cls: 'units',
    format: 384,
    request: 'add 50 ng/ml STS to column 1',
    changed: cols(384, 1),
    holds: one(SA, byMass(5e-5, 466.53)),
  },
  {
    cls: 'units',
    format: 96,
    request: 'add 1 ug/mL compound A to A1',
    asks: /molecular weight|molar/i,
  },
  {
    cls: 'units',
    format: 96,
    request: 'add 1 % compound A to A1',
    asks: /molar|%/i,
  },
  {
    cls: 'units',
    format: 96,
    request: 'add 10 mM staurosporine to A1',
    refused: /stock|1 mM/,
  },
  {
    cls: 'units',
    format: 96,
    request: 'add 1 mg/mL staurosporine to A1',
    refused: /stock|1 mM/,
  },
  {
    cls: 'units',
    format: 96,
    request: 'add 10 uM DMEM to A1',
    refused: /DMEM/,
  },
  {
    cls: 'units',
    format: 96,
    request: 'add 10 kg staurosporine to A1',
    refused: /kg|unit/i,
  },
];

// ---------------------------------------------------------------- controls
const CONTROLS: ScreeningCase[] = [
  {
    cls: 'controls',
    format: 96,
    request:
      'negative controls in column 1 and positive controls with 1 uM staurosporine in column 12',
    changed: [...cols(96, 1), ...cols(96, 12)],
    holds: (id) => (id.endsWith('12') ? one(SA, 1000) : {}),
  },
  {
    cls: 'controls',
    format: 96,
    request: 'positive controls (1 uM staurosporine) in column 1, negative controls in column 12',
    changed: [...cols(96, 1), ...cols(96, 12)],
    holds: (id) => (/^[A-H]1$/.test(id) ? one(SA, 1000) : {}),
  },
  {
    cls: 'controls',
    format: 96,
    request: 'put negative controls in column 1',
    changed: cols(96, 1),
    holds: {},
    tags: ['NEG'],
  },
  {
    cls: 'controls',
    format: 96,
    request: 'put positive controls in column 12 with 1 uM staurosporine',
    changed: cols(96, 12),
    holds: one(SA, 1000),
    tags: ['POS'],
  },
  {
    cls: 'controls',
    format: 384,
    request: 'neg ctrl in columns 1-2, pos ctrl 10 uM staurosporine in columns 23-24',
    changed: [...cols(384, 1, 2), ...cols(384, 23, 24)],
    holds: (id) => (/^[A-P]2[34]$/.test(id) ? one(SA, 10_000) : {}),
  },
  {
    cls: 'controls',
    format: 384,
    request: 'high controls in column 24 with 10 uM staurosporine and low controls in column 23',
    changed: [...cols(384, 23), ...cols(384, 24)],
    holds: (id) => (id.endsWith('24') ? one(SA, 10_000) : {}),
  },
  {
    cls: 'controls',
    format: 384,
    request: 'vehicle controls with 0.5 % DMSO in column 1',
    changed: cols(384, 1),
    holds: one('dmso', null),
  },
  {
    cls: 'controls',
    format: 96,
    request: 'negative control: 0.1 % DMSO in column 1',
    refused: belowPipette('8 wells (A1 to H1)'),
  },
  {
    cls: 'controls',
    format: 1536,
    request: 'positive controls in columns 47 and 48 with 1 uM staurosporine',
    changed: cols(1536, 47, 48),
    holds: one(SA, 1000),
    tags: ['POS'],
  },
  {
    cls: 'controls',
    format: 1536,
    request:
      'negative controls in columns 1-2 and positive controls with 1 uM STS in columns 47-48',
    changed: [...cols(1536, 1, 2), ...cols(1536, 47, 48)],
    holds: (id) => (/^[A-Z]{1,2}4[78]$/.test(id) ? one(SA, 1000) : {}),
  },
  {
    cls: 'controls',
    format: 96,
    request: 'blanks in H10-H12',
    changed: ['H10', 'H11', 'H12'],
    holds: {},
    tags: ['ZERO'],
  },
  {
    cls: 'controls',
    format: 96,
    request: 'untreated controls in column 1',
    changed: cols(96, 1),
    holds: {},
    tags: ['NEG'],
  },
  {
    cls: 'controls',
    format: 96,
    request: 'positive controls in column 12',
    asks: /positive control|which reagent|what/i,
  },
  {
    cls: 'controls',
    format: 384,
    request: 'max signal in column 24 with 10 uM staurosporine, min signal in column 1',
    changed: [...cols(384, 1), ...cols(384, 24)],
    holds: (id) => (id.endsWith('24') ? one(SA, 10_000) : {}),
  },
  {
    cls: 'controls',
    format: 96,
    request: 'DMSO controls at 0.1 % in the outer wells',
    refused: belowPipette('36 wells (A1 to H12)'),
  },
];

// ---------------------------------------------------------------- series
const SERIES: ScreeningCase[] = [
  {
    cls: 'series',
    format: 96,
    request:
      'dose-response of compound A from 10 uM, 1:3, 8 points, in triplicate down columns 1-3',
    changed: cols(96, 1, 2, 3),
    holds: seriesDown(CA, 10_000, 3, 8),
  },
  {
    cls: 'series',
    format: 96,
    request: '8-point 1:2 dilution of staurosporine from 1 uM in triplicate, columns 4 to 6',
    changed: cols(96, 4, 5, 6),
    holds: seriesDown(SA, 1000, 2, 8),
  },
  {
    cls: 'series',
    format: 96,
    request:
      '1:2 series of staurosporine from 1 uM in row C, 10 points, starting at column 12 going left',
    changed: ['C12', 'C11', 'C10', 'C9', 'C8', 'C7', 'C6', 'C5', 'C4', 'C3'],
    holds: (_id, k) => one(SA, pt(1000, 2, k)),
  },
  {
    cls: 'series',
    format: 96,
    request: 'staurosporine high to low from column 12 in row D, 1 uM top, 3-fold, 6 points',
    changed: ['D12', 'D11', 'D10', 'D9', 'D8', 'D7'],
    holds: (_id, k) => one(SA, pt(1000, 3, k)),
  },
  {
    cls: 'series',
    format: 96,
    request: 'compound B from 10 uM to 10 nM in 10-fold steps across row A',
    changed: ['A1', 'A2', 'A3', 'A4'],
    holds: (_id, k) => one(CB, pt(10_000, 10, k)),
  },
  {
    cls: 'series',
    format: 96,
    request: '8-point half-log series of compound B from 10 uM down column 3, in duplicate',
    changed: cols(96, 3, 4),
    holds: seriesDown(CB, 10_000, Math.sqrt(10), 8),
  },
  {
    cls: 'series',
    format: 96,
    request: 'serial dilution 1 in 3 of compound A starting 30 uM across row E, 12 points',
    changed: rows(96, 'E'),
    holds: (_id, k) => one(CA, pt(30_000, 3, k)),
  },
  {
    cls: 'series',
    format: 96,
    request: 'titrate staurosporine 2-fold from 1 uM down column 1',
    changed: cols(96, 1),
    holds: (_id, k) => one(SA, pt(1000, 2, k)),
  },
  {
    cls: 'series',
    format: 96,
    request: 'dilution series of compound A, 3-fold from 10 uM, bottom to top in column 2',
    changed: ['H2', 'G2', 'F2', 'E2', 'D2', 'C2', 'B2', 'A2'],
    holds: (_id, k) => one(CA, pt(10_000, 3, k)),
  },
  {
    cls: 'series',
    format: 384,
    request: '1:3 dilution of compound A from 10 uM, 10 points, across rows A to C (triplicate)',
    changed: [
      ...rows(384, 'A').slice(0, 10),
      ...rows(384, 'B').slice(0, 10),
      ...rows(384, 'C').slice(0, 10),
    ],
    holds: (_id, k) => one(CA, pt(10_000, 3, k % 10)),
  },
  {
    cls: 'series',
    format: 384,
    request: '16-point 2-fold dilution of staurosporine from 10 uM down column 5',
    changed: cols(384, 5),
    holds: (_id, k) => one(SA, pt(10_000, 2, k)),
  },
  {
    cls: 'series',
    format: 384,
    request:
      '2-fold dilution of staurosporine from 10 uM in row B, 12 points, right to left from column 24',
    changed: nums(13, 24)
      .toReversed()
      .map((c) => `B${c}`),
    holds: (_id, k) => one(SA, pt(10_000, 2, k)),
  },
  {
    cls: 'series',
    format: 384,
    request: '11-point half log dilution of compound B from 10 uM in columns 3 and 4, in duplicate',
    changed: [...cols(384, 3).slice(0, 11), ...cols(384, 4).slice(0, 11)],
    holds: (_id, k) => one(CB, pt(10_000, Math.sqrt(10), k % 11)),
  },
  {
    cls: 'series',
    format: 1536,
    request: '1:3 dilution of compound A from 10 uM, 16 points down column 3',
    changed: cols(1536, 3).slice(0, 16),
    holds: (_id, k) => one(CA, pt(10_000, 3, k)),
  },
  {
    cls: 'series',
    format: 1536,
    request: '2-fold series of staurosporine from 10 uM across row AA, 24 points',
    changed: rows(1536, 'AA').slice(0, 24),
    holds: (_id, k) => one(SA, pt(10_000, 2, k)),
  },
  {
    cls: 'series',
    format: 96,
    request: '3-fold dilution of compound A from 10 uM across row B, 20 points',
    refused: /20 points|12 columns|does not fit/i,
  },
  {
    cls: 'series',
    format: 96,
    request: 'dilution series of compound A from 10 uM in row B',
    asks: /fold|factor|points/i,
  },
  {
    cls: 'series',
    format: 96,
    request: 'dose response of staurosporine 1 uM to 1 nM, 1:10, column 7',
    changed: ['A7', 'B7', 'C7', 'D7'],
    holds: (_id, k) => one(SA, pt(1000, 10, k)),
  },
];

// ---------------------------------------------------------------- replace / move / copy
const REPLACE: ScreeningCase[] = [
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 1 uM staurosporine to column 12'],
    request: 'replace staurosporine with 5 uM compound A',
    changed: cols(96, 12),
    holds: one(CA, 5000),
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 1 uM staurosporine to column 12'],
    request: 'replace staurosporine with compound A at 5 uM in column 12',
    changed: cols(96, 12),
    holds: one(CA, 5000),
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 1 uM staurosporine to column 12'],
    request: 'swap staurosporine for 2 uM compound B',
    changed: cols(96, 12),
    holds: one(CB, 2000),
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 1 uM staurosporine to column 12', 'add 1 uM staurosporine to column 1'],
    request: 'replace staurosporine with 5 uM compound A in column 1 only',
    changed: cols(96, 1),
    holds: one(CA, 5000),
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 10 uM compound A to rows A-D'],
    request: 'move the compound A wells to rows E-H',
    changed: rows(96, ...letters('A', 'H')),
    holds: (id) => (/^[A-D]/.test(id) ? 'empty' : one(CA, 10_000)),
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['positive controls in column 12: 1 uM staurosporine'],
    request: 'move the positive controls to column 1',
    changed: [...cols(96, 1), ...cols(96, 12)],
    holds: (id) => (id.endsWith('12') ? 'empty' : one(SA, 1000)),
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 1 uM staurosporine to column 3'],
    request: 'move column 3 to column 4',
    changed: cols(96, 3, 4),
    holds: (id) => (/^[A-H]3$/.test(id) ? 'empty' : one(SA, 1000)),
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 1 uM staurosporine to column 3'],
    request: 'copy column 3 to column 5',
    changed: cols(96, 5),
    holds: one(SA, 1000),
  },
  {
    cls: 'replace/move',
    format: 384,
    setup: ['add 10 uM compound A to row A'],
    request: 'move row A to row P',
    changed: rows(384, 'A', 'P'),
    holds: (id) => (id.startsWith('A') ? 'empty' : one(CA, 10_000)),
  },
  {
    cls: 'replace/move',
    format: 384,
    setup: ['add 10 uM compound A to B2'],
    request: 'change compound A in B2 to 1 uM',
    changed: ['B2'],
    holds: one(CA, 1000),
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 10 uM compound A to column 2'],
    request: 'change the concentration of compound A to 20 uM',
    // 100 uL wells holding 10 uL of the 1:100 (100 uM) and 90 uL of medium: the new target is
    // planned in the 100 uL well, 20 uL of the 1:100 and 80 uL of medium, 20 uM exactly
    changed: cols(96, 2),
    holds: one(CA, 20_000),
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 10 uM compound A to column 2'],
    request: 'replace compound A with foobarin',
    refused: /foobarin/,
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 10 uM compound A to column 2'],
    request: 'replace staurosporine with 5 uM compound B',
    refused: /No wells hold Staurosporine/,
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 1 uM staurosporine to column 3'],
    request: 'move column 3 to column 13',
    refused: /Column 13 is not on a 96-well plate/,
  },
  {
    cls: 'replace/move',
    format: 1536,
    setup: ['add 1 uM staurosporine to column 1'],
    request: 'move column 1 to column 48',
    changed: cols(1536, 1, 48),
    holds: (id) => (/^[A-Z]{1,2}1$/.test(id) ? 'empty' : one(SA, 1000)),
  },
];

// ---------------------------------------------------------------- questions (nothing written)
const QUESTION: ScreeningCase[] = [
  {
    cls: 'question',
    format: 96,
    setup: ['add 10 uM staurosporine to B3'],
    request: 'what is the DMSO % in B3?',
    answer: /1(?:\.0+)? ?%/,
  },
  {
    cls: 'question',
    format: 96,
    setup: ['add 10 uM staurosporine to B3'],
    request: 'how much DMSO is in B3',
    answer: /1(?:\.0+)? ?%|1(?:\.0+)? µL/,
  },
  {
    cls: 'question',
    format: 96,
    setup: ['add 10 uM compound A to B3'],
    request: 'what is the solvent percentage in B3',
    answer: /0\.1 ?%/,
  },
  {
    cls: 'question',
    format: 96,
    setup: ['add 10 uM staurosporine to B3'],
    request: 'what volume is in B3?',
    answer: /100 µL/,
  },
  {
    cls: 'question',
    format: 96,
    setup: ['add 10 uM staurosporine to B3'],
    request: "what's in B3",
    answer: /Staurosporine 10\.0 µM/,
  },
  {
    cls: 'question',
    format: 96,
    request: 'which wells are unmet?',
    answer: /no unmet|All targets are met|0 unmet|nothing is unmet/i,
  },
  {
    cls: 'question',
    format: 96,
    setup: ['add 1 uM staurosporine to A1:A3'],
    request: 'where is staurosporine?',
    answer: /A1.*A3/,
  },
  {
    cls: 'question',
    format: 96,
    setup: ['add 1 uM staurosporine to column 11'],
    request: 'how much staurosporine does the plate need',
    answer: /Staurosporine/,
  },
  {
    cls: 'question',
    format: 96,
    setup: ['add 1 uM staurosporine to column 11'],
    request: 'how many transfers does this plate take?',
    answer: /\d+ transfers?/,
  },
  {
    cls: 'question',
    format: 96,
    request: 'can I put 50 uM staurosporine in A1?',
    answer: /DMSO|solvent/,
  },
  {
    cls: 'question',
    format: 96,
    request: 'what is the highest staurosporine I can use?',
    answer: /10(?:\.0)? µM/,
  },
  {
    cls: 'question',
    format: 96,
    request: 'what is the DMSO limit?',
    answer: /1 ?%/,
  },
  {
    cls: 'question',
    format: 384,
    request: "what's in P24?",
    answer: /^P24 is empty\.$/,
  },
  {
    cls: 'question',
    format: 384,
    setup: ['add 10 uM staurosporine to column 24'],
    request: 'what concentration of staurosporine is in P24',
    answer: /10(?:\.0)? µM/,
  },
  {
    cls: 'question',
    format: 1536,
    setup: ['add 1 uM staurosporine to AF48'],
    request: 'what is the volume of AF48',
    answer: /5(?:\.0+)? µL/,
  },
  {
    cls: 'question',
    format: 1536,
    setup: ['add 1 uM staurosporine to AF48'],
    request: "what's on the plate?",
    answer: /1 of 1536 wells/,
  },
  {
    cls: 'question',
    format: 96,
    // 0.5 uL is the 96-well plate's pipette's least (0.1 uL under it is refused): met
    setup: ['add 0.5 uL DMEM to H12'],
    request: 'is anything unmet',
    answer: /no unmet wells/,
  },
  {
    cls: 'question',
    format: 96,
    setup: ['negative controls in column 1'],
    request: 'which wells are negative controls?',
    answer: /A1.*H1/,
  },
];

// ---------------------------------------------------------------- ambiguity (one question)
const AMBIGUITY: ScreeningCase[] = [
  {
    cls: 'ambiguity',
    format: 96,
    request: 'add 10 uM compound to B3',
    asks: /Which/i,
    choices: [/Compound A/, /Compound B/],
  },
  {
    cls: 'ambiguity',
    format: 96,
    setup: ['add 10 uM compound to B3'],
    request: '1',
    changed: ['B3'],
    holds: one(CA, 10_000),
  },
  {
    cls: 'ambiguity',
    format: 96,
    setup: ['add 10 uM compound to B3'],
    request: 'the second',
    changed: ['B3'],
    holds: one(CB, 10_000),
  },
  {
    cls: 'ambiguity',
    format: 96,
    setup: ['add 10 uM compound to B3'],
    request: 'compound B',
    changed: ['B3'],
    holds: one(CB, 10_000),
  },
  {
    cls: 'ambiguity',
    format: 384,
    request: 'add 1 uM staurosporine to quadrant 1',
    asks: /quadrant/i,
    choices: [/interleaved|A1, A3/i, /top-left|block|A1 to H12/i],
  },
  {
    cls: 'ambiguity',
    format: 384,
    setup: ['add 1 uM staurosporine to quadrant 1'],
    request: 'interleaved',
    changed: interleaved(384, 1),
    holds: one(SA, 1000),
  },
  {
    cls: 'ambiguity',
    format: 384,
    setup: ['add 1 uM staurosporine to quadrant 1'],
    request: '2',
    changed: blockQuadrant(384, 1),
    holds: one(SA, 1000),
  },
  {
    cls: 'ambiguity',
    format: 1536,
    request: 'add 1 uM staurosporine to quadrant 3',
    asks: /quadrant/i,
    choices: [/interleaved/i, /block|bottom-left/i],
  },
  {
    cls: 'ambiguity',
    format: 96,
    request: 'add 1 uM staurosporine to the odd wells',
    asks: /odd/i,
    choices: [/column/i, /row/i],
  },
  {
    cls: 'ambiguity',
    format: 96,
    setup: ['add 1 uM staurosporine to the odd wells'],
    request: 'odd columns',
    changed: cols(96, ...nums(1, 11, 2)),
    holds: one(SA, 1000),
  },
  {
    cls: 'ambiguity',
    format: 96,
    request: 'add 1 uM staurosporine to half the plate',
    asks: /half/i,
    choices: [/top|rows A/i, /left|columns 1/i],
  },
  {
    cls: 'ambiguity',
    format: 96,
    request: 'add 1 uM staurosporine to alternate wells',
    asks: /\?/,
  },
  {
    cls: 'ambiguity',
    format: 96,
    request: 'add 50 uL PBS to column 1 and 50 uL 10x PBS to column 2',
    changed: cols(96, 1, 2),
    holds: (id) => (id.endsWith('1') ? one('pbs-1x', null) : one('pbs-10x', null)),
    benchAdds: ['pbs-1x', 'pbs-10x'],
  },
  {
    cls: 'ambiguity',
    format: 96,
    request: 'add 1 uM to A1',
    asks: /Which reagent/i,
  },
  {
    cls: 'ambiguity',
    format: 96,
    setup: ['add 1 uM staurosporine to A1', 'add 1 uM staurosporine to B1'],
    request: 'clear the staurosporine well',
    asks: /A1|B1|which/i,
  },
  {
    cls: 'ambiguity',
    format: 96,
    request: 'add 10 uM compound to B3 and B4',
    asks: /Which/i,
    choices: [/Compound A/, /Compound B/],
  },
  {
    cls: 'ambiguity',
    format: 384,
    request: 'add staurosporine to column 3',
    asks: /concentration|how much/i,
  },
];

// ---------------------------------------------------------------- tolerance
const TOLERANCE: ScreeningCase[] = [
  {
    cls: 'tolerance',
    format: 96,
    request: 'add 10 uM staurosporine to A1 within 10 %',
    changed: ['A1'],
    holds: one(SA, 10_000),
    tol: 10,
  },
  {
    cls: 'tolerance',
    format: 96,
    request: 'add 1 uM staurosporine ±2% to column 3',
    changed: cols(96, 3),
    holds: one(SA, 1000),
    tol: 2,
  },
  {
    cls: 'tolerance',
    format: 96,
    request: 'add 1 uM staurosporine +/- 20% to B1',
    changed: ['B1'],
    holds: one(SA, 1000),
    tol: 20,
  },
  {
    cls: 'tolerance',
    format: 384,
    request: 'add 5 uM compound B to row C with a tolerance of 15 percent',
    changed: rows(384, 'C'),
    holds: one(CB, 5000),
    tol: 15,
  },
  {
    cls: 'tolerance',
    format: 384,
    request: 'add 5 uM compound B to row D, tolerance 1%',
    changed: rows(384, 'D'),
    holds: one(CB, 5000),
    tol: 1,
  },
  {
    cls: 'tolerance',
    format: 1536,
    request: 'add 1 uM staurosporine to column 1 within 25%',
    changed: cols(1536, 1),
    holds: one(SA, 1000),
    tol: 25,
  },
  {
    cls: 'tolerance',
    format: 96,
    request: '2-fold dilution of staurosporine from 1 uM across row A, 6 points, within 10 %',
    changed: rows(96, 'A').slice(0, 6),
    holds: (_id, k) => one(SA, pt(1000, 2, k)),
    tol: 10,
  },
  {
    cls: 'tolerance',
    format: 96,
    request: 'add 10 uM compound A to A1 within 150 %',
    refused: /tolerance|100 ?%/i,
  },
];

// ---------------------------------------------------------------- solvent limit
// DMSO at most 1 % v/v: from 1 mM stocks (compound B, staurosporine) at most 10 uM; from
// compound A's 10 mM stock at most 100 uM.
const SOLVENT: ScreeningCase[] = [
  {
    cls: 'solvent limit',
    format: 96,
    request: 'add 20 uM compound B to A1',
    refused: /DMSO/,
  },
  {
    cls: 'solvent limit',
    format: 96,
    request: 'add 50 uM staurosporine to column 1',
    refused: /DMSO/,
  },
  {
    cls: 'solvent limit',
    format: 96,
    request: 'add 10 uM staurosporine and 5 uM compound B to B3',
    refused: /DMSO/,
  },
  {
    cls: 'solvent limit',
    format: 96,
    setup: ['add 10 uM staurosporine to B3'],
    request: 'also add 5 uM compound B to B3',
    refused: /DMSO/,
  },
  {
    cls: 'solvent limit',
    format: 96,
    setup: ['add 0.5% DMSO to column 1'],
    request: 'add 10 uM staurosporine to column 1',
    refused: /DMSO/,
  },
  {
    cls: 'solvent limit',
    format: 96,
    request: 'add 2 % DMSO to column 1',
    refused: /DMSO/,
  },
  {
    cls: 'solvent limit',
    format: 384,
    request: 'add 20 uM staurosporine to P1',
    refused: /DMSO/,
  },
  {
    cls: 'solvent limit',
    format: 1536,
    request: 'add 30 uM compound B to AF1',
    refused: /DMSO/,
  },
  {
    cls: 'solvent limit',
    format: 96,
    request: 'add 100 uM compound A to A1',
    changed: ['A1'],
    holds: one(CA, 100_000),
  },
  {
    cls: 'solvent limit',
    format: 96,
    request: 'add 10 uM staurosporine to A1',
    changed: ['A1'],
    holds: one(SA, 10_000),
  },
  {
    cls: 'solvent limit',
    format: 384,
    request: '2-fold dilution of staurosporine from 50 uM across row A, 8 points',
    refused: /DMSO/,
  },
  {
    cls: 'solvent limit',
    format: 96,
    request: 'add 1 % DMSO and 10 uM compound A to A1',
    refused: /DMSO/,
  },
];

// ---------------------------------------------------------------- more practice
const PRACTICE: ScreeningCase[] = [
  {
    cls: 'well-set',
    format: 96,
    request: 'label A1 to A3 "ref"',
    changed: ['A1', 'A2', 'A3'],
    holds: {},
  },
  {
    cls: 'well-set',
    format: 384,
    request: 'set the sample of quadrant 2 (interleaved) to plate-2',
    changed: interleaved(384, 2),
    holds: {},
  },
  {
    cls: 'well-set',
    format: 96,
    request: 'clear every other column',
    refused: /already empty/,
  },
  {
    cls: 'well-set',
    format: 96,
    setup: ['add 1 uM staurosporine to the whole plate'],
    request: 'clear the odd columns',
    changed: cols(96, ...nums(1, 11, 2)),
    holds: 'empty',
  },
  {
    cls: 'well-set',
    format: 96,
    setup: ['add 1 uM staurosporine to the whole plate'],
    request: 'clear the edge wells',
    changed: edge(96),
    holds: 'empty',
  },
  {
    cls: 'well-set',
    format: 384,
    setup: ['add 1 uM staurosporine to columns 1-4'],
    request: 'remove staurosporine from even rows',
    changed: rows(384, ...rowsByParity(384, 1)).filter((id) => /^[A-P][1-4]$/.test(id)),
    holds: {},
  },
  {
    cls: 'well-set',
    format: 96,
    request: 'add 10 uM compound A to B2, B4, B6 and B8',
    changed: ['B2', 'B4', 'B6', 'B8'],
    holds: one(CA, 10_000),
  },
  {
    cls: 'well-set',
    format: 96,
    request: 'add 10 uM compound A to wells B2 through B5',
    changed: ['B2', 'B3', 'B4', 'B5'],
    holds: one(CA, 10_000),
  },
  {
    cls: 'well-set',
    format: 96,
    request: 'add 10 uM compound A to column 1 rows B-G',
    changed: block('B1', 'G1'),
    holds: one(CA, 10_000),
  },
  {
    cls: 'well-set',
    format: 1536,
    request: 'add 10 uM compound A to AA1, AB2 and AC3',
    changed: ['AA1', 'AB2', 'AC3'],
    holds: one(CA, 10_000),
  },
  {
    cls: 'reagent',
    format: 384,
    request: 'add 10 uM staurosporine to column 1 and 1 uM compound B to column 2',
    changed: cols(384, 1, 2),
    holds: (id) => (/^[A-P]1$/.test(id) ? one(SA, 10_000) : one(CB, 1000)),
  },
  {
    cls: 'controls',
    format: 384,
    request: 'reserve columns 23 and 24',
    changed: cols(384, 23, 24),
    holds: {},
    tags: ['RESERVED'],
  },
  {
    cls: 'replace/move',
    format: 96,
    setup: ['add 10 uM compound A to B3', 'add 5 uM compound B to B3'],
    request: 'remove compound B from B3',
    changed: ['B3'],
    holds: one(CA, 10_000),
  },
  {
    cls: 'question',
    format: 96,
    setup: ['add 10 uM compound A to B3'],
    request: 'is B3 ok?',
    answer: /B3/,
  },
];

/** The corpus of screening practice. */
export const SCREENING_CORPUS: ScreeningCase[] = [
  ...WELL_SET,
  ...WELL_SET_MORE,
  ...EXCEPT,
  ...REAGENT,
  ...UNITS,
  ...CONTROLS,
  ...SERIES,
  ...REPLACE,
  ...QUESTION,
  ...AMBIGUITY,
  ...TOLERANCE,
  ...SOLVENT,
  ...PRACTICE,
];
