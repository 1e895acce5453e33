/**
 * Numbers with units in typed text: concentrations (pM to M, %), volumes (nL, uL, mL),
 * dilution factors ("3-fold", "1:3", "3x", "half-log"), points, replicates and direction.
 * The assistant finds them inside a request; the designer's fields read one on its own
 * (parseDilutionFactor), so both take the same spellings. Units go through the domain's
 * unit lists. Pure.
 */
import { parseAnyConcentrationUnit, toNanomolarAny } from './chemistry/concentration-units';
import { HALF_LOG } from './layout/series';
import { NUMBER_WORD_SOURCE, numberOf } from './number-words';
import {
  AMOUNT_UNIT_SPELLING,
  MOLAR_UNIT_SPELLING,
  VOLUME_UNIT_SPELLING,
  parseVolumeUnit,
  toMicrolitres,
} from './units';

/** A span of the text a quantity was read from. */
export interface Span {
  start: number;
  end: number;
}

/** A concentration: molar in nM, or % v/v. */
export type Concentration = Span &
  ({ nM: number; percent?: undefined } | { percent: number; nM?: undefined });

/** A volume in uL, and whether it reads as the final well volume ("to 50 uL", "50 uL final"). */
export interface Volume extends Span {
  uL: number;
  final: boolean;
}

const NUM = String.raw`(\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+)`;
const WORD_NUM = `(\\d+|${NUMBER_WORD_SOURCE})`;

// A number that begins a quantity: not the tail of a word, a well id or a number written
// with a comma ("A6 uM" is not 6 uM, "1,5 uM" not 5 uM).
const START = String.raw`(?<![A-Za-z0-9.,])`;

const CONC = new RegExp(
  String.raw`${START}${NUM}\s*(${MOLAR_UNIT_SPELLING}|%|percent)(?![A-Za-z])`,
  'g',
);

// "1,5 uM": a decimal comma, which "1,500 uM" (a thousands separator) is not. The units an
// amount ends with are spelt out too ("10,000 nanomolar").
const DECIMAL_COMMA = new RegExp(
  String.raw`(?<![\w.,])(\d+),(\d{1,2}|\d{4,})(?=\s*${AMOUNT_UNIT_SPELLING})`,
);
const THOUSANDS = new RegExp(String.raw`\b(\d{1,3}),(\d{3})(?=\s*${AMOUNT_UNIT_SPELLING})`, 'g');

/**
 * Amounts written with commas: "10,000 nM" is read as 10000 nM (a thousands separator, not a
 * list); "1,5 uM" reads two ways and is refused, saying how to write it.
 */
export function amountCommas(text: string): { text: string } | { problem: string } {
  const comma = DECIMAL_COMMA.exec(text);
  if (comma)
    return {
      problem: `"${comma[0]}" reads two ways: write a decimal with a point ("${comma[1]}.${comma[2]}") and a thousand without a comma`,
    };
  return { text: text.replace(THOUSANDS, '$1$2') };
}

/** Concentrations in reading order. */
export function findConcentrations(text: string): Concentration[] {
  const out: Concentration[] = [];
  CONC.lastIndex = 0;
  for (let m = CONC.exec(text); m; m = CONC.exec(text)) {
    const value = Number(m[1]);
    const raw = m[2];
    const span = { start: m.index, end: m.index + m[0].length };
    if (!Number.isFinite(value)) continue;
    if (raw === '%' || raw === 'percent') {
      out.push({ ...span, percent: value });
      continue;
    }
    // People type "10 um" and "1 mm" for µM and mM; "M" alone only in capitals.
    const unit = parseAnyConcentrationUnit(raw === 'mm' || raw === 'MM' ? 'mM' : raw);
    const nM = unit ? toNanomolarAny(value, unit) : Number.NaN;
    if (Number.isFinite(nM)) out.push({ ...span, nM });
  }
  return out;
}

const VOL = new RegExp(String.raw`${START}${NUM}\s*(${VOLUME_UNIT_SPELLING})(?![A-Za-z])`, 'g');
const FINAL_BEFORE =
  /(?:\bto|\bin|\bup to|\bfinal(?:\s+volume)?(?:\s+of)?|\btotal(?:\s+volume)?(?:\s+of)?|\bwell volume(?:\s+of)?|\bwells? of)\s*$/i;
const FINAL_AFTER = /^\s*(?:final|total|wells?|per well final|working volume|assay volume)\b/i;
const WORD_UNITS: Record<string, 'nL' | 'uL' | 'mL'> = { micro: 'uL', nano: 'nL', milli: 'mL' };

/** Volumes in reading order; `final` when the words around say it is the well volume. */
export function findVolumes(text: string): Volume[] {
  const out: Volume[] = [];
  VOL.lastIndex = 0;
  for (let m = VOL.exec(text); m; m = VOL.exec(text)) {
    const value = Number(m[1]);
    const word = /^(micro|nano|milli)/i.exec(m[2]);
    const unit = word ? WORD_UNITS[word[1].toLowerCase()] : parseVolumeUnit(m[2]);
    if (!unit || !Number.isFinite(value)) continue;
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30);
    const final = FINAL_BEFORE.test(before) || FINAL_AFTER.test(after);
    out.push({ start: m.index, end: m.index + m[0].length, uL: toMicrolitres(value, unit), final });
  }
  return out;
}

/** The dilution factor of a series: "3-fold", "threefold", "1:3", "1 in 3", "half-log", "2x". */
export function findFactor(text: string): (Span & { factor: number }) | undefined {
  const pats: [RegExp, (m: RegExpExecArray) => number][] = [
    [/\bhalf[- ]?log(?:arithmic)?\b/i, () => HALF_LOG],
    [/\b(?:one|1)[- ]?log\b/i, () => 10],
    [new RegExp(String.raw`\b${WORD_NUM}\s*-?\s*fold\b`, 'i'), (m) => numberOf(m[1])],
    [/\b(\d+(?:\.\d+)?)\s*-?\s*fold\b/i, (m) => Number(m[1])],
    [/\b1\s*(?::|in)\s*(\d+(?:\.\d+)?)\b/i, (m) => Number(m[1])],
    [/\b(\d+(?:\.\d+)?)\s*[x×]\s*(?:serial\s+)?(?:dilution|steps?|series)/i, (m) => Number(m[1])],
    [
      /\b(?:factor(?:\s+of)?|dilute(?:d)?\s+by|by\s+a\s+factor\s+of|steps?\s+of)\s*(\d+(?:\.\d+)?)\b/i,
      (m) => Number(m[1]),
    ],
    [/\b(?:two|2)[- ]?fold\b|\bhalving\b|\bhalf\s+dilutions?\b/i, () => 2],
  ];
  for (const [re, f] of pats) {
    const m = re.exec(text);
    if (m) return { start: m.index, end: m.index + m[0].length, factor: f(m) };
  }
  return undefined;
}

/**
 * A dilution factor typed on its own, as a form's field takes it: "3", "1:3", "1 in 3",
 * "3-fold", "threefold", "3x", "half-log". Undefined when the text is anything else or more.
 */
export function parseDilutionFactor(text: string): number | 'half-log' | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const plain = Number(t);
  if (Number.isFinite(plain)) return plain;
  // "3x" alone in a factor field; in a sentence "3x" may be replicates, so findFactor wants
  // "3x dilutions".
  const times = /^(\d+(?:\.\d+)?)\s*[x×]$/i.exec(t);
  if (times) return Number(times[1]);
  const f = findFactor(t);
  if (!f || f.start !== 0 || f.end !== t.length) return undefined;
  return f.factor === HALF_LOG ? 'half-log' : f.factor;
}

/** Number of points of a series: "10 points", "10-point", "8 concentrations", "12 doses". */
export function findPoints(text: string): (Span & { points: number }) | undefined {
  const m = new RegExp(
    String.raw`\b${WORD_NUM}\s*-?\s*(?:points?|pts?|concentrations|doses|steps|dilutions|wells long)\b`,
    'i',
  ).exec(text);
  return m ? { start: m.index, end: m.index + m[0].length, points: numberOf(m[1]) } : undefined;
}

const PLICATES: Record<string, number> = {
  singlicate: 1,
  duplicate: 2,
  triplicate: 3,
  quadruplicate: 4,
};

/** Replicates: "in triplicate", "duplicates", "n=3", "3 replicates". */
export function findReplicates(text: string): (Span & { replicates: number }) | undefined {
  let m = /\b(singlicate|duplicate|triplicate|quadruplicate)s?\b/i.exec(text);
  if (m)
    return { start: m.index, end: m.index + m[0].length, replicates: PLICATES[m[1].toLowerCase()] };
  // Screening shorthand: "in dup", "trip", "quads" (not "quad 2", a quadrant); a number after
  // "dup" or "trip" is the next item ("col 3 trip 8 pts"), never part of it.
  m = /\b(dup|trip)s?\b|\b(quad)s?\b(?!\s*\d)/i.exec(text);
  if (m)
    return {
      start: m.index,
      end: m.index + m[0].length,
      replicates: { dup: 2, trip: 3, quad: 4 }[
        (m[1] ?? m[2]).toLowerCase() as 'dup' | 'trip' | 'quad'
      ],
    };
  m = new RegExp(
    String.raw`\b${WORD_NUM}\s*(?:replicates?|reps?|repeats|copies)\b|\bn\s*=\s*(\d+)\b`,
    'i',
  ).exec(text);
  if (m) return { start: m.index, end: m.index + m[0].length, replicates: numberOf(m[1] ?? m[2]) };
  return undefined;
}

/**
 * Where the top or the bottom of a series sits: "lowest at the top", "lowest conc at left",
 * "highest dose on the right". The one pattern for the direction it gives and for the
 * unread-words check, which reads "highest"/"lowest" only here.
 */
export const SERIES_END =
  /\b(highest|lowest|top|high|low)(?:\s+(?:conc(?:entration)?|dose|point))?\s+(?:at|on|in)\s+(?:the\s+)?(top|bottom|left|right)\b/i;

/** Direction of a series, when the text says it. */
export function findDirection(text: string): 'across' | 'left' | 'down' | 'up' | undefined {
  // Where the top or the bottom of the series sits: "lowest at the top", "highest on the right".
  const end = SERIES_END.exec(text);
  if (end) {
    const high = !/^low/i.test(end[1]);
    const side = end[2].toLowerCase();
    if (side === 'top') return high ? 'down' : 'up';
    if (side === 'bottom') return high ? 'up' : 'down';
    if (side === 'left') return high ? 'across' : 'left';
    return high ? 'left' : 'across';
  }
  const going = /\b(?:going|moving|running|to\s+the)\s+(left|right|up|down)\b/i.exec(text);
  if (going)
    return ({ left: 'left', right: 'across', up: 'up', down: 'down' } as const)[
      going[1].toLowerCase() as 'left' | 'right' | 'up' | 'down'
    ];
  if (/\bright\s+to\s+left\b|\bleftwards?\b|\bfrom\s+the\s+right\b/i.test(text)) return 'left';
  if (/\bbottom\s+to\s+top\b|\bupwards?\b|\bfrom\s+the\s+bottom\b/i.test(text)) return 'up';
  if (/\btop\s+to\s+bottom\b|\bdown(?:wards?)?\b|\bvertical(?:ly)?\b/i.test(text)) return 'down';
  if (/\bleft\s+to\s+right\b|\bacross\b|\bhorizontal(?:ly)?\b|\balong\b/i.test(text))
    return 'across';
  return undefined;
}

/**
 * "from D12", "starting at D12", "beginning in D12": the well a series starts in, when it is
 * one well named on its own (not the start of a range "from D1 to D6"). Its span is the
 * well's.
 */
export function findStartWell(
  text: string,
): { start: number; end: number; well: string } | undefined {
  const m =
    /\b(?:from|starting\s+(?:at|from|in|with)|starts?\s+(?:at|in)|beginning\s+(?:at|in))\s+(?:well\s+)?([A-Za-z]{1,2}\d{1,2})\b(?!\s*(?:[-:–]|to\b|through\b|thru\b))/i.exec(
      text,
    );
  if (!m) return undefined;
  const start = m.index + m[0].length - m[1].length;
  return { start, end: start + m[1].length, well: m[1].toUpperCase() };
}

/** "reversed", "in reverse": the series runs the other way from the one read or the default. */
export function findReversed(text: string): boolean {
  return /\brevers(?:e|ed)\b/i.test(text);
}
