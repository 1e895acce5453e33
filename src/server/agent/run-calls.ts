/**
 * Runs a list of tool calls as one change: each call sees the wells the previous ones left;
 * the first refusal stops everything and nothing of the turn is applied. Pure.
 */
import type { WireWells } from '../../domain/plate-wire';
import { fillLiquid } from '../../domain/dispensing/fill-liquid';
import { catalogToBench } from './reagent-match';
import { runTool, type ToolCall } from './tools/tool-registry';
import type { ToolChange, ToolContext } from './tools/tool-types';

/**
 * What a list of calls did: the changes' fields gathered over the calls, plateOps every
 * change's in order (what the turn writes), expanded only when every change gave its own
 * (the write then applies none again).
 */
export interface CallsResult extends Pick<
  ToolChange,
  'changed' | 'plateOps' | 'expanded' | 'ops' | 'benchAdds' | 'warnings'
> {
  /** the next wells; undefined when nothing changed */
  wells?: WireWells;
  /** one line per change */
  summaries: string[];
  /** answers to questions */
  answers: string[];
  /** the refusal that stopped the turn */
  error?: string;
  /** the turn asked to undo the last change */
  undo: boolean;
}

/** A result with nothing in it yet. */
function empty(): CallsResult {
  return {
    summaries: [],
    answers: [],
    changed: [],
    plateOps: [],
    expanded: [],
    ops: [],
    benchAdds: [],
    warnings: [],
    undo: false,
  };
}

/** Applies the calls in order on a copy of the context; stops at the first refusal. */
export function runCalls(ctx: ToolContext, calls: readonly ToolCall[]): CallsResult {
  const out = empty();
  let cur: ToolContext = { ...ctx, baseWells: ctx.baseWells ?? ctx.wells };
  const changed = new Set<string>();
  for (const call of calls) {
    if (call.name === 'undo') {
      out.undo = true;
      continue;
    }
    const r = runTool(cur, call);
    if (r.kind === 'error') {
      const { answers, warnings, undo } = out;
      return { ...empty(), answers, warnings, undo, expanded: undefined, error: r.message };
    }
    if (r.kind === 'answer') {
      out.answers.push(r.text);
      continue;
    }
    const bench = [...cur.bench];
    for (const add of r.benchAdds) {
      if (bench.some((b) => b.slug === add.slug)) continue;
      bench.push(catalogToBench(add));
      out.benchAdds.push(add);
    }
    cur = { ...cur, wells: r.wells, bench };
    out.wells = r.wells;
    out.summaries.push(r.summary);
    for (const id of r.changed) {
      if (changed.has(id)) continue;
      changed.add(id);
      out.changed.push(id);
    }
    out.plateOps.push(...r.plateOps);
    out.expanded = out.expanded && r.expanded ? [...out.expanded, ...r.expanded] : undefined;
    out.ops.push(...r.ops);
    out.warnings.push(...r.warnings);
  }
  const fill = fillNote(ctx, out);
  if (fill) out.warnings.push(fill);
  return out;
}

/**
 * Which liquid filled the wells, when it is not a medium or buffer of the bench (water, with
 * none on it): the reply says so rather than leave the wells' bulk unnamed.
 */
function fillNote(ctx: ToolContext, out: CallsResult): string | undefined {
  if (!out.wells || out.changed.length === 0) return undefined;
  const fill = fillLiquid(ctx.bench, ctx.vehicleSlug);
  const kind = ctx.bench.find((b) => b.slug === fill.slug)?.type;
  if (kind === 'media' || kind === 'buffer') return undefined;
  const filled = out.changed.some(
    (id) => out.wells?.[id]?.targets[fill.slug] && !ctx.wells[id]?.targets[fill.slug],
  );
  if (!filled) return undefined;
  return `${fill.name} fills the wells, as the bench has no medium or buffer without a stock concentration: add one to fill with it instead`;
}
