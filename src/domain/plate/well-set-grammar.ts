/**
 * Well sets as people say them, read into well indices: "A1-B12", "A1:H12", "A1, A3, B5",
 * "row B", "rows E-H", "columns 1-2 and 47-48", "AA-AF", "every other column", "odd rows",
 * "alternate columns", "edge" / "outer ring", "inner wells", "quadrant 2 of the 1536
 * interleaved", "all wells except column 1", "the staurosporine wells", "wells tagged POS",
 * "odd columns in rows A-D".
 *
 * Terms are joined by commas, "and", "&", "+" (union); "except" / "but not" / "excluding"
 * subtracts; "in" / "of" / "within" intersects. When a phrase has two readings that give
 * different wells the answer lists both instead of guessing:
 * - "A1-B3": the rectangle A1:B3, or the run A1, A2 ... B3 in reading order;
 * - "quadrant 2" without a convention on a 384 or 1536 plate: interleaved or by block;
 * - "the X wells" when X is both a tag and a reagent of the plate.
 * Quadrants are those of 96 -> 384 and 384 -> 1536 (domain/layout/reformat.ts), and the
 * reading names its convention.
 */
import type { PlateDefn } from '../plate-format';
import type { WireWells } from '../plate-wire';
import { parseWellId, rowIndex } from '../well-id';
import { WellSet } from './well-set';
import { readCols, readRef, readRows, type RefRead } from './well-set-refs';
import { readSetName, setWells } from './well-set-names';
import { readTerm, type Shape, type TermPlate } from './well-set-terms';

/** What the plate holds, for "wells tagged POS" and "the staurosporine wells". */
export interface WellLookup {
  /** indices of the wells carrying the tag; undefined when no well carries it */
  tag(tag: string): number[] | undefined;
  /** indices of the wells holding the reagent (slug or name); undefined when none does */
  reagent(name: string): number[] | undefined;
  /** the plate's wells, for "the empty wells" (none: every well is empty) */
  wells?: WireWells;
}

export interface WellReading {
  /** how the phrase was read, in words */
  reading: string;
  wells: number[];
}

export type WellSetAnswer =
  { wells: number[]; reading: string } | { ambiguous: WellReading[] } | { error: string };

function addTo(map: Map<string, number[]>, key: string, i: number): void {
  const k = key.toLowerCase();
  const list = map.get(k);
  if (list) list.push(i);
  else map.set(k, [i]);
}

/** A lookup over the plate's wells; `names` maps reagent slugs to display names. */
export function plateLookup(
  defn: Pick<PlateDefn, 'rows' | 'cols'>,
  wells: WireWells,
  names: Record<string, string> = {},
): WellLookup {
  const tags = new Map<string, number[]>();
  const reagents = new Map<string, number[]>();
  for (const [id, well] of Object.entries(wells)) {
    const rc = parseWellId(id, defn);
    if (!rc) continue;
    const i = rc.row * defn.cols + rc.col;
    for (const t of well.tags ?? []) addTo(tags, t, i);
    for (const slug of Object.keys(well.targets)) {
      addTo(reagents, slug, i);
      if (names[slug] && names[slug].toLowerCase() !== slug.toLowerCase())
        addTo(reagents, names[slug], i);
    }
  }
  return {
    wells,
    tag: (t) => tags.get(t.trim().toLowerCase()),
    reagent: (n) =>
      reagents.get(n.trim().toLowerCase()) ??
      reagents.get(n.trim().toLowerCase().replace(/\s+/g, '-')),
  };
}

const NO_LOOKUP: WellLookup = { tag: () => undefined, reagent: () => undefined };

interface Reading {
  text: string;
  set: WellSet;
}

class GrammarError extends Error {}

/** Reads a well-set phrase on a plate. */
export function parseWellSet(
  text: string,
  defn: Shape,
  lookup: WellLookup = NO_LOOKUP,
): WellSetAnswer {
  const phrase = normalise(text);
  if (!phrase) return { error: 'Say which wells' };
  try {
    const readings = distinct(expression(phrase, defn, lookup));
    if (readings.length === 1)
      return { wells: readings[0].set.indices(), reading: readings[0].text };
    return { ambiguous: readings.map((r) => ({ reading: r.text, wells: r.set.indices() })) };
  } catch (e) {
    if (e instanceof GrammarError) return { error: e.message };
    throw e;
  }
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/[.!?]+$/, '')
    .trim();
}

function distinct(readings: Reading[]): Reading[] {
  const out: Reading[] = [];
  for (const r of readings) if (!out.some((o) => o.set.equals(r.set))) out.push(r);
  return out;
}

/** Every combination of the readings of two parts (a phrase rarely has more than two). */
function combine(
  a: Reading[],
  b: Reading[],
  join: (x: WellSet, y: WellSet) => WellSet,
  word: string,
): Reading[] {
  const out: Reading[] = [];
  for (const x of a)
    for (const y of b) out.push({ text: `${x.text}${word}${y.text}`, set: join(x.set, y.set) });
  return distinct(out);
}

function expression(phrase: string, defn: Shape, lookup: WellLookup): Reading[] {
  const except =
    /^(.*?)\s*(?:,\s*)?\b(?:except(?: for)?|but not|excluding|other than|apart from|minus)\b\s*(.*)$/.exec(
      phrase,
    );
  if (except) {
    const left = except[1].trim() === '' ? 'all' : except[1];
    return combine(
      expression(left, defn, lookup),
      expression(except[2], defn, lookup),
      (x, y) => x.difference(y),
      ' except ',
    );
  }
  const parts = splitUnion(phrase);
  let out: Reading[] | undefined;
  let mode: 'rows' | 'columns' | undefined;
  for (const part of parts) {
    const read = intersection(part, defn, lookup, mode);
    mode = read.mode;
    out = out ? combine(out, read.readings, (x, y) => x.union(y), ', ') : read.readings;
  }
  if (!out) throw new GrammarError('Say which wells');
  return out;
}

function splitUnion(phrase: string): string[] {
  return phrase
    .split(/\s*(?:,|;|\+|&|\band\b|\bplus\b)\s*/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

function intersection(
  part: string,
  defn: Shape,
  lookup: WellLookup,
  mode: 'rows' | 'columns' | undefined,
): { readings: Reading[]; mode: 'rows' | 'columns' | undefined } {
  // "quadrant 2 of the 1536" names the plate, not a second set; "rows c-f x cols 5-10" is a
  // block ("quadrant 2 by block" is not).
  const m =
    /^(.+?)(?:\s+(?:in|of|within|inside)\s+(?!the \d+\b|\d+\b)|\s*(?:\bx\b|\bby\b|×|\*)\s*(?=(?:rows?|columns?|cols?)\s))(.+)$/.exec(
      part,
    );
  // "the first 3 wells of row b" is one term
  if (m && !readTerm(part, termPlate(defn, lookup))) {
    const a = term(m[1], defn, lookup, undefined);
    const b = term(m[2], defn, lookup, undefined);
    return {
      readings: combine(a.readings, b.readings, (x, y) => x.difference(x.difference(y)), ' in '),
      mode: b.mode,
    };
  }
  return term(part, defn, lookup, mode);
}

const size = (defn: Shape) => defn.rows * defn.cols;

const termPlate = (defn: Shape, lookup: WellLookup): TermPlate => ({
  defn,
  tagged: (tags) =>
    [...new Set(tags.flatMap((x) => lookup.tag(x) ?? []))].toSorted((a, b) => a - b),
});

const one = (text: string, set: WellSet) => [{ text, set }];

function term(
  raw: string,
  defn: Shape,
  lookup: WellLookup,
  mode: 'rows' | 'columns' | undefined,
): { readings: Reading[]; mode: 'rows' | 'columns' | undefined } {
  const t = raw.replace(/^(?:the|all the|all of the)\s+/, '').trim();
  const plain = (readings: Reading[]) => ({ readings, mode: undefined });

  // the named sets: the edge, the inner wells, all wells, the empty wells
  const set = readSetName(t);
  if (set)
    return plain(one(set.label, WellSet.of(size(defn), setWells(set.name, defn, lookup.wells))));

  // the screening terms (rings, quadrants, every other column, wells tagged X, controls...)
  const screening = readTerm(t, termPlate(defn, lookup));
  if (screening) {
    if (screening.error) throw new GrammarError(screening.error);
    if (screening.readings.length === 0)
      throw new GrammarError(`"${raw.trim()}" is not on this ${defn.format}-well plate`);
    return plain(
      screening.readings.map((r) => ({ text: r.label, set: WellSet.of(size(defn), r.indices) })),
    );
  }

  // the plain references: wells, runs and rectangles, rows and columns
  const ref = readRef(t, defn);
  if (ref) {
    if (ref.error) throw new GrammarError(ref.error);
    const read = [{ text: ref.label, set: WellSet.of(size(defn), ref.indices) }];
    if (ref.run) read.push({ text: ref.run.label, set: WellSet.of(size(defn), ref.run.indices) });
    const next = ref.kind === 'rows' ? 'rows' : ref.kind === 'cols' ? 'columns' : undefined;
    return { readings: distinct(read), mode: next };
  }

  const holding = /^(?:wells?\s+)?(?:with|containing|holding|that (?:hold|contain))\s+(.+)$/.exec(
    t,
  );
  if (holding) {
    const hit = lookup.reagent(holding[1]);
    if (!hit) throw new GrammarError(`No well holds ${holding[1]}`);
    return plain(one(`wells holding ${holding[1]}`, WellSet.of(size(defn), hit)));
  }

  // Bare numbers are columns, bare letters rows (rows are letters, columns numbers), unless
  // an earlier "rows" / "columns" in the phrase says otherwise ("rows 1-4 and 9-12").
  if (/^\d{1,3}(?:\s*(?:-|to|through)\s*\d{1,3})?$/.test(t))
    return lines(mode === 'rows' ? readRows(t, defn, true) : readCols(t, defn), defn);
  if (/^[a-z]{1,2}(?:\s*(?:-|to|through)\s*[a-z]{1,2})?$/.test(t) && rowLetters(t))
    return lines(readRows(t, defn), defn);

  const named = /^(.+?)\s+wells?$/.exec(t)?.[1] ?? t;
  const byTag = lookup.tag(named.toUpperCase()) ?? lookup.tag(named);
  const byReagent = lookup.reagent(named);
  const readings: Reading[] = [];
  if (byReagent)
    readings.push({ text: `wells holding ${named}`, set: WellSet.of(size(defn), byReagent) });
  if (byTag)
    readings.push({
      text: `wells tagged ${named.toUpperCase()}`,
      set: WellSet.of(size(defn), byTag),
    });
  if (readings.length > 0) return plain(distinct(readings));
  throw new GrammarError(
    `"${raw.trim()}" is not a well set I can read (try "A1-B12", "rows E-H", "columns 1-2", "edge", "quadrant 1 interleaved", "wells tagged POS")`,
  );
}

// Bare lines: their readings, and what bare numbers after them are ("rows 1-2 and 5").
function lines(ref: RefRead, defn: Shape): { readings: Reading[]; mode: 'rows' | 'columns' } {
  if (ref.error) throw new GrammarError(ref.error);
  return {
    readings: one(ref.label, WellSet.of(size(defn), ref.indices)),
    mode: ref.kind === 'rows' ? 'rows' : 'columns',
  };
}

// "aa-af" names rows; "hi" names no row and may be a tag.
const rowLetters = (t: string) => t.split(/\s*(?:-|to|through)\s*/).every((x) => rowIndex(x) >= 0);
