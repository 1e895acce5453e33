/**
 * What a clause asks for, read from its verbs once reagent names, quotes and wells are
 * blanked out ("fill the empty wells" is a fill, not a clear). Pure.
 */
import { CONTROL_NOUN, controlWords } from '../../../domain/plate/control-words';
import type { ControlKind } from '../tools/plate-tools';
import type { ClauseFacts } from './clause-facts';

/** The kinds of request the interpreter knows. */
export type Intent =
  | { kind: 'undo' }
  | { kind: 'unmet' }
  | { kind: 'amount' }
  | { kind: 'where' }
  | { kind: 'describe' }
  | { kind: 'clear'; reagentScoped: boolean }
  | { kind: 'control'; control: ControlKind | null }
  | { kind: 'series' }
  | { kind: 'annotate'; field: 'tag' | 'label' | 'sample'; value?: string; removeTag?: boolean }
  | { kind: 'fill' }
  | { kind: 'add' }
  | { kind: 'unknown' };

const POLITE =
  /^\s*(?:(?:please|pls|kindly|ok(?:ay)?|now|hey|hi|so)\b[\s,]*|(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|need|would like)\s+(?:you\s+)?(?:to\s+)?|let'?s\s+)+/i;
const QUESTION =
  /^\s*(?:what|what's|whats|which|how|where|show|list|is|are|does|do|tell|describe|check|any|give me a summary|summar\w+|overview)\b/i;
const STOP = new Set([
  'the',
  'a',
  'an',
  'wells',
  'well',
  'it',
  'them',
  'of',
  'for',
  'in',
  'on',
  'to',
  'as',
  'with',
  'from',
  'and',
  'all',
  'please',
]);

function annotationValue(rest: string, keyword: RegExp): string | undefined {
  const k = keyword.exec(rest);
  if (!k) return undefined;
  const after = rest.slice(k.index + k[0].length);
  const marked = /\b(?:as|with|to|=|called|named|:)\s*([^\s,;]+)/i.exec(after);
  if (marked) return marked[1];
  const words = after.split(/[\s,;]+/).filter((w) => w && !STOP.has(w.toLowerCase()));
  return words[0];
}

/** The verbs that empty wells ("nuke column 3" clears it), as a regular expression source. */
export const CLEAR_VERBS = String.raw`clear|remove|delete|empty|wipe|erase|reset|discard|nuke|take\s+out`;
const CLEAR_VERB = new RegExp(String.raw`\b(?:${CLEAR_VERBS})\b`);

const NOUN = new RegExp(String.raw`\b(?:${CONTROL_NOUN})\b`);
const KIND_WORD = (kinds: Parameters<typeof controlWords>[0]) =>
  new RegExp(String.raw`\b(?:${controlWords(kinds, 'names')})\b`);
const POSITIVE = KIND_WORD('positive');
const NEGATIVE = KIND_WORD('negative');
const ZERO = KIND_WORD('zero');
const SIGNAL = new RegExp(
  String.raw`\b(?:${controlWords(['positive', 'negative'], 'signal')})\s+(?:signal|${CONTROL_NOUN})\b`,
);

function controlKind(f: ClauseFacts, t: string): ControlKind | null {
  if (/\breserve[ds]?\b/.test(t)) return 'reserved';
  if (POSITIVE.test(t)) return 'positive';
  if (NEGATIVE.test(t)) return 'negative';
  if (ZERO.test(t)) return 'zero';
  if (f.reagents.some((m) => /dmso/i.test(m.ref.name)) || /\bdmso\b/i.test(f.text)) return 'dmso';
  if (/\bvehicle\b/.test(t)) return 'vehicle';
  if (f.reagents.length > 0 && f.concs.length > 0) return 'positive';
  // Which of "max signal" and "min signal" is the treated control depends on the assay: read
  // it from the contents (a reagent makes it POS, above), else vehicle only.
  if (SIGNAL.test(t)) return 'negative';
  return null;
}

/** Reads the intent of one clause. */
export function classify(f: ClauseFacts): Intent {
  const t = f.rest.replace(POLITE, '').toLowerCase();
  const text = f.text.replace(POLITE, '');
  if (
    /^\s*(?:undo|revert|go back|roll ?back|take (?:that|it) back|scratch that)\b|\bundo\b/.test(t)
  )
    return { kind: 'undo' };

  if (QUESTION.test(t) || text.trim().endsWith('?')) {
    if (
      /\b(?:unmet|not met|fail\w*|out of tolerance|off[- ]target|errors?|problems?|issues?|wrong|bad|red|over-?fill\w*)\b/.test(
        t,
      )
    )
      return { kind: 'unmet' };
    if (
      /\bhow much\b|\bhow many (?:ul|µl|microlit\w*|nl)\b|\b(?:volume|amount|percent(?:age)?)\s+of\b|\btotal\b/.test(
        t,
      ) &&
      f.reagents.length > 0
    )
      return { kind: 'amount' };
    if (
      f.reagents.length > 0 &&
      (/\bwhere\b/.test(t) || /\bwhich wells?\b/.test(t)) &&
      f.ranges.matches.length === 0
    )
      return { kind: 'where' };
    return { kind: 'describe' };
  }

  if (/\buntag\b|\b(?:remove|delete|drop)\s+(?:the\s+)?tag\b/.test(t))
    return {
      kind: 'annotate',
      field: 'tag',
      removeTag: true,
      value: annotationValue(f.rest, /\b(?:untag|tag)\b/i),
    };
  const annotate =
    /\b(tag|label|sample)(?:s|ged|led|ed)?\b/.exec(t) ??
    (/\bname\b/.test(t) ? ['name', 'label'] : null);
  if (annotate && !NOUN.test(t)) {
    const field = annotate[1] === 'sample' ? 'sample' : annotate[1] === 'tag' ? 'tag' : 'label';
    const kw = new RegExp(
      `\\b(?:${annotate[1] === 'label' && annotate[0] === 'name' ? 'name' : annotate[1]})\\w*\\b`,
      'i',
    );
    return { kind: 'annotate', field, value: annotationValue(f.rest, kw) };
  }
  if (/\bmark\w*\b/.test(t) && !/\breserve[ds]?\b/.test(t) && !NOUN.test(t))
    return { kind: 'annotate', field: 'tag', value: annotationValue(f.rest, /\bmark\w*\b/i) };

  if (
    // "fold" glued to its number ("2fold") too, as findFactor reads it: read as no series, it
    // wrote one flat concentration
    (/\b(?:dilution|dil|dilute\w*|titrat\w*|serial|series|dose[- ]response|half[- ]?log|curve|\d*fold)\b/.test(
      t,
    ) ||
      // screening shorthand: "stauro 1:3 from 1 uM col 2 trip" is a series from its top
      (/\b1\s*:\s*\d/.test(t) && /\b(?:from|top)\b/.test(t))) &&
    f.reagents.length > 0
  )
    return { kind: 'series' };

  if (
    NOUN.test(t) ||
    /\b(?:positive|negative|pos|neg|blanks?|zero|reserve[ds]?)\b|\b(?:max|min|high|low)(?:imum)?\s+signal\b/.test(
      t,
    )
  )
    return { kind: 'control', control: controlKind(f, t) };
  // "DMSO-only wells", "media only in column 1": vehicle controls.
  if (/\bonly\b/.test(t) && f.concs.length === 0) {
    if (f.reagents.some((m) => /dmso/i.test(m.ref.name)))
      return { kind: 'control', control: 'dmso' };
    if (/\b(?:vehicle|media|medium)\b/.test(t)) return { kind: 'control', control: 'vehicle' };
  }

  if (CLEAR_VERB.test(t)) return { kind: 'clear', reagentScoped: f.reagents.length > 0 };

  if (/\b(?:fill|top\s+up|top\s+off|back-?fill|bring\s+up)\b/.test(t) && f.concs.length === 0)
    return { kind: 'fill' };

  if (
    /\b(?:add|put|set|dispense|apply|pipette|treat|dose|load|place|give|spike|transfer|fill)\b/.test(
      t,
    ) ||
    (f.reagents.length > 0 &&
      (f.concs.length > 0 || f.volumes.length > 0) &&
      f.ranges.matches.length > 0)
  )
    return { kind: 'add' };
  return { kind: 'unknown' };
}
