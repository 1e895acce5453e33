/**
 * Questions about the plate: what a well holds, which wells are unmet, how much of a reagent
 * a set of wells holds, where a reagent is, what the plate holds overall. Answers only.
 */
import { formatConcentration, formatVolume } from '../../../domain/accuracy';
import { workingStockLabel } from '../../../domain/dispensing/protocol-steps';
import { vehiclePct } from '../../../domain/chemistry';
import { computeMetrics, metricsInputFromPlate } from '../../../domain/metrics-kernel';
import { isUnmetStatus, isUnmetStatusName } from '../../../domain/prediction';
import { computePlateState, dispensedVolumeUL, type StateWell } from '../../../domain/plate-state';
import { idOfIndex } from '../../../domain/well-id';
import type { WireWells } from '../../../domain/plate-wire';
import { resolveReagent } from '../reagent-match';
import { pct } from '../plan/check';
import { checkWells } from './plate-tools';
import { toolError, type ToolContext, type ToolOutcome } from './tool-types';
import { summarizeIds } from './well-list';
import { inWellOrder } from '../../../domain/plate/well-order';

const MAX_LISTED = 8;

// Which wells are unmet are the plate's unmet marks (a warning or an error status): those
// the server computed with the plate when the turn's wells are the stored plate, else from
// the metrics kernel alone (typed arrays, no per-well objects). The full state is computed
// only for the few wells an answer describes. Row-major, as the plate lists its wells.
function unmetIds(ctx: ToolContext): string[] {
  if (ctx.computed?.wells === ctx.wells) return inWellOrder(ctx.defn, ctx.computed.unmet);
  // as the plate shows it: the experiment's settings (null: the format's defaults)
  const m = computeMetrics(
    metricsInputFromPlate(ctx.defn, ctx.wells, ctx.bench, ctx.dispensing ?? null),
  );
  const out: string[] = [];
  for (let w = 0; w < m.status.length; w++)
    if (isUnmetStatus(m.status[w])) out.push(idOfIndex(ctx.defn, w));
  return out;
}

function stateOf(ctx: ToolContext, only?: readonly string[]) {
  let wells: WireWells = ctx.wells;
  if (only) {
    wells = {};
    for (const id of only) if (ctx.wells[id]) wells[id] = ctx.wells[id];
  }
  // The answers read wells and indices, never the hash; volumes and predictions as the
  // plan dispenses them (the experiment's settings; null: the format's defaults).
  return computePlateState({
    defn: ctx.defn,
    wells,
    version: 0,
    bench: ctx.bench,
    hasher: null,
    dispensing: ctx.dispensing ?? null,
  });
}

function describeWell(id: string, w: StateWell | undefined): string {
  if (!w || Object.keys(w.targets).length === 0) {
    const notes = w && w.tags.length > 0 ? ` (tags ${w.tags.join(', ')})` : '';
    return `${id} is empty${notes}.`;
  }
  // Targets first, then plain liquids, each by name: stored wells keep no key order.
  const name = (slug: string) => w.metrics.reagentDisplayNames[slug] ?? slug;
  const entries = Object.entries(w.targets).toSorted(
    ([a, ta], [b, tb]) =>
      Number(ta.target_nM == null) - Number(tb.target_nM == null) || name(a).localeCompare(name(b)),
  );
  const parts = entries.map(([slug, t]) => {
    // the volume as dispensed (a medium on the bulk dispenser's steps), shown by its band
    const vol = formatVolume(dispensedVolumeUL(w, slug));
    if (t.target_nM == null) return `${name(slug)} ${vol}`;
    const p = w.predicted[slug];
    const pred = p
      ? `predicted ${formatConcentration(p.nM, t.volume_uL)}, ${t.status}`
      : 'no prediction';
    const ws = t.dilution ? ` of the ${workingStockLabel(name(slug), t.dilution)}` : '';
    return `${name(slug)} ${formatConcentration(t.target_nM)} (${vol}${ws}; ${pred})`;
  });
  const extra: string[] = [`total ${formatVolume(w.metrics.volumeUl)}`];
  if (w.vehicle_vv_pct > 0) extra.push(`solvent ${pct(w.vehicle_vv_pct)} v/v`);
  if (w.broken.length > 0) extra.push(`unmet: ${w.broken.join(', ').replace(/_/g, ' ')}`);
  if (w.tags.length > 0) extra.push(`tags ${w.tags.join(', ')}`);
  if (w.label) extra.push(`label "${w.label}"`);
  if (w.sample) extra.push(`sample "${w.sample}"`);
  return `${id}: ${parts.join('; ')}; ${extra.join('; ')}.`;
}

/** What the wells hold: reagents, targets, predictions, volume, tags. */
export function describeWells(ctx: ToolContext, a: { wells: string[] }): ToolOutcome {
  const ids = checkWells(ctx, a.wells);
  if (typeof ids === 'string') return toolError(ids);
  const state = stateOf(ctx, ids.slice(0, MAX_LISTED));
  const lines = ids.slice(0, MAX_LISTED).map((id) => describeWell(id, state.wells[id]));
  if (ids.length > MAX_LISTED) {
    const filled = ids.filter((id) => ctx.wells[id]).length;
    lines.push(
      `…and ${ids.length - MAX_LISTED} more (${filled} of the ${ids.length} wells hold something).`,
    );
  }
  return { kind: 'answer', text: lines.join('\n') };
}

/** Wells whose targets or constraints are not met, with the reason. */
export function listUnmet(ctx: ToolContext): ToolOutcome {
  const unmet = unmetIds(ctx);
  const state = stateOf(ctx, unmet.slice(0, MAX_LISTED));
  if (unmet.length === 0) return { kind: 'answer', text: 'All targets are met: no unmet wells.' };
  const reasons = unmet.slice(0, MAX_LISTED).map((id) => {
    const w = state.wells[id];
    const why = [
      ...w.broken.map((b) => b.replace(/_/g, ' ')),
      ...Object.entries(w.targets)
        .filter(([, t]) => isUnmetStatusName(t.status))
        .map(([slug, t]) => {
          const p = w.predicted[slug];
          return `${w.metrics.reagentDisplayNames[slug] ?? slug} predicted ${p ? formatConcentration(p.nM) : '—'} for ${formatConcentration(t.target_nM ?? 0)}`;
        }),
    ];
    return `${id} (${why.join(', ')})`;
  });
  const more = unmet.length > MAX_LISTED ? `, and ${unmet.length - MAX_LISTED} more` : '';
  return {
    kind: 'answer',
    text: `${unmet.length} unmet well${unmet.length === 1 ? '' : 's'}: ${reasons.join('; ')}${more}.`,
  };
}

/** How much of a reagent the wells hold: volume per well, total, % v/v. */
export function reagentAmount(
  ctx: ToolContext,
  a: { reagent: string; wells?: string[] | null },
): ToolOutcome {
  const ref = resolveReagent(a.reagent, ctx.bench);
  if (!ref || ref.source !== 'bench')
    return toolError(`"${a.reagent}" is not on the bench, so no well holds it.`);
  const ids = a.wells && a.wells.length > 0 ? checkWells(ctx, a.wells) : Object.keys(ctx.wells);
  if (typeof ids === 'string') return toolError(ids);
  const holding = ids.filter((id) => ctx.wells[id]?.targets[ref.slug]);
  const where = a.wells && a.wells.length > 0 ? summarizeIds(ids) : 'the plate';
  if (holding.length === 0) return { kind: 'answer', text: `No ${ref.name} in ${where}.` };
  const state = stateOf(ctx, holding);
  let total = 0;
  const per = new Set<string>();
  const pcts: number[] = [];
  const loads: number[] = [];
  for (const id of holding) {
    const w = state.wells[id];
    const v = w.targets[ref.slug].volume_uL;
    total += v;
    per.add(formatVolume(v));
    pcts.push(vehiclePct(v, w.metrics.volumeUl));
    loads.push(w.vehicle_vv_pct);
  }
  const lo = Math.min(...pcts);
  const hi = Math.max(...pcts);
  const vv = lo === hi ? pct(lo) : `${pct(lo)} to ${pct(hi)}`;
  const perWell =
    per.size === 1 ? `${[...per][0]} per well` : `${[...per].slice(0, 4).join(', ')} per well`;
  const loadHi = Math.max(...loads);
  const load =
    ref.reagent.type === 'solvent' && loadHi > hi + 1e-9
      ? `; total solvent load up to ${pct(loadHi)} v/v`
      : '';
  return {
    kind: 'answer',
    text:
      `${ref.name} in ${where}: ${holding.length} well${holding.length === 1 ? '' : 's'}, ${perWell} ` +
      `(${vv} v/v), ${formatVolume(total)} in all${load}.`,
  };
}

/** Which wells hold a reagent. */
export function whereIs(ctx: ToolContext, a: { reagent: string }): ToolOutcome {
  const ref = resolveReagent(a.reagent, ctx.bench);
  if (!ref || ref.source !== 'bench')
    return toolError(`"${a.reagent}" is not on the bench, so no well holds it.`);
  const ids = Object.keys(ctx.wells).filter((id) => ctx.wells[id].targets[ref.slug]);
  if (ids.length === 0) return { kind: 'answer', text: `No well holds ${ref.name}.` };
  return {
    kind: 'answer',
    text: `${ref.name} is in ${summarizeIds(ids)}${ids.length > 6 ? `: ${ids.slice(0, 24).join(', ')}${ids.length > 24 ? ', …' : ''}` : ''}.`,
  };
}

/** An overview: wells filled, reagents used and how often, unmet count. */
export function plateSummary(ctx: ToolContext): ToolOutcome {
  const filled = Object.keys(ctx.wells).length;
  if (filled === 0) return { kind: 'answer', text: `The ${ctx.defn.format}-well plate is empty.` };
  const names = new Map(ctx.bench.map((b) => [b.slug, b.name]));
  const counts = new Map<string, number>();
  for (const w of Object.values(ctx.wells))
    for (const slug of Object.keys(w.targets)) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  const used = [...counts]
    .toSorted(([a], [b]) => (names.get(a) ?? a).localeCompare(names.get(b) ?? b))
    .map(([slug, n]) => `${names.get(slug) ?? slug} (${n})`)
    .join(', ');
  const unmet = unmetIds(ctx).length;
  return {
    kind: 'answer',
    text:
      `${filled} of ${ctx.defn.rows * ctx.defn.cols} wells hold something. Reagents: ${used}. ` +
      (unmet > 0 ? `${unmet} unmet well${unmet === 1 ? '' : 's'}.` : 'All targets are met.'),
  };
}
