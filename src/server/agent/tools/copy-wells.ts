/**
 * Copies or moves well contents: the n-th source well goes to the n-th destination well
 * (contents, label, sample and tags as they are); a move empties the sources that are not
 * also destinations. Both lists must be the same size, so a block keeps its shape. Pure.
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
  const changed = [...new Set([...(a.move ? from : []), ...to])].filter(
    (id) => JSON.stringify(wells[id] ?? null) !== JSON.stringify(ctx.wells[id] ?? null),
  );
  return {
    kind: 'change',
    wells,
    summary: `${a.move ? 'Moved' : 'Copied'} ${summarizeIds(from)} to ${summarizeIds(to)}`,
    changed,
    plateOps: putOf(wells, changed),
    ops: [],
    benchAdds: [],
    warnings: [],
  };
}
