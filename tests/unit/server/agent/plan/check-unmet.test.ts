// A well the plan cannot meet is never dispensed, so the assistant does not write it: a
// volume under the instrument's least is refused in the words of the plate's unmet reason,
// with the least % that can be dispensed, and that % is met (a % the steps cannot make is
// not rounded to another: it is refused too). Worked by hand from the
// format's default instruments: a 96-well pipette of 0.5 uL at least, 1536 wells acoustic
// (2.5 nL droplets).
import { describe, expect, it } from 'vitest';
import { planAccuracyOf, withPlanStatus } from '../../../../../src/domain/dispensing/plan-status';
import { computePlateState } from '../../../../../src/domain/plate-state';
import type { WireWells } from '../../../../../src/domain/plate-wire';
import { decideTurn } from '../../../../../src/server/agent/plan/decide-turn';
import { runCalls } from '../../../../../src/server/agent/run-calls';
import type { ToolContext } from '../../../../../src/server/agent/tools/tool-types';
import { context } from '../../../agent/agent-fixtures';

/** The plate's unmet marks of these wells, and a well's reasons (as GET /plate gives them). */
function plateSays(ctx: ToolContext, wells: WireWells, id: string) {
  // as the server computes it: the format's default instruments
  const state = computePlateState({
    defn: ctx.defn,
    wells,
    version: 1,
    bench: ctx.bench,
    dispensing: null,
  });
  const acc = planAccuracyOf(ctx.defn, wells, ctx.bench, null);
  return {
    unmet: state.indices.unmet,
    reasons: state.wells[id] ? withPlanStatus(state.wells[id], acc).unmet_reasons : undefined,
  };
}

/** The wells after a request the assistant writes. */
function written(ctx: ToolContext, request: string): WireWells {
  const d = decideTurn(request, ctx);
  expect(d.reply, request).toBeUndefined();
  return (d.result ?? runCalls(ctx, d.calls)).wells!;
}

describe("a volume under the instrument's least", () => {
  it("is refused with the plate's unmet reason and the least % (96 wells, 100 uL)", () => {
    const ctx = context(96);
    // 0.1 % of 100 uL is 100 nL, under the pipette's 500 nL: 0.5 / 100 x 100 % = 0.5 %
    const refused = decideTurn('add 0.1 % DMSO to B1', ctx);
    expect(refused.calls).toEqual([]);
    expect(refused.result).toBeUndefined();
    // the same call run without the check: the plate marks B1 unmet, and says this
    const call = {
      name: 'set_reagent' as const,
      args: { wells: ['B1'], reagent: 'dmso', percent: 0.1 },
    };
    const plate = plateSays(ctx, runCalls(ctx, [call]).wells!, 'B1');
    expect(plate.unmet).toEqual(['B1']);
    const reasons = plate.reasons!;
    expect(reasons).toEqual([
      '100 nL of DMSO is below the 500 nL minimum of Pipette (hand, 8/16-channel or head); at least 0.5 % DMSO (500 nL in 100 µL) can be dispensed',
    ]);
    // the least % is met
    expect(plateSays(ctx, written(ctx, 'add 0.5 % DMSO to B1'), 'B1').unmet).toEqual([]);
    expect(refused.reply).toBe(`That would leave B1 unmet: ${reasons[0]}. Nothing written.`);
  });

  it('rounds the least % up, so that it can be dispensed (a 60 uL well)', () => {
    const ctx = context(96);
    // 0.5 / 60 x 100 % = 0.833 %: at least 0.84 %, 504 nL
    expect(decideTurn('add 0.1 % DMSO to B1 in a final volume of 60 uL', ctx).reply).toMatch(
      /; at least 0\.84 % DMSO \(504 nL in 60 µL\) can be dispensed\. Nothing written\.$/,
    );
    const wells = written(ctx, 'add 0.84 % DMSO to B1 in a final volume of 60 uL');
    expect(wells.B1.targets.dmso.volume_uL).toBeCloseTo(0.5, 9);
    expect(plateSays(ctx, wells, 'B1').unmet).toEqual([]);
  });

  it('under one droplet: refused, not written as none (1536 wells, 5 uL)', () => {
    const ctx = context(1536);
    // it was written as 0 nL of DMSO and said "Added 0.01 % DMSO"
    // 0.01 % of 5 uL is 0.5 nL, under one 2.5 nL droplet: 2.5 / 5000 x 100 % = 0.05 %
    expect(decideTurn('add 0.01 % DMSO to B2', ctx).reply).toMatch(
      /^That would leave B2 unmet: 0\.5 nL of DMSO is below one 2\.5 nL step of .*; at least 0\.05 % DMSO \(2\.5 nL in 5 µL\) can be dispensed\. Nothing written\.$/,
    );
    expect(plateSays(ctx, written(ctx, 'add 0.05 % DMSO to B2'), 'B2').unmet).toEqual([]);
  });

  it('a % the droplets land off by more than its tolerance: refused with the % they make', () => {
    const ctx = context(1536);
    // 0.03 % of 5 uL is 1.5 nL, dispensed as one 2.5 nL droplet (+67 %): that is 0.05 %
    expect(decideTurn('add 0.03 % DMSO to B2', ctx).reply).toMatch(
      /^That would leave B2 unmet: 1\.5 nL of DMSO is dispensed as 2\.5 nL in 2\.5 nL steps of .*, outside ±5%; 0\.05 % DMSO \(2\.5 nL in 5 µL\) can be dispensed\. Nothing written\.$/,
    );
    // 0.1 % is 5 nL, two droplets exactly: written
    expect(plateSays(ctx, written(ctx, 'add 0.1 % DMSO to B2'), 'B2').unmet).toEqual([]);
  });

  it('a bare volume under the least is refused; a well already unmet is not blamed on an edit', () => {
    const ctx = context(96);
    expect(decideTurn('add 0.1 uL DMEM to H12', ctx).reply).toMatch(
      /^That would leave H12 unmet: 100 nL of DMEM is below the 500 nL minimum of Pipette .*\. Nothing written\.$/,
    );
    const unmet: WireWells = { H12: { targets: { dmem: { target_nM: null, volume_uL: 0.1 } } } };
    expect(decideTurn('label H12 as old', { ...ctx, wells: unmet }).reply).toBeUndefined();
  });
});
