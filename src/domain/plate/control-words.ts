/**
 * The words screening staff use for controls, each kind with its variants and the tags its
 * wells carry on the plate: the one list the well-set grammar, the request reader and its
 * check of unread words all read.
 */

/** A kind of control as people name it. */
export interface ControlWords {
  /** the words that name the kind whatever follows ("positive", "neg", "blank") */
  names: readonly string[];
  /** the signal words that name the kind before "control(s)" ("max ctrls", "low controls") */
  signal: readonly string[];
  /** shorthand the request reader spells out as the first word ("hi ctrls") */
  shorthand: readonly string[];
  /** the assay's name of the kind, a control on its own ("ZPE", "HPE wells") */
  effect: readonly string[];
  /** the tags the wells of the kind carry */
  tags: readonly string[];
}

// HPE and ZPE: hundred and zero percent effect (the reference inhibitor; the vehicle alone).
export const CONTROL_KINDS = {
  positive: {
    names: ['positive', 'pos'],
    signal: ['high', 'max', 'maximum'],
    shorthand: ['hi', 'inhibitor'],
    effect: ['hpe'],
    tags: ['POS'],
  },
  negative: {
    names: ['negative', 'neg'],
    signal: ['low', 'min', 'minimum', 'untreated'],
    shorthand: ['lo', 'neutral'],
    effect: ['zpe'],
    tags: ['NEG'],
  },
  vehicle: {
    names: ['dmso', 'vehicle'],
    signal: [],
    shorthand: [],
    effect: [],
    tags: ['DMSO', 'vehicle'],
  },
  zero: {
    names: ['blank', 'blanks', 'zero', 'zeros'],
    signal: [],
    shorthand: [],
    effect: [],
    tags: ['ZERO'],
  },
} as const satisfies Record<string, ControlWords>;

type Kind = keyof typeof CONTROL_KINDS;

/** The nouns: "controls", "ctrl". */
export const CONTROL_NOUNS = ['control', 'controls', 'ctrl', 'ctrls'] as const;

/** Words that go with a kind: "max signal", "vehicle only", "media controls". */
const CONTROL_QUALIFIERS = ['signal', 'only', 'media', 'medium', 'buffer', 'vehicles'];

/**
 * The control words a request keeps once read (its shorthand is spelt out before), for the
 * reader's list of the words it knows.
 */
export const CONTROL_VOCABULARY: readonly string[] = [
  ...Object.values(CONTROL_KINDS).flatMap((k) => [...k.names, ...k.signal]),
  ...CONTROL_NOUNS,
  ...CONTROL_QUALIFIERS,
];

const byLength = (words: readonly string[]) =>
  words.toSorted((a, b) => b.length - a.length).join('|');

/** The nouns as an alternation, for a regular expression ("ctrls|controls|control|ctrl"). */
export const CONTROL_NOUN = byLength(CONTROL_NOUNS);

/** An alternation of some parts of the words of some kinds ("hi|inhibitor"). */
export function controlWords(
  kinds: Kind | Kind[],
  ...parts: ('names' | 'signal' | 'shorthand' | 'effect')[]
): string {
  return byLength([kinds].flat().flatMap((k) => parts.flatMap((part) => CONTROL_KINDS[k][part])));
}

/** The tags of the control kind a word names; every control tag for no word. */
export function controlTags(word: string | undefined): readonly string[] {
  const w = word?.toLowerCase().replace(/\s+signal$/, '');
  if (!w) return Object.values(CONTROL_KINDS).flatMap((k) => k.tags);
  const kind = Object.values(CONTROL_KINDS).find((k) =>
    ([...k.names, ...k.signal, ...k.shorthand, ...k.effect] as readonly string[]).includes(w),
  );
  return kind?.tags ?? [];
}
