/**
 * The screening terms of the well-set grammar: every other / odd / even rows, columns and
 * wells, the first and last rows or columns, halves, corners, the outer two or three rings
 * (the edge itself is a named set, well-set-names.ts), quadrants of 384 and 1536 plates (interleaved or by block), wells tagged X and the control wells. One
 * table, read two ways: a whole phrase ("Select wells", well-set-grammar.ts) and a phrase
 * found inside a sentence (the assistant, well-set-sentence.ts). Its expressions are compiled
 * once, when the module loads. A term that reads two ways gives both readings.
 */
import { toLarge, type QuadrantConvention } from '../layout/reformat';
import type { PlateDefn } from '../plate-format';
import { idOfIndex, rowIndex, rowLetter } from '../well-id';
import { NUMBER_WORD_SOURCE, placeOf } from '../number-words';
import { controlTags, controlWords } from './control-words';
import { ringWells, where } from './well-set-names';

export type Shape = Pick<PlateDefn, 'format' | 'rows' | 'cols'>;

/** One reading of a term: a short description and its wells (indices, ascending). */
export interface TermReading {
  label: string;
  indices: number[];
}

/** What a term read: its readings, how far past the match it read, or why it cannot. */
export interface TermRead {
  readings: TermReading[];
  /** characters read after the match ("of row B" after "every other well") */
  extra?: number;
  error?: string;
}

/** The plate a term is read on: its shape and the wells carrying a tag. */
export interface TermPlate {
  defn: Shape;
  tagged(tags: readonly string[]): number[];
}

type Pred = (r: number, c: number) => boolean;

const one = (label: string, indices: number[], extra = 0): TermRead => ({
  readings: [{ label, indices }],
  extra,
});

// A line of wells restricted by "of row B" / "of column 1" after a parity phrase.
const LINE = /^\s+(?:of|in)\s+(?:row\s+([A-Za-z]{1,2})|col(?:umn)?\s+(\d{1,2}))\b/i;
function lineOf(after: string, defn: Shape): { len: number; row?: number; col?: number } | null {
  const m = LINE.exec(after);
  if (!m) return null;
  if (m[1]) {
    const r = rowIndex(m[1]);
    return r >= 0 && r < defn.rows ? { len: m[0].length, row: r } : null;
  }
  const c = Number(m[2]) - 1;
  return c >= 0 && c < defn.cols ? { len: m[0].length, col: c } : null;
}

// The wells of quadrant q under each convention, placed by the reformat tool's own mapping
// (toLarge), so "quadrant 2" names the wells a quadrant reformat fills.
function quadrant(defn: Shape, q: number, convention: QuadrantConvention): number[] {
  const small = { rows: defn.rows / 2, cols: defn.cols / 2 };
  const out: number[] = [];
  for (let r = 0; r < small.rows; r++)
    for (let c = 0; c < small.cols; c++) {
      const at = toLarge(small, convention, q, r, c);
      out.push(at.row * defn.cols + at.col);
    }
  return out.toSorted((a, b) => a - b);
}

const CORNERS: Record<string, number> = {
  'top left': 1,
  'upper left': 1,
  'top right': 2,
  'upper right': 2,
  'bottom left': 3,
  'lower left': 3,
  'bottom right': 4,
  'lower right': 4,
};

interface Term {
  /** the expression; `phrase` is true for a whole phrase, which may use looser forms */
  source: (phrase: boolean) => string;
  read: (m: RegExpExecArray, plate: TermPlate, after: string, phrase: boolean) => TermRead | null;
}

const TERMS: Term[] = [
  {
    // "every other column", "alternate rows", "odd columns", "even-numbered rows", "every 3rd
    // column"; "every other well" reads three ways unless "of row B" / "of column 1" follows
    source: (phrase) =>
      String.raw`(?:the\s+)?(every\s+other|every\s+second|alternate|alternating|odd|even|every\s+(\d+)(?:st|nd|rd|th)${phrase ? '?' : ''})(?:[-\s]+numbered)?\s+(rows?|columns?|cols?|wells?)\b`,
    read: (m, { defn }, after) => {
      const kind = m[1].toLowerCase().replace(/\s+/g, ' ');
      const step = m[2] ? Number(m[2]) : 2;
      if (!(step >= 1)) return { readings: [], error: `"${m[0]}": a step of at least 1` };
      const parity = kind === 'even' ? 1 : 0;
      const on = (i: number) => i % step === parity % step && i >= parity;
      const what = m[3].toLowerCase();
      const line = lineOf(after, defn);
      if (what.startsWith('well')) {
        if (line?.col !== undefined)
          return one(
            'every other well of the column',
            where(defn, (r, c) => c === line.col && on(r)),
            line.len,
          );
        if (line?.row !== undefined)
          return one(
            'every other well of the row',
            where(defn, (r, c) => r === line.row && on(c)),
            line.len,
          );
        const p = parity === 0 ? 'odd' : 'even';
        return {
          readings: [
            { label: `${p} columns`, indices: where(defn, (_r, c) => on(c)) },
            { label: `${p} rows`, indices: where(defn, (r) => on(r)) },
            { label: 'a checkerboard', indices: where(defn, (r, c) => (r + c) % 2 === parity) },
          ],
        };
      }
      const byRow = what.startsWith('row');
      const name = byRow ? 'rows' : 'columns';
      const label =
        kind === 'even' || kind === 'odd'
          ? `${kind} ${name}`
          : step === 2
            ? `every other ${name.slice(0, -1)} from the first`
            : `every ${step}th ${name.slice(0, -1)} from the first`;
      const p: Pred = byRow
        ? (r, c) => on(r) && (line?.col === undefined || c === line.col)
        : (r, c) => on(c) && (line?.row === undefined || r === line.row);
      return one(label, where(defn, p), line?.len ?? 0);
    },
  },
  {
    // "the first two columns", "the last column", "the last 2 rows"
    source: () =>
      String.raw`(?:the\s+)?(first|last|top|bottom|left-?most|right-?most)\s+(${NUMBER_WORD_SOURCE}|\d{1,2})?\s*(rows?|columns?|cols?)\b`,
    read: (m, { defn }) => {
      const n = m[2] ? placeOf(m[2]) : 1;
      const byRow = m[3].toLowerCase().startsWith('row');
      const from = /^(?:first|top|left)/i.test(m[1]);
      const len = byRow ? defn.rows : defn.cols;
      if (n > len) return { readings: [] };
      const keep = (i: number) => (from ? i < n : i >= len - n);
      return one(
        m[0],
        where(defn, (r, c) => keep(byRow ? r : c)),
      );
    },
  },
  {
    source: () =>
      String.raw`(?:the\s+)?(top|bottom|left|right|upper|lower)\s+half(?:\s+of\s+the\s+plate)?\b`,
    read: (m, { defn }) => {
      const s = m[1].toLowerCase();
      const p: Pred =
        s === 'top' || s === 'upper'
          ? (r) => r < defn.rows / 2
          : s === 'bottom' || s === 'lower'
            ? (r) => r >= defn.rows / 2
            : s === 'left'
              ? (_r, c) => c < defn.cols / 2
              : (_r, c) => c >= defn.cols / 2;
      return one(m[0], where(defn, p));
    },
  },
  {
    source: () => String.raw`half\s+(?:of\s+)?the\s+plate\b`,
    read: (_m, { defn }) => ({
      readings: [
        {
          label: `the top half (rows A to ${rowLetter(defn.rows / 2 - 1)})`,
          indices: where(defn, (r) => r < defn.rows / 2),
        },
        {
          label: `the left half (columns 1 to ${defn.cols / 2})`,
          indices: where(defn, (_r, c) => c < defn.cols / 2),
        },
      ],
    }),
  },
  {
    source: () => String.raw`(?:the\s+)?(?:four\s+)?corner\s+wells\b|the\s+(?:four\s+)?corners\b`,
    read: (_m, { defn }) =>
      one(
        'the corner wells',
        where(defn, (r, c) => (r === 0 || r === defn.rows - 1) && (c === 0 || c === defn.cols - 1)),
      ),
  },
  {
    source: () =>
      String.raw`(?:the\s+)?(?:outer|outermost)\s+(two|three|2|3)\s+(?:rings|rows\s+and\s+columns)(?:\s+of\s+wells)?\b`,
    read: (m, { defn }) => one(m[0], ringWells(defn, placeOf(m[1]))),
  },
  {
    // "the top-left quadrant", "block quadrant 2", "quadrant 1 (interleaved)", "interleaved
    // quad 3", "quadrant 3, interleaved convention", "quadrant 2 of the 1536 by block", "quad
    // 2", "Q2", "the 2nd quadrant", "the second quadrant"; a bare "quadrant 1" reads two
    // ways. On a plate with a row Q "Q2" is also a well: three ways ("well Q2" is the well).
    source: (phrase) =>
      String.raw`(?:the\s+)?(?:(?<corner>(?:top|bottom|upper|lower)[-\s](?:left|right))\s+quadrant|(?<conv>interleaved|block|blocked|contiguous)\s+(?:quadrant|quad)\s*(?<cq>[1-4])(?!\d)|(?:quadrant|quad)\s*(?<q>[1-4])(?!\d)|(?<ord>[1-4](?:st|nd|rd|th)|first|second|third|fourth)\s+quad(?:rant)?\b|${phrase ? '' : String.raw`(?<!\bwells?\s+)`}q(?<qq>[1-4])(?![\d:]|\s*(?:[-–]|to\b|through\b)))(?:\s+of\s+(?:the\s+|a\s+)?(?<plate>\d+)(?:[- ]?wells?)?(?:\s+plate)?)?(?:\s*[(,]?\s*(?<after>interleaved|by\s+block|block|blocked|contiguous)(?:\s+convention)?\s*\)?)?`,
    read: (m, { defn }) => {
      const g = m.groups ?? {};
      if (g.plate !== undefined && Number(g.plate) !== defn.format)
        return { readings: [], error: `This plate has ${defn.format} wells, not ${g.plate}` };
      if (defn.rows % 2 !== 0 || defn.cols % 2 !== 0 || defn.format < 24)
        return { readings: [], error: `A ${defn.format}-well plate has no quadrants` };
      const corner = g.corner?.toLowerCase().replace(/[-\s]+/, ' ');
      const word = g.ord ?? g.cq ?? g.q ?? g.qq;
      const q = corner ? CORNERS[corner] : /^\d/.test(word) ? Number(word[0]) : placeOf(word);
      const conv = (g.conv ?? g.after)?.toLowerCase();
      const interleaved = quadrant(defn, q, 'interleaved');
      const block = quadrant(defn, q, 'block');
      const first = interleaved.slice(0, 2).map((i) => idOfIndex(defn, i));
      const inter = {
        label: `interleaved quadrant ${q} (${first.join(', ')}, ...)`,
        indices: interleaved,
      };
      const byBlock = {
        label: `block quadrant ${q} (${idOfIndex(defn, block[0])} to ${idOfIndex(defn, block.at(-1)!)})`,
        indices: block,
      };
      if (corner || (conv && conv !== 'interleaved')) return { readings: [byBlock] };
      if (conv === 'interleaved') return { readings: [inter] };
      const well = rowIndex('Q') < defn.rows && g.qq !== undefined;
      const qWell = { label: `well Q${q}`, indices: [rowIndex('Q') * defn.cols + q - 1] };
      return { readings: well ? [qWell, inter, byBlock] : [inter, byBlock] };
    },
  },
  {
    // "the first 4 wells of row B", "the bottom three wells of column 2", "the last 8 wells
    // of the plate" (in reading order)
    source: () =>
      String.raw`(?:the\s+)?(first|last|top|bottom|left-?most|right-?most)\s+(\d{1,4}|${NUMBER_WORD_SOURCE})\s+wells\s+(?:of|in|on)\s+(?:row\s+([A-Za-z]{1,2})\b|col(?:umn)?\s+(\d{1,2})\b|(?:the\s+)?plate\b)`,
    read: (m, { defn }) => {
      const end = m[1].toLowerCase().replace('-', '');
      const n = placeOf(m[2]);
      const fromStart = end === 'first' || end === 'top' || end === 'leftmost';
      let line: number[];
      if (m[3] !== undefined) {
        const r = rowIndex(m[3]);
        if (end === 'top' || end === 'bottom' || !(r >= 0 && r < defn.rows))
          return {
            readings: [],
            error: `"${m[0]}" names no wells I can place on a row; say which columns`,
          };
        line = where(defn, (row) => row === r);
      } else if (m[4] !== undefined) {
        const c = Number(m[4]) - 1;
        if (end === 'leftmost' || end === 'rightmost' || !(c >= 0 && c < defn.cols))
          return {
            readings: [],
            error: `"${m[0]}" names no wells I can place in a column; say which rows`,
          };
        line = where(defn, (_r, col) => col === c);
      } else line = where(defn, () => true);
      if (!(n >= 1 && n <= line.length))
        return { readings: [], error: `"${m[0]}": there are ${line.length} wells there, not ${n}` };
      return one(m[0], fromStart ? line.slice(0, n) : line.slice(line.length - n));
    },
  },
  {
    // "the wells tagged POS", "wells with tag HIT", "marked REF"
    source: (phrase) =>
      phrase
        ? String.raw`(?:wells?\s+)?(?:tagged|with\s+tag|with\s+the\s+tag|marked|labelled)\s+(.+)|tag\s+(.+)`
        : String.raw`(?:the\s+)?wells\s+(?:tagged|with\s+(?:the\s+)?tag)\s+([A-Za-z][\w:@.-]*)`,
    read: (m, plate) => {
      const tag = (m[1] ?? m[2]).trim();
      const hit = plate.tagged([tag, tag.toUpperCase()]);
      return {
        readings: [{ label: `wells tagged ${tag.toUpperCase()}`, indices: hit }],
        error: hit.length === 0 ? `No well is tagged ${tag.toUpperCase()}` : undefined,
      };
    },
  },
  {
    // "the positive controls", "the negative control wells", "the controls", "the blanks";
    // inside a sentence only a reference to controls already on the plate ("negative controls
    // in column 1" makes controls, and is left to the control reader)
    source: (phrase) =>
      String.raw`(?:the\s+)?(?:(${controlWords(['positive', 'negative', 'vehicle', 'zero'], 'names', 'signal', 'shorthand', 'effect')})(?:\s+signal)?\s+(?:controls?|ctrls?)|(?:controls?|ctrls?)${phrase ? '|(positives|negatives|blanks?)' : ''})(?:\s+wells)?\b`,
    read: (m, plate, _after, phrase) => {
      const word = m[1] ?? { positives: 'positive', negatives: 'negative' }[m[2]] ?? m[2];
      const tags = controlTags(word);
      const hit = plate.tagged(tags);
      if (hit.length > 0) return one(`wells tagged ${tags.join(' or ')}`, hit);
      return phrase ? { readings: [], error: `No well is tagged ${tags.join(' or ')}` } : null;
    },
  },
];

const ANCHORED = TERMS.map((t) => new RegExp(`^(?:${t.source(true)})$`, 'i'));
const SCAN = TERMS.map((t) => new RegExp(String.raw`\b(?:${t.source(false)})`, 'gi'));

/** A whole phrase read as one screening term; undefined when it is none. */
export function readTerm(text: string, plate: TermPlate): TermRead | undefined {
  for (let k = 0; k < TERMS.length; k++) {
    const m = ANCHORED[k].exec(text);
    if (!m) continue;
    const r = TERMS[k].read(m, plate, '', true);
    if (r) return r;
  }
  return undefined;
}

/** A screening term found in a sentence, with where it stands. */
export interface TermMatch extends TermRead {
  start: number;
  end: number;
}

/** The first screening term of a sentence (the earliest; of two at one place, the first). */
export function findTerm(text: string, plate: TermPlate): TermMatch | null {
  let best: TermMatch | null = null;
  for (let k = 0; k < TERMS.length; k++) {
    const re = SCAN[k];
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (best && m.index >= best.start) break;
      const after = text.slice(m.index + m[0].length);
      const r = TERMS[k].read(m, plate, after, false);
      if (!r) continue;
      best = { ...r, start: m.index, end: m.index + m[0].length + (r.extra ?? 0) };
      break;
    }
  }
  return best;
}
