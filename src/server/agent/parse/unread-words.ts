/**
 * No word left unread: the words of a request that neither the reagent names, the amounts,
 * the well names nor the reader's vocabulary account for. A request that writes the plate
 * with such a word in it is asked about instead ("I did not understand 'excpet' - did you
 * mean 'except'?"): a typo in a key word ("excpet", "serail", "dupliacte") must never be read
 * as if the word were absent. Pure.
 */
import type { PlateDefn } from '../../../domain/plate-format';
import { allowedTypos, editDistance } from '../../../domain/edit-distance';
import { CONTROL_VOCABULARY } from '../../../domain/plate/control-words';
import { UNIT_WORDS } from '../../../domain/units';
import { parseWellRanges } from '../../../domain/plate/well-set-ranges';
import { blankSpans } from '../../../domain/plate/well-set-sentence';
import { SERIES_END } from '../../../domain/quantities';
import { findReagents, normalizeName } from '../../../domain/reagent-names';
import type { Candidate, ReagentMention } from '../reagent-match';

// Every word the reader acts on or may pass over, lower case. Words that carry meaning are
// here only when the reader reads them: a word listed but ignored would let a wrong write
// through, which is what this list exists to stop.
const VERBS =
  'compound compounds add adds added adding put puts set dispense dispensed apply pipette pipet treat treated dose dosed load place placed give spike spiked transfer fill filled top topped back backfill bring make made create want need like clear cleared remove removed delete deleted empty emptied wipe wiped erase erased reset discard take nuke nuked replace replaced change changed bump raise increase lower reduce swap swapped switch exchange copy copied move moved shift shifted label labelled labeled tag tagged untag mark marked name named sample samples undo revert scratch dilute diluted titrate titrated titration run do reserve reserved keep use used using';
const FILLERS =
  'the a an of to in into on onto at for from with by as and or but also then please pls kindly ok okay now hey hi so can could would will you i me my we our us let lets it its them this that these those there each every all any some everything anything contents content stuff is are be should out up off over just only same both other again new here well wells plate plates per final total volume volumes amount working assay conc concentration concentrations stock stocks solution starting start begin beginning going moving running via within tolerance tol percent v w dose response curve curves series serial dilution dilutions dil fold step steps point points pts pt doses replicate replicates reps rep repeats copies singlicate duplicate duplicates triplicate triplicates quadruplicate quadruplicates dup dups trip trips quad quads n by factor log half logarithmic halving direction across down downwards up upwards along left right leftwards rightwards vertical vertically horizontal horizontally top bottom high low reversed reverse going except excluding but without apart save than everywhere through thru cmpd cpd cmpnd comp whole entire full rest unused empty inner interior inside central centre center region outer outermost edge edges rim outside perimeter border corner corners ring rings half quadrant quadrants interleaved block blocked contiguous convention first last second third fourth one two three four five six seven eight nine ten eleven twelve sixteen twenty odd even numbered alternate alternating row rows column columns col cols selection selected current upper lower leftmost rightmost most wells tagged';
const CONTROLS = CONTROL_VOCABULARY.join(' ');
const UNITS = UNIT_WORDS.join(' ');
const QUESTIONS =
  'what whats which how much many where show list does do tell describe check summary summarise summarize overview unmet met';

const KNOWN = new Set(`${VERBS} ${FILLERS} ${CONTROLS} ${UNITS} ${QUESTIONS}`.split(/\s+/));

// The words a typo is compared with: the ones that carry meaning (fillers are too short and
// too many to suggest).
const SUGGESTIONS = [
  ...new Set(
    `${VERBS} ${CONTROLS} except excluding without dilution serial series fold duplicate triplicate quadruplicate replicates points column columns row rows quadrant selection across down reversed lowest highest vehicle positive negative interleaved alternate odd even outer inner edge corners whats which where`.split(
      /\s+/,
    ),
  ),
];

/** A word no part of the reading accounts for, and the known word it is nearest to. */
export interface UnreadWord {
  word: string;
  near?: string;
}

/** Text in quotes ("...", “...”, '...'): a name as given, read as a whole, its words not asked about. */
export const QUOTED_TEXT = String.raw`"([^"]*)"|“([^”]*)”|'([^']*)'`;
const QUOTED = new RegExp(QUOTED_TEXT, 'g');

/** The nearest word the reader knows, within the typos a word of its length may have. */
function nearestKnown(word: string): string | undefined {
  const w = word.toLowerCase();
  const allowed = Math.max(1, allowedTypos(w.length));
  let best: { word: string; d: number } | undefined;
  for (const k of SUGGESTIONS) {
    const d = editDistance(w, k, allowed);
    // a word of one or two letters is only a clipped word ("ad"), not any short word ("no")
    if (w.length < 3 && !k.startsWith(w)) continue;
    if (d <= allowed && d > 0 && (!best || d < best.d)) best = { word: k, d };
  }
  return best?.word;
}

// "HEPSE" -> "HEPES": the word meant, in the case it was typed.
const sameCase = (typed: string, meant: string) =>
  typed.length > 1 && typed === typed.toUpperCase() ? meant.toUpperCase() : meant;

// The words of a name matched through a typo that differ from its spelling ("compund" of
// "compund A"), each with the word meant; the whole text when the words do not line up.
function misspeltWords(m: ReagentMention): { at: number; word: UnreadWord }[] {
  const typed = [...m.text.matchAll(/[A-Za-z0-9\u00b5\u03bc]+/g)];
  const meant = m.spelling.split(' ');
  if (typed.length !== meant.length)
    return [{ at: m.start, word: { word: m.text, near: m.spelling } }];
  return typed.flatMap((t, k) =>
    normalizeName(t[0]) === meant[k]
      ? []
      : [{ at: m.start + (t.index ?? 0), word: { word: t[0], near: sameCase(t[0], meant[k]) } }],
  );
}

/**
 * The words of `text` left unread, in order: unknown words and reagent names spelled with a
 * typo. `extra` are words the reading took as values (a tag, a label).
 */
export function unreadWords(
  text: string,
  defn: PlateDefn,
  candidates: readonly Candidate[],
  extra: readonly string[] = [],
): UnreadWord[] {
  // "not" is read only as part of "but not" (an exception); anywhere else it is asked about.
  const unquoted = text
    .replace(QUOTED, (q) => ' '.repeat(q.length))
    .replace(/\bbut\s+not\b/gi, (q) => `but${' '.repeat(q.length - 3)}`)
    // "highest"/"lowest" are read only where they place the series' end ("lowest at the top")
    .replace(new RegExp(SERIES_END.source, 'gi'), (q) => ' '.repeat(q.length));
  const mentions = findReagents(unquoted, candidates);
  const read: ReagentMention[] = [];
  // A reagent name spelled with a typo ("staurospirine") is asked about like any other word:
  // the reader would write a reagent the request may not name.
  const misspelt: { at: number; word: UnreadWord }[] = [];
  for (const m of mentions) {
    // A catalog name matched only through a typo is not a reading when the word is nearer a
    // word of the request's vocabulary, or is one ("trip" is not Tris, "than" is not THAM).
    const typoOfKnown =
      m.ref.source === 'catalog' &&
      m.typos > 0 &&
      !/\s/.test(m.text) &&
      (KNOWN.has(m.text.toLowerCase()) || nearestKnown(m.text));
    if (typoOfKnown) continue;
    read.push(m);
    if (m.typos > 0 && !m.prefix) misspelt.push(...misspeltWords(m));
  }
  // The well references the grammar reads ("AF48", "rows C-F", "rows C-F x cols 5-10").
  const names = blankSpans(unquoted, read);
  const rest = blankSpans(names, parseWellRanges(names, { defn }).matches);
  const values = new Set(extra.map((e) => e.toLowerCase()));
  const out: (UnreadWord & { at?: number })[] = [];
  const re = /[A-Za-z\u00b5\u03bc]+/g;
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    const word = m[0].replace(/[\u00b5\u03bc]/g, 'u');
    const lower = word.toLowerCase();
    if (KNOWN.has(lower) || values.has(lower)) continue;
    // "threefold", "tenfold": a factor in words.
    if (/^(?:two|three|four|five|six|ten)fold$/i.test(word)) continue;
    // An ordinal's ending ("2nd", "3rd"), a unit glued to its number ("10uM").
    const prev = rest[m.index - 1] ?? '';
    if (/\d/.test(prev) && /^(?:st|nd|rd|th|x|fold)$/i.test(word)) continue;
    // the exponent of a number ("1e-5 M")
    if (/\d/.test(prev) && /^e$/i.test(word) && /^[-+]?\d/.test(rest.slice(m.index + 1))) continue;
    out.push({ word, near: nearestKnown(word), at: m.index });
  }
  return [...out, ...misspelt.map((w) => ({ ...w.word, at: w.at }))]
    .toSorted((a, b) => (a.at ?? 0) - (b.at ?? 0))
    .map(({ word, near }) => (near ? { word, near } : { word }));
}

/** The question asked for unread words, quoting them, with the nearest known word. */
export function unreadQuestion(words: readonly UnreadWord[]): string {
  const [first] = words;
  const each = [...new Set(words.map((w) => w.word))];
  const quoted = each.map((w) => `'${w}'`).join(', ');
  const hint = first?.near ? ` - did you mean '${first.near}'?` : '.';
  const what = each.length > 1 ? 'the words' : '';
  return `I did not understand ${what ? `${what} ` : ''}${quoted}${hint} Nothing changed.`;
}
