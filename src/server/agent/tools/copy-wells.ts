/**
 * Copies, moves or swaps well contents: the n-th source well goes to the n-th destination
 * well (contents, label, sample and tags as they are); a move empties the sources that are
 * not also destinations; a swap also brings the n-th destination back to the n-th source.
 * Both lists must be the same size, so a block keeps its shape. Pure.
 */
import type { WireWells } from '../../../domain/plate-wire';
import { putOf } from './apply-plan';
import { checkWells } from './plate-tools';
import { toolError, type ToolContext, type ToolOutcome } from './tool-types';
import { summarizeIds } from './well-list';

export interface CopyArgs {
  from: string[];
  to: string[];
  move?: boolean | null;
  /** exchange the two lists' contents (they must not share a well) */
  swap?: boolean | null;
}

export function copyWells(ctx: ToolContext, a: CopyArgs): ToolOutcome {
  const from = checkWells(ctx, a.from);
  if (typeof from === 'string') return toolError(from);
  const to = checkWells(ctx, a.to);
  if (typeof to === 'string') return toolError(to);
  if (from.length !== to.length)
    return toolError(
      `${summarizeIds(from)} (${from.length} wells) and ${summarizeIds(to)} (${to.length} wells) differ in size; name a destination of the same shape`,
    );
  if (a.swap) return swapWells(ctx, from, to);
  const held = from.filter((id) => ctx.wells[id]);
  if (held.length === 0)
    return toolError(`${summarizeIds(from)} hold nothing to ${a.move ? 'move' : 'copy'}`);
  const wells: WireWells = { ...ctx.wells };
  const dest = new Set(to);
  if (a.move) for (const id of from) if (!dest.has(id)) delete wells[id];
  from.forEach((id, k) => {
    const w = ctx.wells[id];
    if (w) wells[to[k]] = structuredClone(w);
    else delete wells[to[k]];
  });
  return wellsChange(
    ctx,
    wells,
    [...(a.move ? from : []), ...to],
    `${a.move ? 'Moved' : 'Copied'} ${summarizeIds(from)} to ${summarizeIds(to)}`,
  );
}

/** "swap row A with row B": each well of one list takes its partner's contents. */
function swapWells(ctx: ToolContext, from: string[], to: string[]): ToolOutcome {
  const dest = new Set(to);
  const shared = from.filter((id) => dest.has(id));
  if (shared.length > 0)
    return toolError(
      `${summarizeIds(shared)} ${shared.length === 1 ? 'is' : 'are'} on both sides of the swap; name two sets of wells that do not overlap`,
    );
  if (!from.some((id) => ctx.wells[id]) && !to.some((id) => ctx.wells[id]))
    return toolError(`${summarizeIds(from)} and ${summarizeIds(to)} hold nothing to swap`);
  const wells: WireWells = { ...ctx.wells };
  const place = (id: string, w: WireWells[string] | undefined) => {
    if (w) wells[id] = structuredClone(w);
    else delete wells[id];
  };
  from.forEach((id, k) => {
    place(id, ctx.wells[to[k]]);
    place(to[k], ctx.wells[id]);
  });
  return wellsChange(
    ctx,
    wells,
    [...from, ...to],
    `Swapped ${summarizeIds(from)} with ${summarizeIds(to)}`,
  );
}

/** The outcome of a copy, move or swap: the wells whose contents really changed. */
function wellsChange(
  ctx: ToolContext,
  wells: WireWells,
  touched: string[],
  summary: string,
): ToolOutcome {
  const changed = [...new Set(touched)].filter(
    (id) => JSON.stringify(wells[id] ?? null) !== JSON.stringify(ctx.wells[id] ?? null),
  );
  return {
    kind: 'change',
    wells,
    summary,
    changed,
    plateOps: putOf(wells, changed),
    ops: [],
    benchAdds: [],
    warnings: [],
  };
}
