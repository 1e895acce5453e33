/**
 * Well references in plain text -> well indices of a plate: "B3", "A1:H12", "A1-A12",
 * "row C", "rows AA to AF", "columns 1-2", "outer wells", "the selection", "empty wells".
 * Pure: no I/O, no node: modules, so the browser can run it too.
 */
import type { PlateDefn } from '../plate-format';
import type { WireWells } from '../plate-wire';
import { SET_SCANS, setWells, type SetName } from './well-set-names';
import { REF_SCANS, type RefKind } from './well-set-refs';

/** How a range was named; the dilution series reads its direction from it. */
export type RangeKind = RefKind | 'block' | 'set';

/** One well reference found in the text. */
export interface RangeMatch {
  kind: RangeKind;
  text: string;
  start: number;
  end: number;
  /** wells in reading order of the reference (a reversed range keeps its order) */
  indices: number[];
}

/** Everything the text names: wells in order (no duplicates), the matches, the refusals. */
export interface ParsedRanges {
  indices: number[];
  matches: RangeMatch[];
  /** references that name wells off the plate, as a sentence each */
  errors: string[];
}

/** What a reference may need besides the plate: the current selection and wells. */
export interface RangeContext {
  defn: PlateDefn;
  selection?: readonly number[];
  wells?: WireWells;
}

/** "the selection", "the selected wells": the wells selected on the plate. */
export const SELECTION_WORDS =
  /\b(?:the\s+)?(?:current\s+)?(?:selection|selected\s+wells?|wells?\s+(?:i\s+)?selected)\b/i;
const SELECTION = new RegExp(SELECTION_WORDS.source, 'gi');

function setIndices(name: SetName | 'selection', ctx: RangeContext): number[] {
  if (name === 'selection') return [...(ctx.selection ?? [])];
  return setWells(name, ctx.defn, ctx.wells);
}

function overlaps(taken: boolean[], start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (taken[i]) return true;
  return false;
}

function take(taken: boolean[], start: number, end: number) {
  for (let i = start; i < end; i++) taken[i] = true;
}

/**
 * Finds every well reference in the text. Longer forms win over the shorter ones inside them
 * ("A1:A12" is one range, not two wells). A row or column phrase joined to the other by
 * "of", "in", "x" or a comma ("rows A-D of column 3") names their intersection.
 */
export function parseWellRanges(text: string, ctx: RangeContext): ParsedRanges {
  const { defn } = ctx;
  const taken: boolean[] = Array.from({ length: text.length }, () => false);
  const matches: RangeMatch[] = [];
  const errors: string[] = [];
  // each reader says what a match is; its text and place are the match's own
  const scan = (
    re: RegExp,
    fn: (m: RegExpExecArray) => Pick<RangeMatch, 'kind' | 'indices'> | null,
  ) => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (overlaps(taken, start, end)) continue;
      const found = fn(m);
      if (found) {
        matches.push({ ...found, text: m[0], start, end });
        take(taken, start, end);
      }
    }
  };

  for (const { re, name } of [{ re: SELECTION, name: 'selection' as const }, ...SET_SCANS]) {
    scan(re, () => ({ kind: 'set', indices: setIndices(name, ctx) }));
  }
  for (const ref of REF_SCANS)
    scan(ref.re, (m) => {
      const r = ref.read(m, defn);
      if (r?.error) errors.push(r.error);
      return r && { kind: r.kind, indices: r.error ? [] : r.indices };
    });

  matches.sort((a, b) => a.start - b.start);
  const merged = narrowSets(text, intersectRowsAndCols(text, matches));
  return { indices: unique(merged.flatMap((m) => m.indices)), matches: merged, errors };
}

// "x" / "by" join a block: "rows C-F x cols 5-10".
const JOIN = /^\s*(?:,|of|in|within|for|on|x|×|by|\*)?\s*(?:the\s+)?$/i;

// "rows A-D of column 3", "column 3, rows A to D", "rows C-F x cols 5-10": the wells both
// name.
function intersectRowsAndCols(text: string, matches: RangeMatch[]): RangeMatch[] {
  const out: RangeMatch[] = [];
  for (let i = 0; i < matches.length; i++) {
    const a = matches[i];
    const b = matches[i + 1];
    const pair =
      b &&
      ((a.kind === 'rows' && b.kind === 'cols') || (a.kind === 'cols' && b.kind === 'rows')) &&
      JOIN.test(text.slice(a.end, b.start));
    if (!pair) {
      out.push(a);
      continue;
    }
    const inB = new Set(b.indices);
    const rowsFirst = a.kind === 'rows';
    // Keep the order of the rows phrase across, of the column phrase down.
    const base = rowsFirst ? a.indices : b.indices;
    const other = rowsFirst ? inB : new Set(a.indices);
    out.push({
      kind: 'block',
      text: text.slice(a.start, b.end),
      start: a.start,
      end: b.end,
      indices: base.filter((x) => other.has(x)),
    });
    i++;
  }
  return out;
}

/**
 * The words between two well phrases that narrow the first to the second: "the rest of row
 * B", "the empty wells in column 3", "the top half of col 2". The set named is the wells
 * both name.
 */
export const NARROWED = /^\s*(?:of|in|within|on|across)\s+(?:the\s+)?$/i;

// A set (empty, edge, inner, all) followed by "of"/"in" and a place names the wells of the
// set in that place: "the rest of row B" is row B's empty wells, not the plate's and row B.
function narrowSets(text: string, matches: RangeMatch[]): RangeMatch[] {
  const out: RangeMatch[] = [];
  for (let i = 0; i < matches.length; i++) {
    const a = matches[i];
    const b = matches[i + 1];
    if (!b || a.kind !== 'set' || b.kind === 'set' || !NARROWED.test(text.slice(a.end, b.start))) {
      out.push(a);
      continue;
    }
    const inSet = new Set(a.indices);
    out.push({
      kind: b.kind,
      text: text.slice(a.start, b.end),
      start: a.start,
      end: b.end,
      indices: b.indices.filter((x) => inSet.has(x)),
    });
    i++;
  }
  return out;
}

function unique(xs: number[]): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  for (const x of xs) {
    if (seen.has(x)) continue;
    seen.add(x);
    out.push(x);
  }
  return out;
}
