// Requests as screening staff type them into the chat, each with the exact change it must
// make to the plate (or the answer or refusal it must give). Volumes are worked out by hand
// from the bench of agent-fixtures.ts and the dispensing engine's rules (the format's default
// settings): default well volume 100 uL (96, pipette: 0.1 uL steps, at least 0.5 uL) / 40 uL
// (384) / 5 uL (1536) (acoustic: 2.5 nL droplets). A target's source is one of the stock and
// the 1:10, 1:100, 1:1000, 1:10000 working stocks whose volume, rounded to the step, is at
// least the minimum, within 5 % of the target and within the DMSO limit (1 % of the well):
// acoustically the most concentrated; on a pipette the one whose volume is in its good band
// (10 uL and more), then the one made in the fewest steps (1:10 and 1:100 one, 1:1000 and
// 1:10000 two), then the most concentrated. When none is, or the one that is lands past 4 %,
// a source made for it (its factor to 2 significant figures; 10 uL on a pipette, 25 nL
// acoustically). DMEM (the default vehicle) fills the rest. Stocks: compound A 10 mM, compound B 1 mM, staurosporine 1 mM, HEPES buffer
// 1 M, DMSO 100 %.
import { plateDefn, type PlateFormat } from '../../../src/domain/plate-format';
import { rowIndex, wellId } from '../../../src/domain/well-id';

/** One reagent of a well: target (null for a liquid), volume and working-stock dilution. */
export interface EntryExpect {
  target_nM: number | null;
  volume_uL: number;
  dilution?: number;
}

/** What a well holds after the request: slug -> entry, nothing else. */
export type Holds = Record<string, EntryExpect>;

export interface CorpusCase {
  format: 96 | 384 | 1536;
  /** earlier requests of the same conversation */
  setup?: string[];
  request: string;
  /** selected wells (the designer's selection); the server corpus skips these cases */
  selection?: string[];
  /** exactly the wells the request changes */
  changed?: string[];
  /** what each changed well holds, by position in `changed` */
  holds?: Holds | ((id: string, k: number) => Holds);
  /** tags every changed well carries */
  tags?: string[];
  label?: string;
  sample?: string;
  /** the changed wells end up empty */
  cleared?: boolean;
  /** catalog reagents the request puts on the bench */
  benchAdds?: string[];
  /** wells whose predictions may miss their targets (too dilute for any working stock) */
  unmetAllowed?: string[];
  answer?: RegExp;
  refused?: RegExp;
}

const defn = (f: PlateFormat) => plateDefn(f);

/**
 * The refusal of a % of DMSO the 96-well plate's pipette cannot dispense: 0.1 % of 100 uL
 * is 100 nL, under its 500 nL least, so the plate would mark the wells unmet and never
 * dispense them. The least it can is 0.5 uL / 100 uL x 100 % = 0.5 %.
 */
export function belowPipette(wells: string): RegExp {
  const named = wells.replace(/[()]/g, '\\$&');
  return new RegExp(
    `^That would leave ${named} unmet: 100 nL of DMSO is below the 500 nL minimum of Pipette .*; at least 0\\.5 % DMSO \\(500 nL in 100 µL\\) can be dispensed\\. Nothing written\\.$`,
  );
}

/** Wells of a column, top to bottom. */
export function col(f: PlateFormat, c: number): string[] {
  return Array.from({ length: defn(f).rows }, (_, r) => wellId(r, c - 1));
}

/** Wells of a row, left to right. */
export function row(f: PlateFormat, letters: string): string[] {
  return Array.from({ length: defn(f).cols }, (_, c) => wellId(rowIndex(letters), c));
}

/** Wells of a rectangle, row by row. */
export function rect(f: PlateFormat, from: string, to: string): string[] {
  const [, r0, c0] = /^([A-Z]+)(\d+)$/.exec(from)!;
  const [, r1, c1] = /^([A-Z]+)(\d+)$/.exec(to)!;
  const out: string[] = [];
  for (let r = rowIndex(r0); r <= rowIndex(r1); r++)
    for (let c = Number(c0); c <= Number(c1); c++) out.push(wellId(r, c - 1));
  void f;
  return out;
}

function outer(f: PlateFormat): string[] {
  const { rows, cols } = defn(f);
  const out: string[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      if (r === 0 || c === 0 || r === rows - 1 || c === cols - 1) out.push(wellId(r, c));
  return out;
}

function inner(f: PlateFormat): string[] {
  const edge = new Set(outer(f));
  const out: string[] = [];
  const { rows, cols } = defn(f);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) if (!edge.has(wellId(r, c))) out.push(wellId(r, c));
  return out;
}

/** A compound at a target with its volume (and dilution), DMEM to the well volume. */
function withDmem(
  slug: string,
  nM: number | null,
  uL: number,
  V: number,
  dilution?: number,
): Holds {
  const e: EntryExpect = { target_nM: nM, volume_uL: uL };
  if (dilution) e.dilution = dilution;
  // the medium fills the rest as the bulk dispenser gives it, on its 0.1 uL step (39.96 uL
  // of a 40 uL well is dispensed, and held, as 40.0)
  const rest = Math.round((V - uL) * 10) / 10;
  return { [slug]: e, dmem: { target_nM: null, volume_uL: rest } };
}

const dmemOnly = (V: number): Holds => ({ dmem: { target_nM: null, volume_uL: V } });

/** A series: point k holds start / factor^k with the hand-planned volume [uL, dilution]. */
function series(slug: string, start: number, factor: number, plan: [number, number?][], V: number) {
  return (_id: string, k: number): Holds => {
    const p = k % plan.length;
    const [uL, dil] = plan[p];
    return withDmem(slug, Number((start / factor ** p).toPrecision(12)), uL, V, dil);
  };
}

const LONG = 'add 10 uM staurosporine to column 3 '.repeat(60);

/** The corpus. */
export const CORPUS: CorpusCase[] = [
  // ---- 96-well plates: 100 uL wells, pipette
  {
    format: 96,
    request: 'add 10 uM staurosporine to column 11',
    changed: col(96, 11),
    // 10 uL of the 1:10 (100 uM x 10 uL = 10 uM x 100 uL), not 1 uL of the stock (poor)
    holds: withDmem('staurosporine', 10_000, 10, 100, 10),
  },
  {
    format: 96,
    request: 'put 1 uM staurosporine in B3',
    changed: ['B3'],
    holds: withDmem('staurosporine', 1000, 10, 100, 100),
  },
  {
    format: 96,
    request: 'add 5 uM compound B to wells A1-A6',
    changed: rect(96, 'A1', 'A6'),
    // 5 uM * 100 uL / 1 mM = 0.5 uL: the pipette's minimum, 0.5 % DMSO
    holds: withDmem('compound-b', 5000, 50, 100, 100),
  },
  {
    format: 96,
    request: 'Add 30 µM Compound A to row C please',
    changed: row(96, 'C'),
    holds: withDmem('compound-a', 30_000, 30, 100, 100),
  },
  {
    format: 96,
    request: 'dispense 20 uL of HEPES buffer into A1:B2',
    changed: ['A1', 'A2', 'B1', 'B2'],
    holds: { 'hepes-buffer': { target_nM: null, volume_uL: 20 } },
  },
  {
    // 2 uL of DMSO alone is a well of 100 % DMSO, which the plate marks unmet: a volume the
    // request gives is held to the solvent limit as a % is
    format: 96,
    request: 'add 2 uL DMSO to H12',
    refused:
      /^That would put H12 at 100 % DMSO, over the 1 % limit; nothing written\. Give DMSO as a % of the well \(at most 1 %\) rather than a volume\.$/,
  },
  {
    format: 96,
    request: 'positive controls in column 12: 1 uM staurosporine',
    changed: col(96, 12),
    holds: withDmem('staurosporine', 1000, 10, 100, 100),
    tags: ['POS'],
  },
  {
    format: 96,
    request: 'negative controls in column 1',
    changed: col(96, 1),
    holds: dmemOnly(100),
    tags: ['NEG'],
  },
  {
    format: 96,
    request: 'DMSO controls in columns 1 and 2, 0.1 %',
    refused: belowPipette('16 wells (A1 to H2)'),
  },
  {
    format: 96,
    request: '3-fold dilution of compound A from 30 uM across row B, 10 points',
    changed: row(96, 'B').slice(0, 10),
    holds: series(
      'compound-a',
      30_000,
      3,
      // each point in the pipette's good band (10 uL and more) where a round source allows:
      // 30 and 10 uM from the 1:100 (100 uM), 3.33 and 1.11 uM from the 1:1000 (10 uM),
      // 370 and 123 nM from the 1:10000 (1 uM); 41.2 and 13.7 nM from it only in 4.1 and 1.4
      // uL (-0.4 %, +2.1 %: kept, within 4 %)
      [
        [30, 100],
        [10, 100],
        [33.3, 1000],
        [11.1, 1000],
        [37, 10000],
        [12.3, 10000],
        [4.1, 10000],
        [1.4, 10000],
        // 4.57 and 1.52 nM: 0.5 uL of the 1 uM stock is +9 % and 0.2 uL under the minimum;
        // 10 uL of sources made for them: 4.57 x 100 / 10 = 45.7 nM, 1:218800 -> 1:220000 (2
        // figures; 10 mM / 220000 = 45.45 nM, 10.1 uL: 4.591 nM, +0.4 %), and 1:660000
        [10.1, 220_000],
        [10.1, 660_000],
      ],
      100,
    ),
    tags: ['SERIES:compound-a:'],
  },
  {
    format: 96,
    request: 'half-log dilution of staurosporine from 10 uM down column 5, 8 points in duplicate',
    changed: [...col(96, 5), ...col(96, 6)],
    holds: series(
      'staurosporine',
      10_000,
      Math.sqrt(10),
      // 10 and 31.6 uL of the 1:10 ... 1:10000 in turn (the good band); 3.16 nM only from
      // 3.2 uL of the 1:10000 (100 nM x 3.2 / 100 = 3.2 nM, +1.2 %)
      [
        [10, 10],
        [31.6, 100],
        [10, 100],
        [31.6, 1000],
        [10, 1000],
        [31.6, 10000],
        [10, 10000],
        [3.2, 10000],
      ],
      100,
    ),
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to column 11'],
    request: 'clear column 11',
    changed: col(96, 11),
    cleared: true,
  },
  {
    format: 96,
    setup: ['add 10 uM compound A to B3', 'add 5 uM compound B to B3'],
    request: 'remove compound A from B3',
    changed: ['B3'],
    holds: withDmem('compound-b', 5000, 50, 100, 100),
  },
  {
    format: 96,
    setup: ['add 10 uM compound A to B3'],
    request: 'also put 5 uM compound B in B3',
    changed: ['B3'],
    holds: {
      // 10 uL of compound A's 1:100, 50 uL of compound B's 1:100, the medium the 40 uL left
      'compound-a': { target_nM: 10_000, volume_uL: 10, dilution: 100 },
      'compound-b': { target_nM: 5000, volume_uL: 50, dilution: 100 },
      dmem: { target_nM: null, volume_uL: 40 },
    },
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to A1'],
    request: 'fill the empty wells with media',
    changed: [
      ...row(96, 'A').slice(1),
      ...['B', 'C', 'D', 'E', 'F', 'G', 'H'].flatMap((r) => row(96, r)),
    ],
    holds: dmemOnly(100),
  },
  {
    format: 96,
    request: 'tag column 1 as REF',
    changed: col(96, 1),
    holds: {},
    tags: ['REF'],
  },
  { format: 96, request: 'label B3 "hit 1"', changed: ['B3'], holds: {}, label: 'hit 1' },
  {
    format: 96,
    request: 'set the sample of row A to patient-7',
    changed: row(96, 'A'),
    holds: {},
    sample: 'patient-7',
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to B3'],
    request: 'what is in B3?',
    answer:
      /B3: Staurosporine 10\.0 µM \(10 µL of the Staurosporine working stock 1:10; predicted 10\.0 µM, good\); DMEM 90 µL; total 100 µL; solvent 1 % v\/v\./,
  },
  {
    format: 96,
    // 0.5 uL is the 96-well plate's pipette's least (0.1 uL under it is refused): met
    setup: ['add 0.5 uL DMEM to H12'],
    request: 'which wells are unmet',
    answer: /^All targets are met: no unmet wells\.$/,
  },
  {
    format: 96,
    request: 'add 0.1 uL DMEM to H12',
    refused:
      /^That would leave H12 unmet: 100 nL of DMEM is below the 500 nL minimum of Pipette .*\. Nothing written\.$/,
  },
  {
    format: 96,
    setup: ['DMSO controls in columns 1 and 2, 0.5 %'],
    request: 'how much DMSO in column 1',
    answer:
      /DMSO in 8 wells \(A1 to H1\): 8 wells, 0\.50 µL per well \(0\.5 % v\/v\), 4\.0+ µL in all/,
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to column 11'],
    request: 'undo',
    changed: col(96, 11),
    cleared: true,
  },
  {
    format: 96,
    request: 'add 10 uM stauroporine to column 3',
    refused: /I did not understand 'stauroporine' - did you mean 'staurosporine'\?/,
  },
  {
    format: 96,
    request: 'add 10 uM compund B to A1',
    refused: /I did not understand 'compund' - did you mean 'compound'\?/,
  },
  {
    format: 96,
    request: 'add 10 uM tamoxifen to C3',
    changed: ['C3'],
    holds: withDmem('tamoxifen', 10_000, 10, 100, 100),
    benchAdds: ['tamoxifen'],
  },
  {
    format: 96,
    request: 'add 0.5% DMSO to column 3',
    changed: col(96, 3),
    holds: withDmem('dmso', null, 0.5, 100),
  },
  {
    format: 96,
    request: 'Add 10 uM compound A to B3 and 5 uM compound B to B4',
    changed: ['B3', 'B4'],
    holds: (id) =>
      id === 'B3'
        ? withDmem('compound-a', 10_000, 10, 100, 100)
        : withDmem('compound-b', 5000, 50, 100, 100),
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to A1', 'negative controls in column 12'],
    request: 'clear the whole plate',
    changed: ['A1', ...col(96, 12)],
    cleared: true,
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to A1', 'tag H12 as REF'],
    request: 'clear the plate',
    changed: ['A1', 'H12'],
    cleared: true,
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to row B', 'add 1 uM staurosporine to row C'],
    request: 'delete everything in row B',
    changed: row(96, 'B'),
    cleared: true,
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to A1:A4'],
    request: 'empty wells A1 to A3',
    changed: ['A1', 'A2', 'A3'],
    cleared: true,
  },
  {
    format: 96,
    request: 'could you put 2 uM compound B into rows G to H, columns 1-3',
    changed: ['G1', 'G2', 'G3', 'H1', 'H2', 'H3'],
    holds: withDmem('compound-b', 2000, 20, 100, 100),
  },
  {
    format: 96,
    request:
      '1:2 serial dilution of compound B starting at 10 uM in row D, 6 points, right to left',
    changed: ['D12', 'D11', 'D10', 'D9', 'D8', 'D7'],
    holds: series(
      'compound-b',
      10_000,
      2,
      // 10 uM: 10 uL of the 1:10 (100 uM); 5, 2.5 and 1.25 uM: 50, 25 and 12.5 uL of the
      // 1:100 (10 uM); 625 and 312.5 nM: 62.5 and 31.3 uL of the 1:1000 (1 uM)
      [
        [10, 10],
        [50, 100],
        [25, 100],
        [12.5, 100],
        [62.5, 1000],
        [31.3, 1000],
      ],
      100,
    ),
  },
  {
    format: 96,
    request: 'Make a 8-point 1:3 dilution series of compound A starting at 10 µM in rows C-D',
    changed: [...row(96, 'C').slice(0, 8), ...row(96, 'D').slice(0, 8)],
    holds: series(
      'compound-a',
      10_000,
      3,
      // as the 30 uM series above from its second point
      [
        [10, 100],
        [33.3, 1000],
        [11.1, 1000],
        [37, 10000],
        [12.3, 10000],
        [4.1, 10000],
        [1.4, 10000],
        [10.1, 220_000],
      ],
      100,
    ),
  },
  {
    format: 96,
    request: 'media only in column 3',
    changed: col(96, 3),
    holds: dmemOnly(100),
    tags: ['vehicle'],
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to A1'],
    request: "what's on the plate",
    answer:
      /^1 of 96 wells hold something\. Reagents: DMEM \(1\), Staurosporine \(1\)\. All targets are met\.$/,
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to row B', 'add 1 uM staurosporine to row C'],
    request: 'clear all wells in row B',
    changed: row(96, 'B'),
    cleared: true,
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to column 3'],
    request: 'remove foobarin from column 3',
    refused: /I don't know a reagent called "foobarin", so I removed nothing/,
  },
  // ---- refusals on 96
  { format: 96, request: '', refused: /Tell me what to do with the plate/ },
  { format: 96, request: '   ', refused: /Tell me what to do with the plate/ },
  { format: 96, request: LONG, refused: /characters long; I act on one short request at a time/ },
  {
    format: 96,
    request: 'add 10 uM foobarin to B3',
    refused: /I don't know a reagent called "foobarin"/,
  },
  {
    format: 96,
    request: 'add 10 uM staurosporine to Z99',
    refused: /Z99 is not on a 96-well plate \(A1 to H12\)/,
  },
  {
    format: 96,
    request: 'add 10 uM staurosporine to column 13',
    refused: /Column 13 is not on a 96-well plate/,
  },
  { format: 96, request: 'clear rows I to J', refused: /Row I, J is not on a 96-well plate/ },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to column 11'],
    request: 'clear it',
    refused: /Which wells should I clear\?/,
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to column 11'],
    request: 'clear',
    refused: /Which wells should I clear\?/,
  },
  {
    format: 96,
    setup: ['add 10 uM staurosporine to B3'],
    request: 'remove staurosporine',
    refused: /Which wells should I clear\?/,
  },
  {
    format: 96,
    request: 'add 10 uM staurosporine',
    refused: /Which wells should I add Staurosporine to\?/,
  },
  { format: 96, request: 'put 10 uM DMSO in A1', refused: /DMSO has no molar stock concentration/ },
  {
    format: 96,
    request: '3-fold dilution of compound A across row B',
    refused: /What is the top concentration\?/,
  },
  {
    format: 96,
    request: 'hello',
    refused:
      /I did not understand 'hello'\. Nothing changed\. I can, for example: "add 10 uM staurosporine/,
  },
  {
    format: 96,
    request: '<script>alert(1)</script>',
    refused: /^I did not understand the words 'script', 'alert'\. Nothing changed\./,
  },
  {
    format: 96,
    request: 'DROP TABLE plates; --',
    refused: /I did not understand the words 'DROP', 'TABLE'\. Nothing changed\./,
  },
  { format: 96, request: 'controls in column 1', refused: /What kind of control\?/ },
  { format: 96, request: 'clear column 4', refused: /already empty; nothing changed/ },
  // ---- 384-well plates: 40 uL wells, acoustic
  {
    format: 384,
    request: 'add 10 uM staurosporine to column 23',
    changed: col(384, 23),
    holds: withDmem('staurosporine', 10_000, 0.4, 40),
  },
  {
    format: 384,
    request: 'add 100 nM staurosporine to P24',
    changed: ['P24'],
    holds: withDmem('staurosporine', 100, 0.04, 40, 10),
  },
  {
    format: 384,
    request: '3-fold dilution of compound A from 30 uM across row B, 10 points',
    changed: row(384, 'B').slice(0, 10),
    holds: series(
      'compound-a',
      30_000,
      3,
      [
        [0.12],
        [0.04],
        [0.1325, 10],
        [0.045, 10],
        [0.015, 10],
        [0.005, 10],
        // 16.5 nL of 1:100 rounds to 17.5 (+6 %): 1:1000
        [0.165, 1000],
        [0.055, 1000],
        // 18.3 nL of 1:1000 rounds to 17.5 (-4.3 %, near the 5 % edge): 10 droplets of a
        // 1:1370 made for it (7.30 uM, -0.2 %)
        [0.025, 1370],
        [0.06, 10000],
      ],
      40,
    ),
  },
  {
    format: 384,
    request: 'DMSO controls in columns 1 and 2, 0.1 %',
    changed: [...col(384, 1), ...col(384, 2)],
    // 0.1 % of 40 uL from the 100 % stock: 0.04 uL of DMSO; the medium fills 39.96 uL,
    // dispensed (and held) on the bulk step as 40.0
    holds: withDmem('dmso', null, 0.04, 40),
    tags: ['DMSO'],
  },
  {
    format: 384,
    request: 'negative controls in the outer wells',
    changed: outer(384),
    holds: dmemOnly(40),
    tags: ['NEG'],
  },
  {
    format: 384,
    request: 'rows A-D of column 3: 1 uM compound B',
    changed: ['A3', 'B3', 'C3', 'D3'],
    holds: withDmem('compound-b', 1000, 0.04, 40),
  },
  {
    format: 384,
    selection: ['C5', 'D5'],
    request: 'add 10 uM staurosporine to the selection',
    changed: ['C5', 'D5'],
    holds: withDmem('staurosporine', 10_000, 0.4, 40),
  },
  { format: 384, request: 'clear the selection', refused: /No wells are selected/ },
  {
    format: 384,
    request: 'fill column 24 with DMEM to 30 uL',
    changed: col(384, 24),
    holds: dmemOnly(30),
  },
  { format: 384, request: "what's in P24?", answer: /^P24 is empty\.$/ },
  {
    format: 384,
    // No row Q on a 384 plate: screening shorthand for quadrant 1, which reads two ways.
    request: 'add 10 uM staurosporine to Q1',
    refused: /"Q1" reads two ways.*interleaved quadrant 1.*block quadrant 1/,
  },
  {
    format: 384,
    request: 'add 10 uM staurosporine to column 25',
    refused: /Column 25 is not on a 384-well plate/,
  },
  {
    format: 384,
    request: 'reserve column 24',
    changed: col(384, 24),
    holds: {},
    tags: ['RESERVED'],
  },
  {
    format: 384,
    request: 'blank wells in column 22',
    changed: col(384, 22),
    holds: dmemOnly(40),
    tags: ['ZERO'],
  },
  {
    format: 384,
    request:
      '2-fold serial dilution of staurosporine from 10 uM in row A, 12 points, in triplicate',
    changed: [
      ...row(384, 'A').slice(0, 12),
      ...row(384, 'B').slice(0, 12),
      ...row(384, 'C').slice(0, 12),
    ],
    holds: series(
      'staurosporine',
      10_000,
      2,
      [
        [0.4],
        [0.2],
        [0.1],
        [0.05],
        [0.025],
        [0.0125],
        // 6.25 nL of stock is 2.5 droplets: 1:10 from 156 nM
        [0.0625, 10],
        [0.0325, 10],
        [0.015, 10],
        [0.0075, 10],
        [0.04, 100],
        [0.02, 100],
      ],
      40,
    ),
  },
  {
    format: 384,
    request: 'tag wells A1 to A12 as plateA',
    changed: row(384, 'A').slice(0, 12),
    holds: {},
    tags: ['plateA'],
  },
  {
    format: 384,
    request: '10uM stauro in col 24',
    changed: col(384, 24),
    holds: withDmem('staurosporine', 10_000, 0.4, 40),
  },
  {
    format: 384,
    request: 'DMSO-only wells in column 2',
    changed: col(384, 2),
    holds: withDmem('dmso', null, 0.4, 40),
    tags: ['DMSO'],
  },
  {
    format: 384,
    request: 'max signal controls in column 23 with 10 uM staurosporine',
    changed: col(384, 23),
    holds: withDmem('staurosporine', 10_000, 0.4, 40),
    tags: ['POS'],
  },
  {
    format: 384,
    request: 'min signal wells column 24',
    changed: col(384, 24),
    holds: dmemOnly(40),
    tags: ['NEG'],
  },
  {
    format: 384,
    request: 'add 1e-6 M staurosporine to B1',
    changed: ['B1'],
    holds: withDmem('staurosporine', 1000, 0.04, 40),
  },
  {
    format: 384,
    request: 'Please add staurosporine at 10 µM to wells A1, A2 and A3',
    changed: ['A1', 'A2', 'A3'],
    holds: withDmem('staurosporine', 10_000, 0.4, 40),
  },
  // ---- 1536-well plates: 5 uL wells, acoustic
  {
    format: 1536,
    request: 'add 10 uM staurosporine to column 23',
    changed: col(1536, 23),
    holds: withDmem('staurosporine', 10_000, 0.05, 5),
  },
  {
    format: 1536,
    request: '3-fold dilution of compound A from 30 uM across row B, 10 points',
    changed: row(1536, 'B').slice(0, 10),
    holds: series(
      'compound-a',
      30_000,
      3,
      [
        [0.015],
        [0.005],
        // 7 droplets of 1:10 would be +5.0 %: 10 droplets of a 1:15 made for it, 0 %
        [0.025, 15],
        // the 50 nL DMSO budget of a 5 uL well and 5 % of rounding leave 25-50 nL: 25 nL of
        // sources made for 1.11 uM, 370 nM, 123 nM, 1:45, 1:135, 1:405 of 10 mM (222, 74.1,
        // 24.7 uM), and for 13.7 nM 1:3650 (2.74 uM, -0.14 %; 1:3600 would be +1.3 %)
        [0.025, 45],
        [0.025, 135],
        [0.025, 405],
        [0.02, 1000],
        [0.025, 3650],
        [0.0225, 10000],
        [0.0075, 10000],
      ],
      5,
    ),
  },
  {
    format: 1536,
    request: 'DMSO controls in columns 1 and 2, 0.1 %',
    changed: [...col(1536, 1), ...col(1536, 2)],
    // 0.1 % of 5 uL: 5 nL of DMSO (two 2.5 nL droplets); the medium's 4.995 uL is 5.0 on
    // the bulk step
    holds: withDmem('dmso', null, 0.005, 5),
    tags: ['DMSO'],
  },
  {
    format: 1536,
    setup: ['add 10 uM staurosporine to column 23'],
    request: 'clear rows AA to AF',
    changed: ['AA23', 'AB23', 'AC23', 'AD23', 'AE23', 'AF23'],
    cleared: true,
  },
  {
    format: 1536,
    request: 'positive controls in AF47 and AF48 with 1 uM staurosporine',
    changed: ['AF47', 'AF48'],
    // 1 uM * 5 uL / 1 mM = 5 nL: two droplets of the stock
    holds: withDmem('staurosporine', 1000, 0.005, 5),
    tags: ['POS'],
  },
  {
    format: 1536,
    request: 'add 1 uM compound B to rows AA-AB, columns 1-2',
    changed: ['AA1', 'AA2', 'AB1', 'AB2'],
    holds: withDmem('compound-b', 1000, 0.005, 5),
  },
  { format: 1536, request: 'what is in AF48', answer: /^AF48 is empty\.$/ },
  {
    format: 1536,
    request: 'add 10 uM staurosporine to AG1',
    refused: /AG1 is not on a 1536-well plate \(A1 to AF48\)/,
  },
  {
    format: 1536,
    request: 'fill the inner wells with media to 4 uL',
    changed: inner(1536),
    holds: dmemOnly(4),
  },
  {
    format: 1536,
    request: 'ZERO wells in column 48',
    changed: col(1536, 48),
    holds: dmemOnly(5),
    tags: ['ZERO'],
  },
  {
    format: 1536,
    request: 'add 10 uM staurosporine to AA1:AF48',
    changed: rect(1536, 'AA1', 'AF48'),
    holds: withDmem('staurosporine', 10_000, 0.05, 5),
  },
  {
    format: 1536,
    setup: ['add 10 uM staurosporine to column 23'],
    request: 'remove staurosporine from column 23',
    changed: col(1536, 23),
    // the well held 50 nL of stock and 5.0 uL of medium (4.95 on the bulk step); without the
    // stock the medium fills the 5 uL well: 5.0
    holds: dmemOnly(5),
  },
  {
    format: 1536,
    request: 'Add 10 uM staurosporine to AA1 through AF1',
    changed: ['AA1', 'AB1', 'AC1', 'AD1', 'AE1', 'AF1'],
    holds: withDmem('staurosporine', 10_000, 0.05, 5),
  },
  {
    format: 1536,
    request: 'clear all wells in row AB',
    refused: /48 wells \(AB1 to AB48\) are already empty; nothing changed/,
  },
  {
    format: 1536,
    setup: ['add 10 uM staurosporine to AF1'],
    request: 'which wells hold staurosporine?',
    answer: /^Staurosporine is in AF1\.$/,
  },
  {
    format: 1536,
    setup: ['add 10 uM staurosporine to column 23', 'DMSO controls in column 1, 0.1 %'],
    request: 'undo',
    changed: col(1536, 1),
    cleared: true,
  },
  {
    // the two wells named are the duplicate: 3 uM of the 1 mM stock in 40 uL is 0.12 uL
    // (48 droplets of 2.5 nL, 0.3 % DMSO), the medium 39.88 uL, dispensed as 39.9; "them"
    // is the wells of the clause before
    format: 384,
    request: 'dup 3 uM cmpd B in J10 & K10, then tag them HIT',
    changed: ['J10', 'K10'],
    holds: withDmem('compound-b', 3000, 0.12, 40),
    tags: ['HIT'],
  },
  {
    // three wells for a duplicate: which two?
    format: 384,
    request: 'dup 3 uM cmpd B in J10, K10 and L10',
    refused: /Which wells hold the dup\?/,
  },
];
