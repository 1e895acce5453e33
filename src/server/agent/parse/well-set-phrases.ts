/**
 * Well-set phrases of screening practice that the plain range reader does not know: every
 * other / odd / even / alternate rows and columns, first and last rows or columns, halves,
 * corners, rings, quadrants of 384 and 1536 plates (interleaved or block, the convention
 * named), regions by reagent or tag ("the staurosporine wells", "the positive controls").
 * Joining phrases and "all wells except ..." are in named-wells.ts. A phrase that reads two ways gives both readings, so that the
 * assistant asks instead of guessing. Pure.
 */
import { toLarge, type QuadrantConvention } from '../../../domain/layout/reformat';
import type { PlateDefn } from '../../../domain/plate-format';
import type { WireWells } from '../../../domain/plate-wire';
import { indexOfWellId, rowIndex } from '../../../domain/well-id';

/** One reading of a phrase: its wells and a short description to offer as a choice. */
export interface Reading {
  label: string;
  indices: number[];
}

/** A phrase found in the text, with one reading or (ambiguous) several. */
export interface PhraseMatch {
  start: number;
  end: number;
  readings: Reading[];
  /** a sentence when the phrase names wells off the plate or none at all */
  error?: string;
}

export interface PhraseContext {
  defn: PlateDefn;
  wells: WireWells;
  /** reagent names (lower case) -> slug, to read "the staurosporine wells" */
  reagentSlugs: Map<string, string>;
  selection?: readonly number[];
}

type Pred = (r: number, c: number) => boolean;

function where(defn: PlateDefn, p: Pred): number[] {
  const out: number[] = [];
  for (let r = 0; r < defn.rows; r++)
    for (let c = 0; c < defn.cols; c++) if (p(r, c)) out.push(r * defn.cols + c);
  return out;
}

const ORD: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
};
const num = (s: string) => ORD[s.toLowerCase()] ?? Number(s);

const CONTROL_TAGS: [RegExp, string[]][] = [
  [/^(?:positive|pos|high|max(?:imum)?)(?:\s+signal)?$/i, ['POS']],
  [/^(?:negative|neg|low|min(?:imum)?|untreated)(?:\s+signal)?$/i, ['NEG']],
  [/^(?:dmso|vehicle)$/i, ['DMSO', 'vehicle']],
  [/^(?:blank|zero)$/i, ['ZERO']],
];

function tagged(ctx: PhraseContext, tags: string[]): number[] {
  const out: number[] = [];
  for (const [id, w] of Object.entries(ctx.wells))
    if ((w.tags ?? []).some((t) => tags.includes(t))) out.push(indexOfWellId(id, ctx.defn));
  return out.toSorted((a, b) => a - b);
}

function holding(ctx: PhraseContext, slug: string): number[] {
  const out: number[] = [];
  for (const [id, w] of Object.entries(ctx.wells))
    if (w.targets[slug]) out.push(indexOfWellId(id, ctx.defn));
  return out.toSorted((a, b) => a - b);
}

// A line of wells restricted by "of row B" / "of column 1" after a parity phrase.
function lineOf(text: string, defn: PlateDefn): { rows?: number[]; cols?: number[] } | null {
  const row = /^\s+(?:of|in)\s+row\s+([A-Za-z]{1,2})\b/i.exec(text);
  if (row) {
    const r = rowIndex(row[1]);
    return r >= 0 && r < defn.rows ? { rows: [r] } : null;
  }
  const col = /^\s+(?:of|in)\s+col(?:umn)?\s+(\d{1,2})\b/i.exec(text);
  if (col) {
    const c = Number(col[1]) - 1;
    return c >= 0 && c < defn.cols ? { cols: [c] } : null;
  }
  return null;
}

interface Rule {
  re: RegExp;
  read: (m: RegExpExecArray, ctx: PhraseContext, after: string) => PhraseMatch | null;
}

function one(m: RegExpExecArray, label: string, indices: number[], extra = 0): PhraseMatch {
  return { start: m.index, end: m.index + m[0].length + extra, readings: [{ label, indices }] };
}

const ringOf = (defn: PlateDefn, k: number): Pred => {
  return (r, c) => r < k || c < k || r >= defn.rows - k || c >= defn.cols - k;
};

// The wells of quadrant q under each convention, placed by the reformat tool's own mapping
// (toLarge), so "quadrant 2" names the wells a quadrant reformat fills.
function quadrants(defn: PlateDefn, q: number): { interleaved: number[]; block: number[] } {
  const small = { rows: defn.rows / 2, cols: defn.cols / 2 };
  const wellsOf = (convention: QuadrantConvention) => {
    const out: number[] = [];
    for (let r = 0; r < small.rows; r++)
      for (let c = 0; c < small.cols; c++) {
        const at = toLarge(small, convention, q, r, c);
        out.push(at.row * defn.cols + at.col);
      }
    return out.toSorted((a, b) => a - b);
  };
  return { interleaved: wellsOf('interleaved'), block: wellsOf('block') };
}

const CORNER_NAMES: Record<string, number> = {
  'top-left': 1,
  'top left': 1,
  'upper left': 1,
  'top-right': 2,
  'top right': 2,
  'upper right': 2,
  'bottom-left': 3,
  'bottom left': 3,
  'lower left': 3,
  'bottom-right': 4,
  'bottom right': 4,
  'lower right': 4,
};

const RULES: Rule[] = [
  {
    // "every other column", "alternate rows", "odd columns", "the even rows", "every second row"
    re: /\b(?:the\s+)?(every\s+other|every\s+second|alternate|alternating|odd|even)(?:[-\s]+numbered)?\s+(rows?|columns?|cols?|wells?)\b/gi,
    read: (m, ctx, after) => {
      const { defn } = ctx;
      const kind = m[1].toLowerCase().replace(/\s+/g, ' ');
      const what = m[2].toLowerCase();
      const parity = kind === 'even' ? 1 : 0;
      if (what.startsWith('well')) {
        const line = lineOf(after, defn);
        const lineLen = line ? /^\s+(?:of|in)\s+\S+\s+\S+/i.exec(after)![0].length : 0;
        if (line?.cols)
          return one(
            m,
            'every other well of the column',
            where(defn, (r, c) => c === line.cols![0] && r % 2 === parity),
            lineLen,
          );
        if (line?.rows)
          return one(
            m,
            'every other well of the row',
            where(defn, (r, c) => r === line.rows![0] && c % 2 === parity),
            lineLen,
          );
        const p = parity === 0 ? 'odd' : 'even';
        return {
          start: m.index,
          end: m.index + m[0].length,
          readings: [
            { label: `${p} columns`, indices: where(defn, (_r, c) => c % 2 === parity) },
            { label: `${p} rows`, indices: where(defn, (r) => r % 2 === parity) },
            {
              label: 'a checkerboard',
              indices: where(defn, (r, c) => (r + c) % 2 === parity),
            },
          ],
        };
      }
      const byRow = what.startsWith('row');
      const line = lineOf(after, defn);
      const lineLen = line ? /^\s+(?:of|in)\s+\S+\s+\S+/i.exec(after)![0].length : 0;
      const p: Pred = byRow
        ? (r, c) => r % 2 === parity && (!line?.cols || line.cols.includes(c))
        : (r, c) => c % 2 === parity && (!line?.rows || line.rows.includes(r));
      return one(m, `${kind} ${byRow ? 'rows' : 'columns'}`, where(defn, p), line ? lineLen : 0);
    },
  },
  {
    // "the first two columns", "the last column", "the last 2 rows"
    re: /\b(?:the\s+)?(first|last|top|bottom|left-?most|right-?most)\s+(one|two|three|four|\d{1,2})?\s*(rows?|columns?|cols?)\b/gi,
    read: (m, ctx) => {
      const { defn } = ctx;
      const n = m[2] ? num(m[2]) : 1;
      const byRow = m[3].toLowerCase().startsWith('row');
      const from = /^(?:first|top|left)/i.test(m[1]);
      const len = byRow ? defn.rows : defn.cols;
      if (n > len) return { start: m.index, end: m.index + m[0].length, readings: [] };
      const keep = (i: number) => (from ? i < n : i >= len - n);
      return one(
        m,
        m[0],
        where(defn, (r, c) => keep(byRow ? r : c)),
      );
    },
  },
  {
    re: /\b(?:the\s+)?(top|bottom|left|right|upper|lower)\s+half(?:\s+of\s+the\s+plate)?\b/gi,
    read: (m, ctx) => {
      const { defn } = ctx;
      const s = m[1].toLowerCase();
      const p: Pred =
        s === 'top' || s === 'upper'
          ? (r) => r < defn.rows / 2
          : s === 'bottom' || s === 'lower'
            ? (r) => r >= defn.rows / 2
            : s === 'left'
              ? (_r, c) => c < defn.cols / 2
              : (_r, c) => c >= defn.cols / 2;
      return one(m, m[0], where(defn, p));
    },
  },
  {
    re: /\bhalf\s+(?:of\s+)?the\s+plate\b/gi,
    read: (m, ctx) => {
      const { defn } = ctx;
      const lastTop = String.fromCharCode(64 + defn.rows / 2);
      return {
        start: m.index,
        end: m.index + m[0].length,
        readings: [
          {
            label: `the top half (rows A to ${lastTop})`,
            indices: where(defn, (r) => r < defn.rows / 2),
          },
          {
            label: `the left half (columns 1 to ${defn.cols / 2})`,
            indices: where(defn, (_r, c) => c < defn.cols / 2),
          },
        ],
      };
    },
  },
  {
    re: /\b(?:the\s+)?(?:four\s+)?corner\s+wells\b|\bthe\s+(?:four\s+)?corners\b/gi,
    read: (m, ctx) => {
      const { defn } = ctx;
      return one(
        m,
        'the corner wells',
        where(defn, (r, c) => (r === 0 || r === defn.rows - 1) && (c === 0 || c === defn.cols - 1)),
      );
    },
  },
  {
    re: /\b(?:the\s+)?(?:outer|outermost)\s+(two|three|2|3)\s+(?:rings|rows\s+and\s+columns)(?:\s+of\s+wells)?\b/gi,
    read: (m, ctx) => one(m, m[0], where(ctx.defn, ringOf(ctx.defn, num(m[1])))),
  },
  {
    re: /\b(?:the\s+)?perimeter(?:\s+wells)?\b|\b(?:the\s+)?edge\s+wells\b|\b(?:the\s+)?edges\b/gi,
    read: (m, ctx) => one(m, 'the edge wells', where(ctx.defn, ringOf(ctx.defn, 1))),
  },
  {
    // "the top-left quadrant", "block quadrant 2", "quadrant 1 (interleaved)", "interleaved
    // quadrant 3", "quadrant 3, interleaved convention"; bare "quadrant 1" reads two ways.
    re: /\b(?:the\s+)?(?:(top[-\s]left|top[-\s]right|bottom[-\s]left|bottom[-\s]right|upper[-\s]left|upper[-\s]right|lower[-\s]left|lower[-\s]right)\s+quadrant|(interleaved|block|blocked|contiguous)\s+quadrant\s+(\d)|quadrant\s+(\d)(?!\d))(?:\s*\(?\s*(interleaved|block|blocked|contiguous)(?:\s+convention)?\s*\)?|,\s*(interleaved|block)\s+convention)?/gi,
    read: (m, ctx) => {
      const { defn } = ctx;
      if (defn.rows % 2 !== 0 || defn.cols % 2 !== 0) return null;
      const corner = m[1]?.toLowerCase().replace(/\s+/, ' ');
      const q = corner
        ? (CORNER_NAMES[corner] ?? CORNER_NAMES[corner.replace(' ', '-')])
        : Number(m[3] ?? m[4]);
      if (!(q >= 1 && q <= 4)) return null;
      const conv = (m[2] ?? m[5] ?? m[6])?.toLowerCase();
      const { interleaved, block } = quadrants(defn, q);
      if (corner || (conv && conv !== 'interleaved')) return one(m, `block quadrant ${q}`, block);
      if (conv === 'interleaved') return one(m, `interleaved quadrant ${q}`, interleaved);
      const first = interleaved.slice(0, 2).map((i) => idOf(defn, i));
      const lastB = idOf(defn, block[block.length - 1]);
      const firstB = idOf(defn, block[0]);
      return {
        start: m.index,
        end: m.index + m[0].length,
        readings: [
          { label: `interleaved quadrant ${q} (${first.join(', ')}, ...)`, indices: interleaved },
          { label: `block quadrant ${q} (${firstB} to ${lastB})`, indices: block },
        ],
      };
    },
  },
  {
    // "the wells tagged POS", "wells with tag HIT"
    re: /\b(?:the\s+)?wells\s+(?:tagged|with\s+(?:the\s+)?tag)\s+([A-Za-z][\w:@.-]*)/gi,
    read: (m, ctx) => {
      const ids = tagged(ctx, [m[1]]);
      return {
        ...one(m, m[0], ids),
        error: ids.length === 0 ? `No wells carry the tag ${m[1]}` : undefined,
      };
    },
  },
  {
    // "the positive controls", "the negative control wells", "the controls"
    re: /\b(?:the\s+)?(?:(positive|pos|negative|neg|high|low|dmso|vehicle|blank|zero|max(?:imum)?\s+signal|min(?:imum)?\s+signal)\s+)?(?:controls?|ctrls?)(?:\s+wells)?\b/gi,
    read: (m, ctx) => {
      const kind = m[1];
      const tags = kind
        ? (CONTROL_TAGS.find(([re]) => re.test(kind))?.[1] ?? [])
        : ['POS', 'NEG', 'DMSO', 'vehicle', 'ZERO'];
      const ids = tagged(ctx, tags);
      // Only a reference to controls already on the plate; "negative controls in column 1"
      // makes controls and is left to the control reader.
      if (ids.length === 0) return null;
      return one(m, m[0], ids);
    },
  },
];

function idOf(defn: PlateDefn, i: number): string {
  const r = Math.floor(i / defn.cols);
  const c = i % defn.cols;
  const letters = r < 26 ? String.fromCharCode(65 + r) : 'A' + String.fromCharCode(65 + r - 26);
  return `${letters}${c + 1}`;
}

/** "the staurosporine wells", "the compound A wells", "wells with staurosporine". */
function reagentRegion(text: string, ctx: PhraseContext): PhraseMatch | null {
  for (const [name, slug] of ctx.reagentSlugs) {
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(
      String.raw`\b(?:the\s+)?(?:${esc})\s+wells?\b|\b(?:the\s+)?wells\s+(?:with|holding|containing)\s+(?:${esc})\b`,
      'i',
    );
    const m = re.exec(text);
    if (!m) continue;
    const ids = holding(ctx, slug);
    // "the staurosporine well" when several hold it: which one?
    if (/\bwell\b/i.test(m[0]) && ids.length > 1 && ids.length <= 6)
      return {
        start: m.index,
        end: m.index + m[0].length,
        readings: ids.map((i) => ({ label: idOf(ctx.defn, i), indices: [i] })),
      };
    return {
      start: m.index,
      end: m.index + m[0].length,
      readings: [{ label: m[0], indices: ids }],
      error: ids.length === 0 ? `No wells hold ${name}` : undefined,
    };
  }
  return null;
}

/** The first screening well-set phrase of the text, or null. */
export function findPhrase(text: string, ctx: PhraseContext): PhraseMatch | null {
  let best: PhraseMatch | null = null;
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(text); m; m = rule.re.exec(text)) {
      const r = rule.read(m, ctx, text.slice(m.index + m[0].length));
      if (r && (!best || r.start < best.start)) best = r;
      if (r) break;
    }
  }
  const region = reagentRegion(text, ctx);
  if (region && (!best || region.start < best.start)) best = region;
  return best;
}
