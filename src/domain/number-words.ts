/**
 * Numbers people spell out in requests and well phrases ("eight points", "the first three
 * wells", "the last two columns"), one list for every reader. Pure.
 */
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  sixteen: 16,
  twenty: 20,
  'twenty-four': 24,
};

/** The words as alternatives of a regular expression, longest first ("twenty-four"). */
export const NUMBER_WORD_SOURCE = Object.keys(NUMBER_WORDS)
  .toSorted((a, b) => b.length - a.length)
  .join('|');

/** A number in digits or in words. */
export function numberOf(s: string): number {
  return NUMBER_WORDS[s.toLowerCase()] ?? Number(s);
}

const ORDINALS: Readonly<Record<string, number>> = { first: 1, second: 2, third: 3, fourth: 4 };

/** A place in order ("the second quadrant", "the third one"): an ordinal, or numberOf. */
export function placeOf(s: string): number {
  return ORDINALS[s.toLowerCase()] ?? numberOf(s);
}

/** A count as people write it in a sentence ("reads three ways"): the word, or the digits. */
export function numberWord(n: number): string {
  return Object.keys(NUMBER_WORDS).find((w) => NUMBER_WORDS[w] === n) ?? String(n);
}
