import { describe, expect, it } from 'vitest';
import { examples } from '../../../src/server/agent/interpreter/interpret';
import { decideTurn } from '../../../src/server/agent/plan/decide-turn';
import { context } from './agent-fixtures';

describe('the examples the assistant offers', () => {
  for (const format of [96, 384, 1536] as const) {
    it(`write the plate when typed on a ${format}-well plate (none is refused)`, () => {
      const ctx = context(format);
      const said = [...examples(ctx.defn).matchAll(/"([^"]+)"/g)].map((m) => m[1]);
      // the first three are writes: a reagent, a series, controls
      for (const request of said.slice(0, 3)) {
        const d = decideTurn(request, ctx);
        expect(d.reply ?? '', `${format}: ${request}`).not.toMatch(/Nothing (?:changed|written)/);
        expect(d.result?.changed.length ?? 0, `${format}: ${request}`).toBeGreaterThan(0);
      }
    });
  }
});
