/**
 * Well references in plain text -> well indices of a plate: "B3", "A1:H12", "A1-A12",
 * "row C", "rows AA to AF", "columns 1-2", "outer wells", "the selection", "empty wells".
 * Pure: no I/O, no node: modules, so the browser can run it too.
 */
import type { PlateDefn } from '../plate-format';
import type { WireWells } from '../plate-wire';
import { MOLAR_UNIT_SPELLING, VOLUME_UNIT_SPELLING } from '../units';
import { indexOfWellId, rowIndex, rowLetter } from '../well-id';

/** How a range was named; the dilution series reads its direction from it. */
export type RangeKind = 'wells' | 'rect' | 'rows' | 'cols' | 'block' | 'set';

/** One well reference found in the text. */
export interface RangeMatch {
  kind: RangeKind;
  text: string;
  start: number;
  end: number;
  /** wells in reading order of the reference (a reversed range keeps its order) */
  indices: number[];
}

/** Everything the text names: wells in order (no duplicates), the matches, the refusals. */
export interface ParsedRanges {
  indices: number[];
  matches: RangeMatch[];
  /** references that name wells off the plate, as a sentence each */
  errors: string[];
}

/** What a reference may need besides the plate: the current selection and wells. */
export interface RangeContext {
  defn: PlateDefn;
  selection?: readonly number[];
  wells?: WireWells;
}

const RANGE_SEP = String.raw`\s*(?:-|–|—|:|to|through|thru)\s*`;
const LIST_SEP = String.raw`\s*(?:,|&|\band\b|\bor\b)\s*`;
const ROW = '[A-Za-z]{1,2}';
const COL = String.raw`\d{1,3}`;
// A column number is not an amount: "columns 1 and 2, 0.1 %" names columns 1 and 2 only.
const COL_NUM = String.raw`\d{1,3}(?![\d.]|\s*-?\s*(?:${MOLAR_UNIT_SPELLING}|%|${VOLUME_UNIT_SPELLING}|percent|-?fold|x|points?|pts?|replicates?|reps?)(?![A-Za-z]))`;
const RECT = new RegExp(String.raw`\b(${ROW})0*(${COL})${RANGE_SEP}(${ROW})0*(${COL})\b`, 'gi');
// Row letters after the first must be capitals: in "row B and a 3-fold series" the "a" is
// an article, not row A.
const UPPER_ROW = '[A-Z]{1,2}';
const ROWS = new RegExp(
  String.raw`\b[Rr][Oo][Ww][Ss]?\s+(${ROW}\b(?:${RANGE_SEP}${UPPER_ROW}\b)?(?:${LIST_SEP}${UPPER_ROW}\b(?:${RANGE_SEP}${UPPER_ROW}\b)?)*)`,
  'g',
);
const COLS = new RegExp(
  String.raw`\b(?:columns?|cols?)\.?\s+(${COL_NUM}(?:${RANGE_SEP}${COL_NUM})?(?:${LIST_SEP}${COL_NUM}(?:${RANGE_SEP}${COL_NUM})?)*)`,
  'gi',
);
const WELL = new RegExp(String.raw`\b(${ROW})0*(${COL})\b`, 'gi');
/** "the selection", "the selected wells": the wells selected on the plate. */
export const SELECTION_WORDS =
  /\b(?:the\s+)?(?:current\s+)?(?:selection|selected\s+wells?|wells?\s+(?:i\s+)?selected)\b/i;
const SETS: [RegExp, SetName][] = [
  [new RegExp(SELECTION_WORDS.source, 'gi'), 'selection'],
  [/\b(?:outer|edge|outside|perimeter|border)\s+wells?\b|\bthe\s+edges?\b/gi, 'outer'],
  [/\b(?:inner|interior|inside|central)\s+wells?\b/gi, 'inner'],
  // "empty wells A1 to A3" opens with the verb; "fill the empty wells" names a set.
  [/(?<!^\s*(?:please\s+)?)\bempty\s+wells?\b|\bunused\s+wells?\b|\bthe\s+rest\b/gi, 'empty'],
  [
    // "all wells in row B" is row B: "all" followed by a place narrows, it does not widen.
    /\b(?:(?:all(?:\s+the)?\s+wells?|every\s+well|everything)(?!\s+(?:in|on|from|of|across|along|within)\b)|(?:the\s+)?(?:whole|entire|full)\s+plate|all\s+of\s+the\s+plate|the\s+plate(?!\s+(?:edges?|layout|type|format)\b))\b/gi,
    'all',
  ],
];
type SetName = 'selection' | 'outer' | 'inner' | 'empty' | 'all';

function rowsOfPlate(defn: PlateDefn, rows: number[]): number[] {
  const out: number[] = [];
  for (const r of rows) for (let c = 0; c < defn.cols; c++) out.push(r * defn.cols + c);
  return out;
}

function colsOfPlate(defn: PlateDefn, cols: number[]): number[] {
  const out: number[] = [];
  for (const c of cols) for (let r = 0; r < defn.rows; r++) out.push(r * defn.cols + c);
  return out;
}

/** a..b inclusive, in the order written (b < a counts down). */
function span(a: number, b: number): number[] {
  const out: number[] = [];
  const step = b >= a ? 1 : -1;
  for (let i = a; i !== b + step; i += step) out.push(i);
  return out;
}

function lastRow(defn: PlateDefn): string {
  return rowLetter(defn.rows - 1);
}

function offPlate(defn: PlateDefn, what: string): string {
  return `${what} is not on a ${defn.format}-well plate (A1 to ${lastRow(defn)}${defn.cols})`;
}

// "A-D, F" -> row numbers; undefined (with an error) when a letter is off the plate.
function parseList(
  list: string,
  toIndex: (s: string) => number,
  limit: number,
): { values: number[]; bad: string[] } {
  const values: number[] = [];
  const bad: string[] = [];
  for (const part of list.split(new RegExp(LIST_SEP, 'i'))) {
    const ends = part.split(new RegExp(RANGE_SEP, 'i')).map((s) => s.trim());
    const idx = ends.map(toIndex);
    const badEnds = ends.filter((_, i) => idx[i] < 0 || idx[i] >= limit);
    if (badEnds.length > 0) {
      bad.push(...badEnds);
      continue;
    }
    values.push(...(idx.length === 2 ? span(idx[0], idx[1]) : [idx[0]]));
  }
  return { values, bad };
}

function setIndices(name: SetName, ctx: RangeContext): number[] {
  const { defn } = ctx;
  const W = defn.rows * defn.cols;
  const out: number[] = [];
  if (name === 'selection') return [...(ctx.selection ?? [])];
  if (name === 'empty') {
    const filled = new Set<number>();
    for (const [id, w] of Object.entries(ctx.wells ?? {})) {
      if (Object.keys(w.targets ?? {}).length > 0) filled.add(indexOfWellId(id, defn));
    }
    for (let i = 0; i < W; i++) if (!filled.has(i)) out.push(i);
    return out;
  }
  for (let i = 0; i < W; i++) {
    const r = Math.floor(i / defn.cols);
    const c = i % defn.cols;
    const edge = r === 0 || c === 0 || r === defn.rows - 1 || c === defn.cols - 1;
    if (name === 'all' || (name === 'outer' && edge) || (name === 'inner' && !edge)) out.push(i);
  }
  return out;
}

function overlaps(taken: boolean[], start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (taken[i]) return true;
  return false;
}

function take(taken: boolean[], start: number, end: number) {
  for (let i = start; i < end; i++) taken[i] = true;
}

/**
 * Finds every well reference in the text. Longer forms win over the shorter ones inside them
 * ("A1:A12" is one range, not two wells). A row or column phrase joined to the other by
 * "of", "in" or a comma ("rows A-D of column 3") names their intersection.
 */
export function parseWellRanges(text: string, ctx: RangeContext): ParsedRanges {
  const { defn } = ctx;
  const taken: boolean[] = Array.from({ length: text.length }, () => false);
  const matches: RangeMatch[] = [];
  const errors: string[] = [];
  // each reader says what a match is; its text and place are the match's own
  const scan = (
    re: RegExp,
    fn: (m: RegExpExecArray) => Pick<RangeMatch, 'kind' | 'indices'> | null,
  ) => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (overlaps(taken, start, end)) continue;
      const found = fn(m);
      if (found) {
        matches.push({ ...found, text: m[0], start, end });
        take(taken, start, end);
      }
    }
  };

  for (const [re, name] of SETS) {
    scan(re, () => ({ kind: 'set', indices: setIndices(name, ctx) }));
  }
  scan(RECT, (m) => {
    const r0 = rowIndex(m[1]);
    const r1 = rowIndex(m[3]);
    if (r0 < 0 || r1 < 0) return null;
    const c0 = Number(m[2]) - 1;
    const c1 = Number(m[4]) - 1;
    const bad = [
      [r0, c0, m[1], m[2]],
      [r1, c1, m[3], m[4]],
    ].filter(
      ([r, c]) => (r as number) >= defn.rows || (c as number) < 0 || (c as number) >= defn.cols,
    );
    if (bad.length > 0) {
      errors.push(
        offPlate(defn, bad.map(([, , l, n]) => `${String(l).toUpperCase()}${n}`).join(' and ')),
      );
      return { kind: 'rect', indices: [] };
    }
    const indices: number[] = [];
    // A range within one row or one column keeps its written direction (A12-A1 counts down).
    if (r0 === r1) for (const c of span(c0, c1)) indices.push(r0 * defn.cols + c);
    else if (c0 === c1) for (const r of span(r0, r1)) indices.push(r * defn.cols + c0);
    else
      for (const r of span(Math.min(r0, r1), Math.max(r0, r1)))
        for (const c of span(Math.min(c0, c1), Math.max(c0, c1))) indices.push(r * defn.cols + c);
    return { kind: 'rect', indices };
  });
  scan(ROWS, (m) => {
    const { values, bad } = parseList(m[1], rowIndex, defn.rows);
    if (bad.length > 0)
      errors.push(offPlate(defn, `Row ${bad.map((b) => b.toUpperCase()).join(', ')}`));
    return { kind: 'rows', indices: rowsOfPlate(defn, values) };
  });
  scan(COLS, (m) => {
    const { values, bad } = parseList(m[1], (s) => Number(s) - 1, defn.cols);
    if (bad.length > 0) errors.push(offPlate(defn, `Column ${bad.join(', ')}`));
    return { kind: 'cols', indices: colsOfPlate(defn, values) };
  });
  scan(WELL, (m) => {
    const r = rowIndex(m[1]);
    if (r < 0) return null;
    const c = Number(m[2]) - 1;
    const id = `${m[1].toUpperCase()}${m[2]}`;
    if (r >= defn.rows || c < 0 || c >= defn.cols) {
      errors.push(offPlate(defn, id));
      return { kind: 'wells', indices: [] };
    }
    return { kind: 'wells', indices: [r * defn.cols + c] };
  });

  matches.sort((a, b) => a.start - b.start);
  const merged = intersectRowsAndCols(text, matches);
  return { indices: unique(merged.flatMap((m) => m.indices)), matches: merged, errors };
}

const JOIN = /^\s*(?:,|of|in|within|for|on)?\s*(?:the\s+)?$/i;

// "rows A-D of column 3", "column 3, rows A to D": the wells both name.
function intersectRowsAndCols(text: string, matches: RangeMatch[]): RangeMatch[] {
  const out: RangeMatch[] = [];
  for (let i = 0; i < matches.length; i++) {
    const a = matches[i];
    const b = matches[i + 1];
    const pair =
      b &&
      ((a.kind === 'rows' && b.kind === 'cols') || (a.kind === 'cols' && b.kind === 'rows')) &&
      JOIN.test(text.slice(a.end, b.start));
    if (!pair) {
      out.push(a);
      continue;
    }
    const inB = new Set(b.indices);
    const rowsFirst = a.kind === 'rows';
    // Keep the order of the rows phrase across, of the column phrase down.
    const base = rowsFirst ? a.indices : b.indices;
    const other = rowsFirst ? inB : new Set(a.indices);
    out.push({
      kind: 'block',
      text: text.slice(a.start, b.end),
      start: a.start,
      end: b.end,
      indices: base.filter((x) => other.has(x)),
    });
    i++;
  }
  return out;
}

function unique(xs: number[]): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  for (const x of xs) {
    if (seen.has(x)) continue;
    seen.add(x);
    out.push(x);
  }
  return out;
}
