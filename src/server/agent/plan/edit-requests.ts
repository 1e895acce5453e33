/**
 * Edits of what is already on the plate: replace one reagent by another, change a
 * reagent's concentration, move, copy or swap wells. Each reads to tool calls, a question or a
 * refusal. Pure.
 */
import { findConcentrations } from '../../../domain/quantities';
import { MOLAR_UNIT_SPELLING } from '../../../domain/units';
import { findReagents } from '../../../domain/reagent-names';
import { buildCandidates, type ReagentMention } from '../reagent-match';
import type { ToolCall } from '../tools/tool-registry';
import type { ToolContext } from '../tools/tool-types';
import { idsOf } from '../../../domain/layout/well-list';
import { indexOfWellId } from '../../../domain/well-id';
import { blank, namedWells } from '../../../domain/plate/well-set-sentence';
import type { PhraseContext } from '../../../domain/plate/well-set-sentence';

export type EditReading =
  | { kind: 'calls'; calls: ToolCall[] }
  | { kind: 'ask'; question: string }
  | { kind: 'refuse'; reason: string };

const REPLACE =
  /^\s*(?:please\s+)?(?:replace|swap|substitute|exchange|switch)\s+(?:out\s+)?(.+?)\s+(?:with|for|by)\s+(.+?)\s*$/i;
const CHANGE = new RegExp(
  String.raw`^\s*(?:please\s+)?(?:change|set|adjust|update|make|bump|raise|increase|lower|reduce)\s+(?:the\s+)?(?:concentration\s+of\s+)?(.+?)\s+to\s+((?:\d+(?:\.\d+)?|\.\d+)\s*${MOLAR_UNIT_SPELLING})\s*$`,
  'i',
);
const asc = (a: number, b: number) => a - b;
// "shift column 3 over to column 5" moves it.
const MOVE =
  /^\s*(?:please\s+)?(move|copy|duplicate|transfer|shift)\s+(.+?)\s+(?:over\s+)?(?:to|into|onto)\s+(.+?)\s*$/i;

// The wells that hold a reagent, among those `words` name ("in column 1 only") if any.
function holding(
  ctx: ToolContext,
  pc: PhraseContext,
  r: ReagentMention,
  words: string,
): string[] | EditReading {
  const named = namedWells(words, pc);
  if (named.error) return { kind: 'refuse', reason: named.error };
  const within = named.indices.length > 0 ? new Set(named.indices) : undefined;
  const wells = Object.entries(ctx.wells)
    .filter(
      ([id, w]) => w.targets[r.ref.slug] && (!within || within.has(indexOfWellId(id, ctx.defn))),
    )
    .map(([id]) => id);
  return wells.length > 0 ? wells : { kind: 'refuse', reason: `No wells hold ${r.ref.name}` };
}

// Wells copied, moved or swapped, each list in plate order.
function copyCall(
  ctx: ToolContext,
  from: number[],
  to: number[],
  how: 'move' | 'swap',
  yes: boolean,
): EditReading {
  const [a, b] = [idsOf(ctx.defn, from.toSorted(asc)), idsOf(ctx.defn, to.toSorted(asc))];
  return { kind: 'calls', calls: [{ name: 'copy_wells', args: { from: a, to: b, [how]: yes } }] };
}

const SWAP =
  /^\s*(?:please\s+)?(?:swap|exchange|switch)\s+(?:the\s+)?(?:contents\s+of\s+)?(.+?)\s*$/i;

/** Wells grouped by one coordinate (row or column), in plate order. */
function groupsBy(indices: number[], key: (i: number) => number): number[][] {
  const groups = new Map<number, number[]>();
  for (const i of indices.toSorted(asc)) {
    const group = groups.get(key(i));
    if (group) group.push(i);
    else groups.set(key(i), [i]);
  }
  return [...groups.values()];
}

/**
 * "swap A1 and A2", "swap row A with row B", "swap rows A and B", "switch columns 3 and 4":
 * two sets of wells of one size exchange contents. Null when the request names a reagent
 * (that is a replacement: "swap stauro for compound B") or is not a swap of wells.
 */
function readSwap(
  text: string,
  ctx: ToolContext,
  pc: PhraseContext,
  candidates: ReturnType<typeof buildCandidates>,
): EditReading | null {
  const m = SWAP.exec(text);
  if (!m || findReagents(m[1], candidates).length > 0) return null;
  const body = m[1];
  const pairs: [number[], number[]][] = [];
  for (const sep of body.matchAll(/\s+(?:with|and)\s+/gi)) {
    const left = namedWells(body.slice(0, sep.index), pc);
    const right = namedWells(body.slice(sep.index + sep[0].length), pc);
    if (left.error || right.error || left.ambiguous || right.ambiguous) continue;
    const [a, b] = [left.indices, right.indices];
    if (a.length > 0 && a.length === b.length) pairs.push([a, b]);
  }
  if (pairs.length === 0) {
    // "rows A and B", "columns 3 and 4", "A1 and A2": one phrase naming two rows, columns or wells
    const all = namedWells(body, pc);
    if (all.error || all.ambiguous || all.indices.length === 0) return null;
    const cols = ctx.defn.cols;
    const split = [
      groupsBy(all.indices, (i) => Math.floor(i / cols)),
      groupsBy(all.indices, (i) => i % cols),
      all.indices.length === 2 ? all.indices.toSorted(asc).map((i) => [i]) : [],
    ].find((g) => g.length === 2 && g[0].length === g[1].length);
    if (!split) return null;
    pairs.push([split[0], split[1]]);
  }
  if (pairs.length > 1)
    return {
      kind: 'ask',
      question: 'Which two sets of wells should swap? Name them, e.g. "row A with row B".',
    };
  return copyCall(ctx, pairs[0][0], pairs[0][1], 'swap', true);
}

/** Replace, change, move, copy or swap; null when the request is none of these. */
export function readEdit(text: string, ctx: ToolContext, pc: PhraseContext): EditReading | null {
  const candidates = buildCandidates(ctx.bench, ctx.catalog ?? []);
  const swap = readSwap(text, ctx, pc, candidates);
  if (swap) return swap;
  const rep = REPLACE.exec(text);
  if (rep) {
    const olds = findReagents(rep[1], candidates);
    const news = findReagents(rep[2], candidates);
    if (olds.length === 0) return null;
    const old = olds[0];
    if (news.length === 0) {
      const word = /([A-Za-z][\w-]*)\s*$/.exec(rep[2].replace(/\b(?:in|at)\b.*$/i, '').trim());
      return {
        kind: 'refuse',
        reason: `I don't know a reagent called "${word?.[1] ?? rep[2]}"; nothing replaced`,
      };
    }
    const nu = news[0];
    const conc = findConcentrations(rep[2])[0];
    // Wells the request names ("in column 1 only") narrow the wells that hold the old one.
    const wells = holding(ctx, pc, old, rep[2].slice(nu.end));
    if (!Array.isArray(wells)) return wells;
    if (!conc || conc.nM == null)
      return {
        kind: 'ask',
        question: `At what concentration should ${nu.ref.name} replace ${old.ref.name} (e.g. "5 uM")?`,
      };
    return {
      kind: 'calls',
      calls: [
        { name: 'remove_reagent', args: { wells, reagent: old.ref.name } },
        { name: 'set_reagent', args: { wells, reagent: nu.ref.name, target_nM: conc.nM } },
      ],
    };
  }
  const ch = CHANGE.exec(text);
  if (ch) {
    const names = findReagents(ch[1], candidates);
    const conc = findConcentrations(ch[2])[0];
    if (names.length === 1 && conc?.nM != null) {
      const r = names[0];
      const wells = holding(ctx, pc, r, blank(ch[1], r.start, r.end));
      if (!Array.isArray(wells)) return wells;
      return {
        kind: 'calls',
        calls: [{ name: 'set_reagent', args: { wells, reagent: r.ref.name, target_nM: conc.nM } }],
      };
    }
  }
  const mv = MOVE.exec(text);
  if (mv) {
    const from = namedWells(mv[2], pc);
    const to = namedWells(mv[3], pc);
    const err = from.error ?? to.error;
    if (err) return { kind: 'refuse', reason: err };
    if (from.ambiguous || to.ambiguous)
      return {
        kind: 'ask',
        question: 'Which wells exactly? Name them, e.g. "column 3 to column 4".',
      };
    if (from.indices.length === 0 || to.indices.length === 0) return null;
    const move = /^(?:move|transfer|shift)$/i.test(mv[1]);
    return copyCall(ctx, from.indices, to.indices, 'move', move);
  }
  return null;
}
