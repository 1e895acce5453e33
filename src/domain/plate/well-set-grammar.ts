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
import { parseWellId, rowIndex, rowLetter } from '../well-id';
import { WellSet } from './well-set';
import { readTerm, where, type Shape } from './well-set-terms';

/** What the plate holds, for "wells tagged POS" and "the staurosporine wells". */
export interface WellLookup {
  /** indices of the wells carrying the tag; undefined when no well carries it */
  tag(tag: string): number[] | undefined;
  /** indices of the wells holding the reagent (slug or name); undefined when none does */
  reagent(name: string): number[] | undefined;
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
  // "quadrant 2 of the 1536" names the plate, not a second set.
  const m = /^(.+?)\s+(?:in|of|within|inside)\s+(?!the \d+\b|\d+\b)(.+)$/.exec(part);
  if (m) {
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

function fromCells(defn: Shape, keep: (row: number, col: number) => boolean): WellSet {
  return WellSet.of(size(defn), where(defn, keep));
}

const one = (text: string, set: WellSet) => [{ text, set }];

/** "b", "e-h", "e to h", "aa-af", or row numbers "1-4" -> [from, to] (0-based), checked. */
function rowSpan(text: string, defn: Shape, numbers: boolean): [number, number] | undefined {
  const m = /^([a-z]{1,2}|\d{1,2})(?:\s*(?:-|to|through|:)\s*([a-z]{1,2}|\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  const at = (t: string) => (/^\d+$/.test(t) ? (numbers ? Number(t) - 1 : -1) : rowIndex(t));
  const a = at(m[1]);
  const b = m[2] === undefined ? a : at(m[2]);
  if (a < 0 || b < 0) return undefined;
  if (Math.max(a, b) >= defn.rows)
    throw new GrammarError(`This ${defn.format}-well plate has rows A-${rowLetter(defn.rows - 1)}`);
  return [Math.min(a, b), Math.max(a, b)];
}

function colSpan(text: string, defn: Shape): [number, number] | undefined {
  const m = /^(\d{1,2})(?:\s*(?:-|to|through|:)\s*(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  const a = Number(m[1]) - 1;
  const b = m[2] === undefined ? a : Number(m[2]) - 1;
  if (Math.min(a, b) < 0 || Math.max(a, b) >= defn.cols)
    throw new GrammarError(`This ${defn.format}-well plate has columns 1-${defn.cols}`);
  return [Math.min(a, b), Math.max(a, b)];
}

function term(
  raw: string,
  defn: Shape,
  lookup: WellLookup,
  mode: 'rows' | 'columns' | undefined,
): { readings: Reading[]; mode: 'rows' | 'columns' | undefined } {
  const t = raw.replace(/^(?:the|all the|all of the)\s+/, '').trim();
  const all = WellSet.all(size(defn));
  const plain = (readings: Reading[]) => ({ readings, mode: undefined });

  if (
    /^(?:all|all wells|every well|everything|whole plate|entire plate|(?:the )?plate|wells)$/.test(
      t,
    )
  )
    return plain(one('all wells', all));
  if (
    /^(?:inner|inner wells|interior|interior wells|inside wells|non-edge wells|centre|center|inner region)$/.test(
      t,
    )
  ) {
    return plain(
      one(
        'the inner wells',
        fromCells(defn, (r, c) => r > 0 && c > 0 && r < defn.rows - 1 && c < defn.cols - 1),
      ),
    );
  }

  // the screening terms (edges, quadrants, every other column, wells tagged X, controls...)
  const screening = readTerm(t, {
    defn,
    tagged: (tags) =>
      [...new Set(tags.flatMap((x) => lookup.tag(x) ?? []))].toSorted((a, b) => a - b),
  });
  if (screening) {
    if (screening.error) throw new GrammarError(screening.error);
    if (screening.readings.length === 0)
      throw new GrammarError(`"${raw.trim()}" is not on this ${defn.format}-well plate`);
    return plain(
      screening.readings.map((r) => ({ text: r.label, set: WellSet.of(size(defn), r.indices) })),
    );
  }

  const rows = /^(?:rows?)\s+(.+)$/.exec(t);
  if (rows) return { readings: rowReadings(rows[1], defn, true, raw), mode: 'rows' };
  const cols = /^(?:columns?|cols?)\s+(.+)$/.exec(t);
  if (cols) return { readings: colReadings(cols[1], defn, raw), mode: 'columns' };

  const holding = /^(?:wells?\s+)?(?:with|containing|holding|that (?:hold|contain))\s+(.+)$/.exec(
    t,
  );
  if (holding) {
    const hit = lookup.reagent(holding[1]);
    if (!hit) throw new GrammarError(`No well holds ${holding[1]}`);
    return plain(one(`wells holding ${holding[1]}`, WellSet.of(size(defn), hit)));
  }

  // Wells: "a1", "a1-b12", "a1:h12", "a1 to b12".
  const range = /^([a-z]{1,2}\d{1,3})\s*(-|:|to|through)\s*([a-z]{1,2}\d{1,3})$/.exec(t);
  if (range) return plain(wellRange(range[1], range[3], range[2] === ':', defn, raw));
  if (/^[a-z]{1,2}\d{1,3}$/.test(t)) {
    const rc = parseWellId(t, defn);
    if (!rc)
      throw new GrammarError(`${t.toUpperCase()} is not a well of this ${defn.format}-well plate`);
    return plain(one(t.toUpperCase(), WellSet.of(size(defn), [rc.row * defn.cols + rc.col])));
  }
  // Bare numbers are columns, bare letters rows (rows are letters, columns numbers), unless
  // an earlier "rows" / "columns" in the phrase says otherwise ("rows 1-4 and 9-12").
  if (/^\d/.test(t) && colSpan(t, defn)) {
    return mode === 'rows'
      ? { readings: rowReadings(t, defn, true, raw), mode }
      : { readings: colReadings(t, defn, raw), mode: 'columns' };
  }
  if (/^[a-z]{1,2}(?:\s*(?:-|to|through)\s*[a-z]{1,2})?$/.test(t) && rowSpan(t, defn, false)) {
    return { readings: rowReadings(t, defn, false, raw), mode: 'rows' };
  }

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

function rowReadings(text: string, defn: Shape, numbers: boolean, raw: string): Reading[] {
  const parts = text.split(/\s*(?:,|\band\b)\s*/).filter(Boolean);
  let set = WellSet.empty(size(defn));
  const names: string[] = [];
  for (const p of parts) {
    const span = rowSpan(p, defn, numbers);
    if (!span) throw new GrammarError(`"${raw.trim()}": "${p}" is not a row or a range of rows`);
    set = set.union(fromCells(defn, (r) => r >= span[0] && r <= span[1]));
    names.push(
      span[0] === span[1] ? rowLetter(span[0]) : `${rowLetter(span[0])}-${rowLetter(span[1])}`,
    );
  }
  return one(
    `${names.length === 1 && !names[0].includes('-') ? 'row' : 'rows'} ${names.join(', ')}`,
    set,
  );
}

function colReadings(text: string, defn: Shape, raw: string): Reading[] {
  const parts = text.split(/\s*(?:,|\band\b)\s*/).filter(Boolean);
  let set = WellSet.empty(size(defn));
  const names: string[] = [];
  for (const p of parts) {
    const span = colSpan(p, defn);
    if (!span)
      throw new GrammarError(`"${raw.trim()}": "${p}" is not a column or a range of columns`);
    set = set.union(fromCells(defn, (_, c) => c >= span[0] && c <= span[1]));
    names.push(span[0] === span[1] ? `${span[0] + 1}` : `${span[0] + 1}-${span[1] + 1}`);
  }
  return one(
    `${names.length === 1 && !names[0].includes('-') ? 'column' : 'columns'} ${names.join(', ')}`,
    set,
  );
}

/** A rectangle for "A1:B3"; for "A1-B3" also the run in reading order, when that differs. */
function wellRange(a: string, b: string, colon: boolean, defn: Shape, raw: string): Reading[] {
  const p = parseWellId(a, defn);
  const q = parseWellId(b, defn);
  if (!p || !q) {
    throw new GrammarError(
      `"${raw.trim()}": ${(!p ? a : b).toUpperCase()} is not a well of this ${defn.format}-well plate`,
    );
  }
  const [r0, r1] = [Math.min(p.row, q.row), Math.max(p.row, q.row)];
  const [c0, c1] = [Math.min(p.col, q.col), Math.max(p.col, q.col)];
  const label = `${a.toUpperCase()}:${b.toUpperCase()}`;
  const rect = {
    text: `the rectangle ${label}`,
    set: fromCells(defn, (r, c) => r >= r0 && r <= r1 && c >= c0 && c <= c1),
  };
  if (colon) return [rect];
  const from = Math.min(p.row * defn.cols + p.col, q.row * defn.cols + q.col);
  const to = Math.max(p.row * defn.cols + p.col, q.row * defn.cols + q.col);
  const run = {
    text: `${a.toUpperCase()} to ${b.toUpperCase()} in reading order (row by row)`,
    set: WellSet.of(
      size(defn),
      Array.from({ length: to - from + 1 }, (_, k) => from + k),
    ),
  };
  return distinct([rect, run]);
}
