// Runs the screening corpus through the assistant's pure path (parse -> plan -> check ->
// apply, no server) and grades each case: exact, a wrong write (the plate changed and is not
// what the scientist expected, or changed when nothing should have been written), or a miss
// (nothing wrong written, but not the expected change, question, refusal or answer).
import { plateDefn } from '../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWell, WireWells } from '../../../src/domain/plate-wire';
import { indexOfWellId } from '../../../src/domain/well-id';
import { catalogToBench } from '../../../src/server/agent/reagent-match';
import { decideTurn, type PendingQuestion } from '../../../src/server/agent/plan/decide-turn';
import { runCalls } from '../../../src/server/agent/run-calls';
import type { ToolContext } from '../../../src/server/agent/tools/tool-types';
import { context } from './agent-fixtures';
import { changedWells } from './corpus-check';
import type { ScreeningCase, Targets } from './request-corpus-screening';

export interface TurnState {
  ctx: ToolContext;
  history: WireWells[];
  pending?: PendingQuestion;
  reply: string;
  adds: string[];
}

/** One turn of a conversation on the pure path. */
export function turn(state: TurnState, text: string): TurnState {
  const d = decideTurn(text, state.ctx, state.pending);
  const base = { ...state, pending: d.question, adds: [] as string[] };
  if (d.calls.length === 0) return { ...base, reply: d.reply ?? '' };
  const r = d.result ?? runCalls(state.ctx, d.calls);
  if (r.error) return { ...base, reply: r.error };
  if (r.undo) {
    const history = [...state.history];
    const wells = history.pop() ?? state.ctx.wells;
    return { ...base, ctx: { ...state.ctx, wells }, history, reply: 'undone' };
  }
  if (!r.wells) return { ...base, reply: [...r.answers, d.reply ?? ''].filter(Boolean).join('\n') };
  const bench: BenchReagentInfo[] = [...state.ctx.bench, ...r.benchAdds.map(catalogToBench)];
  return {
    ctx: { ...state.ctx, wells: r.wells, bench },
    history: [...state.history, state.ctx.wells],
    pending: undefined,
    reply: r.summaries.join('\n'),
    adds: r.benchAdds.map((a) => a.slug),
  };
}

export type Grade = 'exact' | 'wrong-write' | 'miss';

export interface Graded {
  grade: Grade;
  why: string;
}

const VEHICLE = 'dmem';

function close(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
}

function checkWell(c: ScreeningCase, id: string, k: number, w: WireWell | undefined): string {
  const e = typeof c.holds === 'function' ? c.holds(id, k) : c.holds;
  if (e === 'empty') {
    const empty =
      !w ||
      (Object.keys(w.targets).length === 0 && !w.label && !w.sample && !(w.tags ?? []).length);
    return empty ? '' : `${id} not empty`;
  }
  if (!w) return `${id} missing`;
  if (e) {
    const want: Targets = e;
    const got = Object.keys(w.targets).filter((s) => s !== VEHICLE || s in want);
    const keys = Object.keys(want);
    if (got.toSorted().join() !== keys.toSorted().join())
      return `${id} holds ${got.join(',')} not ${keys.join(',')}`;
    for (const s of keys) {
      if (!close(w.targets[s].target_nM, want[s]))
        return `${id} ${s} ${w.targets[s].target_nM} nM not ${want[s]}`;
    }
  }
  for (const [s, uL] of Object.entries(c.liquid_uL ?? {}))
    if (!close(w.targets[s]?.volume_uL ?? null, uL)) return `${id} ${s} volume not ${uL}`;
  if (c.tol !== undefined)
    for (const [s, t] of Object.entries(w.targets))
      if (s !== VEHICLE && t.tol_pct !== c.tol) return `${id} ${s} tolerance ${t.tol_pct}`;
  for (const tag of c.tags ?? [])
    if (!(w.tags ?? []).includes(tag)) return `${id} lacks tag ${tag}`;
  return '';
}

/** Runs one case and grades it. */
export function gradeCase(c: ScreeningCase): Graded {
  const defn = plateDefn(c.format);
  const selection = c.selection?.map((id) => indexOfWellId(id, defn));
  let s: TurnState = { ctx: context(c.format, {}, selection), history: [], reply: '', adds: [] };
  for (const t of c.setup ?? []) s = turn(s, t);
  const before = s.ctx.wells;
  let after: TurnState;
  try {
    after = turn(s, c.request);
  } catch (e) {
    return { grade: 'miss', why: `threw ${String(e)}` };
  }
  return gradeOutcome(c, {
    before,
    after: after.ctx.wells,
    reply: after.reply,
    asked: after.pending !== undefined,
    adds: after.adds,
  });
}

/** What a turn did, wherever it ran (pure path or server). */
export interface Outcome {
  before: WireWells;
  after: WireWells;
  reply: string;
  /** the turn left a question open */
  asked: boolean;
  adds: string[];
}

/** Grades what a turn did against what the case expects. */
export function gradeOutcome(c: ScreeningCase, o: Outcome): Graded {
  const changed = changedWells(o.before, o.after);
  const noWrite = c.asks ?? c.refused ?? c.answer;
  if (noWrite) {
    if (changed.length > 0) return { grade: 'wrong-write', why: `wrote ${changed.length} wells` };
    if (!noWrite.test(o.reply)) return { grade: 'miss', why: `reply: ${o.reply}` };
    for (const ch of c.choices ?? [])
      if (!ch.test(o.reply)) return { grade: 'miss', why: `no choice ${ch}: ${o.reply}` };
    if (c.asks && !o.asked) return { grade: 'miss', why: 'no question kept' };
    return { grade: 'exact', why: '' };
  }
  if (changed.length === 0) return { grade: 'miss', why: `nothing written: ${o.reply}` };
  const want = c.changed ?? [];
  if (changed.toSorted().join() !== [...want].toSorted().join())
    return {
      grade: 'wrong-write',
      why: `wells ${changed.length} (${changed.slice(0, 6).join(',')}) not ${want.length}`,
    };
  for (const [k, id] of want.entries()) {
    const why = checkWell(c, id, k, o.after[id]);
    if (why) return { grade: 'wrong-write', why };
  }
  if (o.adds.toSorted().join() !== (c.benchAdds ?? []).toSorted().join())
    return { grade: 'wrong-write', why: `bench adds ${o.adds.join(',')}` };
  return { grade: 'exact', why: '' };
}
