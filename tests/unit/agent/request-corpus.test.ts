// The request corpus through the interpreter and the tools (no server): each request makes
// exactly the change it should, or answers, or refuses with nothing changed.
import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import type { WireWells } from '../../../src/domain/plate-wire';
import { indexOfWellId } from '../../../src/domain/well-id';
import { decideTurn } from '../../../src/server/agent/plan/decide-turn';
import { runCalls } from '../../../src/server/agent/run-calls';
import { catalogToBench } from '../../../src/server/agent/reagent-match';
import type { ToolContext } from '../../../src/server/agent/tools/tool-types';
import { context } from './agent-fixtures';
import { expectChange } from './corpus-check';
import { CORPUS } from './request-corpus';

interface Turn {
  ctx: ToolContext;
  history: WireWells[];
  reply: string;
  adds: string[];
}

function turn(state: Turn, text: string): Turn {
  const i = decideTurn(text, state.ctx);
  if (i.calls.length === 0) return { ...state, reply: i.reply ?? '', adds: [] };
  const r = runCalls(state.ctx, i.calls);
  if (r.error) return { ...state, reply: r.error, adds: [] };
  if (r.undo) {
    const history = [...state.history];
    const wells = history.pop() ?? state.ctx.wells;
    return { ctx: { ...state.ctx, wells }, history, reply: 'undone', adds: [] };
  }
  if (!r.wells) return { ...state, reply: r.answers.join('\n'), adds: [] };
  const bench = [...state.ctx.bench, ...r.benchAdds.map(catalogToBench)];
  return {
    ctx: { ...state.ctx, wells: r.wells, bench },
    history: [...state.history, state.ctx.wells],
    reply: r.summaries.join('\n'),
    adds: r.benchAdds.map((a) => a.slug),
  };
}

describe('request corpus (parse, plan, check + tools)', () => {
  it('holds at least 60 requests on 96, 384 and 1536 plates', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CORPUS.map((c) => c.format))).toEqual(new Set([96, 384, 1536]));
  });

  CORPUS.forEach((c, n) => {
    it(`#${n + 1} (${c.format}) ${c.request.slice(0, 70) || '(empty)'}`, () => {
      const defn = plateDefn(c.format);
      const selection = c.selection?.map((id) => indexOfWellId(id, defn));
      let state: Turn = { ctx: context(c.format, {}, selection), history: [], reply: '', adds: [] };
      for (const s of c.setup ?? []) {
        const before = state.ctx.wells;
        state = turn(state, s);
        expect(state.ctx.wells, `setup "${s}" changed the plate: ${state.reply}`).not.toBe(before);
      }
      const before = state.ctx.wells;
      const after = turn(state, c.request);
      if (c.refused) {
        expect(after.reply).toMatch(c.refused);
        expect(after.ctx.wells).toBe(before);
        return;
      }
      if (c.answer) {
        expect(after.reply).toMatch(c.answer);
        expect(after.ctx.wells).toBe(before);
        return;
      }
      expectChange(c, before, after.ctx.wells, after.ctx.bench);
      expect(after.adds).toEqual(c.benchAdds ?? []);
    });
  });
});
