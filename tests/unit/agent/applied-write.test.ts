// The assistant's write stores the wells its turn applied (AppliedOps) instead of applying
// its ops again: the plate written that way must be the plate the writer's own application
// of the same ops gives, to the byte (wells, hash, changed and emptied wells, logged ops).
import { describe, expect, it } from 'vitest';
import { fillLiquid } from '../../../src/domain/dispensing/fill-liquid';
import { decideTurn } from '../../../src/server/agent/plan/decide-turn';
import { buildLivePlate, type LivePlate } from '../../../src/server/plate/live-plate';
import { editLivePlate, type BenchFactsLike } from '../../../src/server/plate/plate-writer';
import type { ToolContext } from '../../../src/server/agent/tools/tool-types';
import { BENCH, context } from './agent-fixtures';

const bench: BenchFactsLike = {
  infos: BENCH,
  key: 'bench',
  dispensing: null,
  vehicle: fillLiquid(BENCH, 'dmem').slug,
};

function turn(live: LivePlate, request: string) {
  const ctx: ToolContext = { ...context(1536, live.wire), wells: live.wire };
  const d = decideTurn(request, ctx);
  const r = d.result;
  if (!r?.wells || r.error || !r.expanded) throw new Error(`"${request}": ${d.reply ?? r?.error}`);
  const edit = { ops: r.plateOps };
  const again = editLivePlate(live, edit, bench);
  const applied = editLivePlate(
    live,
    {
      ...edit,
      applied: {
        base: live,
        vehicle: bench.vehicle!,
        ops: r.expanded,
        wells: r.wells,
        touched: r.changed,
      },
    },
    bench,
  );
  if (!again.ok || !applied.ok) throw new Error(`"${request}" refused by the writer`);
  return { again, applied };
}

describe('a turn written from its own application', () => {
  it('stores what applying its ops again stores', () => {
    let live = buildLivePlate(context(1536).defn, {}, 1, BENCH, 'bench');
    const requests = [
      'add 1 uM compound B to A1:AF48',
      'positive controls in column 48: 1 uM staurosporine',
      'negative controls in column 47',
      '3-fold dilution of compound A from 30 uM across row B, 10 points',
      'add 1 uM staurosporine to every other column',
      'replace staurosporine with 5 uM compound A',
      'fill column 2 with DMEM to 10 uL',
      'clear rows AA to AF',
      'remove compound B from column 5',
      'tag column 24 as REF',
    ];
    let checked = 0;
    for (const request of requests) {
      const { again, applied } = turn(live, request);
      if (!again.ok || !applied.ok) throw new Error('refused');
      expect(applied.changed, request).toEqual(again.changed);
      expect(applied.removed, request).toEqual(again.removed);
      expect(applied.ops, request).toEqual(again.ops);
      expect(applied.next.state.hash, request).toBe(again.next.state.hash);
      expect(applied.next.wellJson, request).toEqual(again.next.wellJson);
      expect(applied.next.state.indices, request).toEqual(again.next.state.indices);
      checked += applied.changed.length + applied.removed.length;
      live = applied.next;
    }
    expect(checked).toBeGreaterThan(3000);
  }, 60_000);

  it('applies the ops itself on another base', () => {
    const live = buildLivePlate(context(1536).defn, {}, 1, BENCH, 'bench');
    const other = buildLivePlate(context(1536).defn, {}, 1, BENCH, 'bench');
    const ctx: ToolContext = { ...context(1536, live.wire), wells: live.wire };
    const r = decideTurn('add 1 uM compound B to column 2', ctx).result!;
    // wells that claim to be the ops' result but are not: used only on their own base
    const applied = {
      base: other,
      vehicle: 'dmem',
      ops: r.expanded!,
      wells: {},
      touched: r.changed,
    };
    const edited = editLivePlate(live, { ops: r.plateOps, applied }, bench);
    expect(edited.ok && edited.changed.length).toBe(32);
  });
});
