/**
 * The named sets of a plate and the words that name them: its edge (the outer ring, or the
 * outer k rings), the inner wells, all wells and the empty wells. One table of words, read
 * two ways: a whole phrase (the "Select wells" field, well-set-grammar.ts) and a name found
 * inside a sentence (well-set-ranges.ts, which the assistant reads with). Pure.
 */
import type { PlateDefn } from '../plate-format';
import type { WireWells } from '../plate-wire';
import { indexOfWellId } from '../well-id';

type Grid = Pick<PlateDefn, 'rows' | 'cols'>;

export type SetName = 'outer' | 'inner' | 'empty' | 'all';

/** The wells of a plate where `keep` holds, in index order. */
export function where(defn: Grid, keep: (r: number, c: number) => boolean): number[] {
  const out: number[] = [];
  for (let r = 0; r < defn.rows; r++)
    for (let c = 0; c < defn.cols; c++) if (keep(r, c)) out.push(r * defn.cols + c);
  return out;
}

/** The wells within `k` rows or columns of the plate's edge: k = 1 is the outer ring. */
export function ringWells(defn: Grid, k: number): number[] {
  return where(defn, (r, c) => r < k || c < k || r >= defn.rows - k || c >= defn.cols - k);
}

/**
 * The wells of a named set. Empty wells are those holding no reagent (a tag or label alone
 * leaves a well empty); inner wells are those off the outer ring.
 */
export function setWells(name: SetName, defn: Grid, wells: WireWells = {}): number[] {
  if (name === 'outer') return ringWells(defn, 1);
  if (name === 'inner')
    return where(defn, (r, c) => r > 0 && c > 0 && r < defn.rows - 1 && c < defn.cols - 1);
  if (name === 'all') return where(defn, () => true);
  const filled = new Set<number>();
  for (const [id, w] of Object.entries(wells))
    if (Object.keys(w.targets ?? {}).length > 0) filled.add(indexOfWellId(id, defn));
  return where(defn, (r, c) => !filled.has(r * defn.cols + c));
}

// "all wells in row B" is row B: "all" followed by a place narrows, it does not widen.
const ALL_WORDS = String.raw`\b(?:(?:all(?:\s+the)?\s+wells?|every\s+well|everything)(?!\s+(?:in|on|from|of|across|along|within)\b)|(?:the\s+)?(?:whole|entire|full)\s+plate|all\s+of\s+the\s+plate|the\s+plate(?!\s+(?:edges?|layout|type|format)\b))\b`;

interface SetWords {
  name: SetName;
  /** how the set is described when it is read */
  label: string;
  /** a whole phrase, its leading "the" / "all the" already dropped */
  phrase: string;
  /** the name inside a sentence */
  sentence: string;
}

const WORDS: SetWords[] = [
  {
    name: 'outer',
    label: 'the outer ring',
    // a whole phrase may be a bare "edge" or "rim"
    phrase: String.raw`edges?|edge\s+wells|outer\s+ring|outer\s+wells|outer\s+edge|perimeter(?:\s+wells)?|border|rim`,
    // inside a sentence too "the outer ring", "rim", a bare "edge" (not "the top edge", a
    // side of it, nor "non-edge", nor a tag's name: "tag them as EDGE", "wells tagged EDGE")
    sentence: String.raw`\b(?:outer|edge|outside|perimeter|border)\s+wells?\b|\bouter\s+(?:ring|edge)\b|\bthe\s+edges?\b|\bperimeter\b|\bborder\b|\brim\b|(?<!\b(?:top|bottom|left|right|upper|lower|non|as|tag|tagged|label|labelled)[\s-]+)\bedges?\b`,
  },
  {
    name: 'inner',
    label: 'the inner wells',
    phrase: String.raw`inner|inner\s+wells|interior|interior\s+wells|inside\s+wells|non-edge\s+wells|centre|center|inner\s+region`,
    sentence: String.raw`\b(?:inner|interior|inside|central)\s+wells?\b|\binner\s+region\b|\b(?:centre|center|interior)\b`,
  },
  {
    name: 'empty',
    label: 'the empty wells',
    phrase: String.raw`empty|empty\s+wells?|unused\s+wells?`,
    // "empty wells A1 to A3" opens with the verb; "fill the empty wells" names a set, and so
    // does "rest of row B" without its article (read as a filler, it was all of row B)
    sentence: String.raw`(?<!^\s*(?:please\s+)?)\bempty\s+wells?\b|\bunused\s+wells?\b|\bthe\s+rest\b|\brest(?=\s+of\b)`,
  },
  {
    name: 'all',
    label: 'all wells',
    phrase: String.raw`all|all\s+wells|every\s+well|everything|whole\s+plate|entire\s+plate|(?:the\s+)?plate|wells`,
    sentence: ALL_WORDS,
  },
];

// A whole phrase is read by its own looser forms or, failing those, as the name a sentence
// would hold, so that the field reads every word the assistant reads.
const PHRASES = WORDS.map((w) => new RegExp(`^(?:${w.phrase})$`, 'i'));
const WHOLE = WORDS.map((w) => new RegExp(`^(?:${w.sentence})$`, 'i'));

/** The named set a whole phrase is, with its description; undefined when it is none. */
export function readSetName(phrase: string): { name: SetName; label: string } | undefined {
  const t = phrase.trim();
  let k = PHRASES.findIndex((re) => re.test(t));
  if (k < 0) k = WHOLE.findIndex((re) => re.test(t));
  return k < 0 ? undefined : { name: WORDS[k].name, label: WORDS[k].label };
}

/** The expressions that find each named set inside a sentence (global; reset lastIndex). */
export const SET_SCANS: readonly { name: SetName; re: RegExp }[] = WORDS.map((w) => ({
  name: w.name,
  re: new RegExp(w.sentence, 'gi'),
}));

/**
 * "All wells", "everywhere", "each well" or a bare "all" at the end of a text: the base an
 * "except" takes away from ("add X to all wells except column 1").
 */
export const ALL_BEFORE_EXCEPT = new RegExp(
  String.raw`(?:${ALL_WORDS}|\bevery\s*where|\beach\s+well|\ball)\s*$`,
  'i',
);
