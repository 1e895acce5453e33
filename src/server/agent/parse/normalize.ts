/**
 * Spellings of screening practice brought to the forms the request reader knows, before it
 * reads them: "10,000 nM", "cmpd A", "neg ctrl", "high controls", a series given
 * by its two ends ("from 10 uM to 10 nM in 10-fold steps"), a series that starts at the last
 * column ("high to low from column 12"), and the tolerance ("within 10 %"), which is taken
 * out and returned. Pure.
 */
import type { PlateDefn } from '../../../domain/plate-format';
import { CONTROL_NOUN, controlWords } from '../../../domain/plate/control-words';
import { VOLUME_UNIT_SPELLING } from '../../../domain/units';
import {
  amountCommas,
  findConcentrations,
  findFactor,
  findPoints,
} from '../../../domain/quantities';

export interface Normalized {
  text: string;
  /** tolerance the request gave, % */
  tol?: number;
  /** a sentence when the request cannot be read as asked */
  refusal?: string;
}

// Screening shorthand for controls spelt out as the kind: hi/lo, inhibitor/neutral, ZPE (zero
// percent effect: the vehicle alone), HPE (hundred percent effect: the reference inhibitor),
// "low controls", "neg ctrl". The nouns ("ctrls", "controls") are the reader's own.
const CONTROL_SPELLINGS = (['positive', 'negative'] as const).flatMap(
  (kind): [RegExp, string][] => [
    [
      new RegExp(
        String.raw`\b(?:${controlWords(kind, 'shorthand')})\s+(?=(?:${CONTROL_NOUN})\b)`,
        'gi',
      ),
      `${kind} `,
    ],
    [
      new RegExp(
        String.raw`\b(?:${controlWords(kind, 'effect')})s?(?:\s+(?:${CONTROL_NOUN}|wells))?\b`,
        'gi',
      ),
      `${kind} controls`,
    ],
    [
      new RegExp(
        String.raw`\b(?:${controlWords(kind, 'names', 'signal')})\s+(?:${CONTROL_NOUN})\b`,
        'gi',
      ),
      `${kind} controls`,
    ],
    // "max signal", "untreated wells": a signal word with "signal" or "wells" and no noun
    [
      new RegExp(
        String.raw`\b(?:${controlWords(kind, 'signal')})\s+(?:signal|wells)\b(?!\s+(?:${CONTROL_NOUN}|wells))`,
        'gi',
      ),
      `${kind} controls`,
    ],
  ],
);

const WORDS: [RegExp, string][] = [
  [/\b(?:cmpd|cpd|cmpnd|comp)\.?\s+(?=[A-Za-z0-9])/gi, 'compound '],
  // "cmpdB", "cpd-B": a compound's letter glued to the word.
  [/\b(?:cmpd|cpd|cmpnd|compound)-?([A-Z0-9])\b/g, 'compound $1'],
  ...CONTROL_SPELLINGS,
  // "50 uL X to column 1 and 50 uL Y to column 2": two requests.
  [
    new RegExp(String.raw`,?\s+and\s+(?=(?:\d+(?:\.\d+)?|\.\d+)\s*${VOLUME_UNIT_SPELLING}\b)`, 'g'),
    '; ',
  ],
];

const TOL =
  /\s*,?\s*(?:with\s+)?(?:within|±|\+\/-|\+-|(?:(?:with\s+)?an?\s+)?tolerance(?:\s+of)?|tol\.?)\s*(\d+(?:\.\d+)?)\s*(?:%|percent)/i;

const CONTROL_START = new RegExp(
  String.raw`(?:^|[,;]\s*|\s+and\s+|\s+then\s+)(?=(?:put\s+|add\s+|make\s+)?(?:the\s+)?(?:positive|negative|dmso|vehicle)\s+(?:${CONTROL_NOUN})\b|(?:a\s+)?(?:positive|negative)\s+(?:${CONTROL_NOUN})\b)`,
  'gi',
);

/** Splits "negative controls in column 1 and positive controls ... in column 12" in two. */
function splitControls(text: string): string {
  const starts: number[] = [];
  CONTROL_START.lastIndex = 0;
  for (let m = CONTROL_START.exec(text); m; m = CONTROL_START.exec(text)) {
    starts.push(m.index);
    if (m[0].length === 0) CONTROL_START.lastIndex++;
  }
  if (starts.length < 2) return text;
  const parts: string[] = [];
  let prev = 0;
  for (const s of starts.slice(1)) {
    parts.push(text.slice(prev, s));
    prev = s;
  }
  parts.push(text.slice(prev));
  return parts
    .map((p) => p.replace(/^\s*(?:[,;]|and|then)\s*/i, '').trim())
    .filter(Boolean)
    .join('; ');
}

/** "from 10 uM to 10 nM" with a factor -> ", 4 points". */
function seriesEnds(text: string): string {
  if (!/\b(?:dilution|series|titrat|dose)/i.test(text) && !/\b-?fold\s+steps\b/i.test(text))
    return text;
  const f = findFactor(text);
  if (!f || findPoints(text)) return text;
  const concs = findConcentrations(text).filter((c) => c.nM != null);
  if (concs.length !== 2) return text;
  const [a, b] = concs;
  const between = text.slice(a.end, b.start);
  if (!/^\s*(?:to|down\s+to|-|–)\s*$/i.test(between)) return text;
  const points = Math.round(Math.log(a.nM! / b.nM!) / Math.log(f.factor)) + 1;
  if (!(points >= 2)) return text;
  return `${text.slice(0, a.end)}, ${points} points${text.slice(b.end)}`;
}

/** "starting at column 12 going left", "high to low from column 12" on a 12-column plate. */
function seriesStart(text: string, defn: PlateDefn): string {
  const m =
    /\s*,?\s*(?:starting|start|beginning)?\s*(?:at|from|in)\s+col(?:umn)?\s+(\d{1,2})(?:\s+(?:going|moving|running)\s+(left|right|leftwards|rightwards))?/i.exec(
      text,
    );
  if (!m || !/\b(?:dilution|series|titrat|dose|high\s+to\s+low|fold|1:\d)/i.test(text)) return text;
  const col = Number(m[1]);
  const rest = text.slice(0, m.index) + text.slice(m.index + m[0].length);
  // "in column 12" alone is where the series goes (down the column), not where a row's
  // series starts: a start needs rows to run along.
  if (!/\brows?\b/i.test(rest)) return text;
  if (col === defn.cols) return `${rest.replace(/\s*,?\s*right\s+to\s+left\b/i, '')} right to left`;
  if (col === 1) return rest;
  return text;
}

/** The request in the reader's forms, its tolerance taken out. */
export function normalize(text: string, defn: PlateDefn): Normalized {
  const commas = amountCommas(text);
  if ('problem' in commas) return { text, refusal: commas.problem };
  let t = commas.text;
  for (const [re, to] of WORDS) t = t.replace(re, to);
  let tol: number | undefined;
  const tm = TOL.exec(t);
  if (tm) {
    tol = Number(tm[1]);
    if (!(tol > 0 && tol <= 100))
      return {
        text: t,
        refusal: `A tolerance of ${tm[1]} % is not one I can keep; give one between 0 and 100 %, e.g. "within 10 %"`,
      };
    t = t.slice(0, tm.index) + t.slice(tm.index + tm[0].length);
  }
  t = t.replace(/\bhigh\s+to\s+low\b/i, '').replace(/\s+,/g, ',');
  // "1:3" in a series is its factor, not columns 1 to 3 ("down column 3, 1:3, 8 points").
  if (/\b(?:dilution|dilute|serial|series|titrat|dose[- ]response|curve)/i.test(t))
    t = t.replace(/(?<!\bcol(?:umn)?s?\s*)\b1\s*:\s*(\d+(?:\.\d+)?)\b/gi, '$1-fold');
  t = seriesStart(t, defn);
  t = seriesEnds(t);
  t = splitControls(t);
  return { text: t.replace(/\s{2,}/g, ' ').trim(), tol };
}
