/**
 * A count of wells with the region it takes them from: "the 32 empty wells of columns 1, 2,
 * 47 and 48", "32 DMSO controls in columns 1, 2, 47 and 48". A count smaller than the region
 * takes the region's empty wells when there are exactly that many, and otherwise is asked
 * about: it never writes over filled wells, and never more wells than it says. Pure.
 */
import type { WireWells } from '../../../domain/plate-wire';
import { AMOUNT_UNIT_SPELLING } from '../../../domain/units';
import type { ToolCall } from '../tools/tool-registry';

/** What the words said: how many wells, and whether only empty ones. */
export interface WellCount {
  /** the request without "the N empty wells of" (the region stays) */
  text: string;
  count?: number;
  emptyOnly: boolean;
}

// "the 32 empty wells of|in <region>": the region is read as itself, its empty wells taken.
const EMPTY_OF =
  /\b(?:the\s+)?(?:(\d{1,4})\s+)?(?:empty|unused|free|remaining)\s+wells\s+(?=(?:of|in)\s+(?:the\s+)?(?:rows?|col(?:umn)?s?|quadrant|[A-Za-z]{1,2}\d))(?:of|in)\s+/i;
// "32 DMSO negative controls", "16 wells", "3 blanks": a bare count before what it counts
// (not "8 points", not "96-well plate", not an amount (the domain's unit spellings) or a
// column number). Control wells counted by their kind ("3 blanks", "4 vehicles") count wells:
// "3 blanks in column 1" wrote all 8 wells of the column.
const COUNT = new RegExp(
  String.raw`(?<![\w.,:\-/=])(?<!\b(?:col(?:umn)?s?|rows?)\s+)(\d{1,4})\s+(?!${AMOUNT_UNIT_SPELLING}|(?:points?|pts?|-?fold|x)\b)(?:(?!(?:and|or|in|of|with|to|at|from|then)\b)[A-Za-z]+\s+){0,3}?(?:wells|controls|ctrls|blanks|vehicles|negatives|positives|neutrals)\b(?!\s*plates?\b)`,
  'i',
);

/** Reads a count of wells from the request, if it gives one. */
export function readWellCount(text: string): WellCount {
  const e = EMPTY_OF.exec(text);
  if (e)
    return {
      text: `${text.slice(0, e.index)}${text.slice(e.index + e[0].length)}`,
      count: e[1] ? Number(e[1]) : undefined,
      emptyOnly: true,
    };
  const c = COUNT.exec(text);
  return { text, count: c ? Number(c[1]) : undefined, emptyOnly: false };
}

const isEmpty = (wells: WireWells, id: string) =>
  Object.keys(wells[id]?.targets ?? {}).length === 0;

/**
 * The calls narrowed to the empty wells the count asks for; a question when the count and
 * the region do not agree. `changed` are the wells the calls would write.
 */
export function fitCount(
  calls: ToolCall[],
  changed: readonly string[],
  wells: WireWells,
  count: WellCount,
): { calls: ToolCall[] } | { question: string } {
  const n = count.count;
  if (!count.emptyOnly && (n === undefined || n === changed.length)) return { calls };
  const empty = changed.filter((id) => isEmpty(wells, id));
  const writes = calls.filter((c) => Array.isArray(c.args.wells));
  if ((n === undefined || n === empty.length) && writes.length === 1 && empty.length > 0) {
    const keep = new Set(empty);
    return {
      calls: calls.map((c) =>
        Array.isArray(c.args.wells)
          ? {
              ...c,
              args: { ...c.args, wells: (c.args.wells as string[]).filter((id) => keep.has(id)) },
            }
          : c,
      ),
    };
  }
  return {
    question:
      `You asked for ${n ?? 'the empty'} wells; the wells you named are ${changed.length}, ` +
      `${empty.length} of them empty. Which wells do you mean? Name them, e.g. "A1-A8".`,
  };
}
