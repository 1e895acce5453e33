/**
 * Plain well references, read once for the whole product: a well ("B3", "a01"), a run or a
 * rectangle of wells ("A1-A12", "C5 to C7", "A1:H12"), rows ("row B", "rows E-H and K",
 * "rows AA to AF") and columns ("col 3", "columns 1-2 and 47-48"). Like the screening terms
 * (well-set-terms.ts) each reference is read two ways: as a whole phrase ("Select wells",
 * well-set-grammar.ts) and found inside a sentence (the assistant, well-set-ranges.ts).
 * Inside a sentence the row letters after the first are capitals (in "row B and a 3-fold
 * series" the "a" is an article) and a number followed by a unit is an amount, not a column;
 * a whole phrase may number its rows ("rows 1-4"). Pure.
 */
import { MOLAR_UNIT_SPELLING, VOLUME_UNIT_SPELLING } from '../units';
import { rowIndex, rowLetter } from '../well-id';
import type { Shape } from './well-set-terms';

/** How a reference was named; the dilution series reads its direction from it. */
export type RefKind = 'wells' | 'rect' | 'rows' | 'cols';

/** What a reference names: its wells in the order written, or why it names none. */
export interface RefRead {
  kind: RefKind;
  /** wells in reading order of the reference (a reversed run keeps its order) */
  indices: number[];
  /** a whole phrase's description of the wells */
  label: string;
  /** "A1-B3" across rows: the run A1, A2 ... B3 in reading order, the other reading */
  run?: { label: string; indices: number[] };
  /** the reference names wells off the plate, as a sentence */
  error?: string;
}

const RANGE_SEP = String.raw`\s*(?:-|–|—|:|to|through|thru)\s*`;
const LIST_SEP = String.raw`\s*(?:,|&|\band\b|\bor\b)\s*`;
const ROW = '[A-Za-z]{1,2}';
const UPPER_ROW = '[A-Z]{1,2}';
const COL = String.raw`\d{1,3}`;
// A column number is not an amount: "columns 1 and 2, 0.1 %" names columns 1 and 2 only;
// "10 x" is a factor, but not in "cols 5-10 x rows C-F".
const COL_NUM = String.raw`\d{1,3}(?![\d.]|\s*-?\s*(?:${MOLAR_UNIT_SPELLING}|%|${VOLUME_UNIT_SPELLING}|percent|-?fold|x(?!\s*rows?\b)|points?|pts?|replicates?|reps?)(?![A-Za-z]))`;

// "A-D, F", "1-2 and 47-48": lines and runs of lines, listed.
const list = (first: string, next = first, end = String.raw`\b`) =>
  String.raw`${first}${end}(?:${RANGE_SEP}${next}${end})?(?:${LIST_SEP}${next}${end}(?:${RANGE_SEP}${next}${end})?)*`;

function offPlate(defn: Shape, what: string): string {
  return `${what} is not on a ${defn.format}-well plate (A1 to ${rowLetter(defn.rows - 1)}${defn.cols})`;
}

/** a..b inclusive, in the order written (b < a counts down). */
function span(a: number, b: number): number[] {
  const out: number[] = [];
  const step = b >= a ? 1 : -1;
  for (let i = a; i !== b + step; i += step) out.push(i);
  return out;
}

/** A list of lines ("A-D, F", "1-2 and 47-48"): its spans as written, the ends off the plate. */
function readList(
  text: string,
  toIndex: (s: string) => number,
  limit: number,
): { spans: [number, number][]; bad: string[] } {
  const spans: [number, number][] = [];
  const bad: string[] = [];
  for (const part of text.split(new RegExp(LIST_SEP, 'i'))) {
    const ends = part.split(new RegExp(RANGE_SEP, 'i')).map((s) => s.trim());
    const idx = ends.map(toIndex);
    const badEnds = ends.filter((_, i) => !(idx[i] >= 0 && idx[i] < limit));
    if (badEnds.length > 0) bad.push(...badEnds);
    else spans.push([idx[0], idx.at(-1)!]);
  }
  return { spans, bad };
}

function spanName(spans: [number, number][], name: (i: number) => string): string {
  return spans
    .map(([a, b]) => (a === b ? name(a) : `${name(Math.min(a, b))}-${name(Math.max(a, b))}`))
    .join(', ');
}

const single = (spans: [number, number][]) => spans.length === 1 && spans[0][0] === spans[0][1];

/** Rows by letter ("B", "E-H and K"), or by number in a whole phrase that says "rows". */
export function readRows(text: string, defn: Shape, numbers = false): RefRead {
  const at = (s: string) => (/^\d+$/.test(s) ? (numbers ? Number(s) - 1 : -1) : rowIndex(s));
  const { spans, bad } = readList(text, at, defn.rows);
  const indices: number[] = [];
  for (const [a, b] of spans)
    for (const r of span(a, b)) for (let c = 0; c < defn.cols; c++) indices.push(r * defn.cols + c);
  return {
    kind: 'rows',
    indices,
    label: `${single(spans) ? 'row' : 'rows'} ${spanName(spans, rowLetter)}`,
    error:
      bad.length > 0
        ? offPlate(defn, `Row ${bad.map((b) => b.toUpperCase()).join(', ')}`)
        : undefined,
  };
}

/** Columns by number ("3", "1-2 and 47-48"). */
export function readCols(text: string, defn: Shape): RefRead {
  const { spans, bad } = readList(text, (s) => (/^\d+$/.test(s) ? Number(s) - 1 : -1), defn.cols);
  const indices: number[] = [];
  for (const [a, b] of spans)
    for (const c of span(a, b)) for (let r = 0; r < defn.rows; r++) indices.push(r * defn.cols + c);
  return {
    kind: 'cols',
    indices,
    label: `${single(spans) ? 'column' : 'columns'} ${spanName(spans, (i) => `${i + 1}`)}`,
    error: bad.length > 0 ? offPlate(defn, `Column ${bad.join(', ')}`) : undefined,
  };
}

function readWellRange(m: RegExpExecArray, defn: Shape): RefRead | null {
  const r0 = rowIndex(m[1]);
  const r1 = rowIndex(m[4]);
  if (r0 < 0 || r1 < 0) return null;
  const c0 = Number(m[2]) - 1;
  const c1 = Number(m[5]) - 1;
  const ids = [`${m[1].toUpperCase()}${m[2]}`, `${m[4].toUpperCase()}${m[5]}`];
  const bad = [
    [r0, c0],
    [r1, c1],
  ]
    .map(([r, c], k) => (r >= defn.rows || c < 0 || c >= defn.cols ? ids[k] : ''))
    .filter(Boolean);
  const label = `the rectangle ${ids[0]}:${ids[1]}`;
  if (bad.length > 0)
    return { kind: 'rect', indices: [], label, error: offPlate(defn, bad.join(' and ')) };
  const indices: number[] = [];
  // A range within one row or one column keeps its written direction (A12-A1 counts down).
  if (r0 === r1) for (const c of span(c0, c1)) indices.push(r0 * defn.cols + c);
  else if (c0 === c1) for (const r of span(r0, r1)) indices.push(r * defn.cols + c0);
  else
    for (const r of span(Math.min(r0, r1), Math.max(r0, r1)))
      for (const c of span(Math.min(c0, c1), Math.max(c0, c1))) indices.push(r * defn.cols + c);
  // "A1-B3" may also mean A1 to B3 row by row; "A1:B3" is only the rectangle.
  if (m[3].trim() === ':' || r0 === r1) return { kind: 'rect', indices, label };
  const [from, to] = [r0 * defn.cols + c0, r1 * defn.cols + c1].toSorted((a, b) => a - b);
  return {
    kind: 'rect',
    indices,
    label,
    run: {
      label: `${ids[0]} to ${ids[1]} in reading order (row by row)`,
      indices: span(from, to),
    },
  };
}

function readWell(m: RegExpExecArray, defn: Shape): RefRead | null {
  const r = rowIndex(m[1]);
  if (r < 0) return null;
  const c = Number(m[2]) - 1;
  const id = `${m[1].toUpperCase()}${m[2]}`;
  if (r >= defn.rows || c < 0 || c >= defn.cols)
    return { kind: 'wells', indices: [], label: id, error: offPlate(defn, id) };
  return { kind: 'wells', indices: [r * defn.cols + c], label: id };
}

interface Ref {
  /** the expression; `phrase` is true for a whole phrase, which may use looser forms */
  source: (phrase: boolean) => string;
  /** flags inside a sentence, where the case of row letters matters */
  flags: string;
  read: (m: RegExpExecArray, defn: Shape, phrase: boolean) => RefRead | null;
}

// Longer forms first: "A1:A12" is one range, not two wells.
const REFS: Ref[] = [
  {
    source: () => String.raw`\b(${ROW})0*(${COL})(${RANGE_SEP})(${ROW})0*(${COL})\b`,
    flags: 'gi',
    read: (m, defn) => readWellRange(m, defn),
  },
  {
    source: (phrase) =>
      String.raw`\b[Rr][Oo][Ww][Ss]?\s+(${phrase ? list(String.raw`(?:${ROW}|\d{1,2})`) : list(ROW, UPPER_ROW)})`,
    flags: 'g',
    read: (m, defn, phrase) => readRows(m[1], defn, phrase),
  },
  {
    source: (phrase) =>
      String.raw`\b(?:columns?|cols?)\.?\s+(${phrase ? list(COL) : list(COL_NUM, COL_NUM, '')})`,
    flags: 'gi',
    read: (m, defn) => readCols(m[1], defn),
  },
  {
    source: () => String.raw`\b(${ROW})0*(${COL})\b`,
    flags: 'gi',
    read: (m, defn) => readWell(m, defn),
  },
];

const ANCHORED = REFS.map((r) => new RegExp(`^(?:${r.source(true)})$`, 'i'));

/** The scanners of references inside a sentence, longer forms first. */
export const REF_SCANS: readonly {
  re: RegExp;
  read: (m: RegExpExecArray, defn: Shape) => RefRead | null;
}[] = REFS.map((r) => ({
  re: new RegExp(r.source(false), r.flags),
  read: (m, defn) => r.read(m, defn, false),
}));

/** A whole phrase read as one plain reference; undefined when it is none. */
export function readRef(text: string, defn: Shape): RefRead | undefined {
  for (let k = 0; k < REFS.length; k++) {
    const m = ANCHORED[k].exec(text);
    const r = m && REFS[k].read(m, defn, true);
    if (r) return r;
  }
  return undefined;
}
