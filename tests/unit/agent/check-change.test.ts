// The assistant's check of a planned change against solvent limits, worked by hand: each
// solvent against its own limit, water never a solvent. The verdict is the plate's own (the
// metrics kernel's), so the wells are wells as planned: the stock's volume and the medium
// filling the rest of 100 uL.
import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWells } from '../../../src/domain/plate-wire';
import { computeWellStates } from '../../../src/domain/plate/well-states';
import { checkChange } from '../../../src/server/agent/plan/check';
import { checkCalls, decideTurn } from '../../../src/server/agent/plan/decide-turn';
import { fillVehicle } from '../../../src/server/agent/tools/plate-tools';
import { runCalls } from '../../../src/server/agent/run-calls';
import { computePlateState } from '../../../src/domain/plate-state';
import { planAccuracyOf, withPlanStatus } from '../../../src/domain/dispensing/plan-status';
import { context } from './agent-fixtures';

const none = {
  stock_nM: null,
  stock_pct: null,
  solvent: null,
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
};
const bench: BenchReagentInfo[] = [
  { ...none, slug: 'cpd-d', name: 'Cpd D', type: 'chemical', stock_nM: 1e7, solvent: 'DMSO' },
  { ...none, slug: 'cpd-e', name: 'Cpd E', type: 'chemical', stock_nM: 1e7, solvent: 'ethanol' },
  { ...none, slug: 'salt', name: 'Salt', type: 'buffer', stock_nM: 1e9, solvent: 'water' },
  { ...none, slug: 'medium', name: 'Medium', type: 'media' },
  {
    ...none,
    slug: 'dmso',
    name: 'DMSO',
    type: 'solvent',
    stock_pct: 100,
    max_concentration_percent: 1,
  },
  {
    ...none,
    slug: 'ethanol',
    name: 'Ethanol',
    type: 'solvent',
    stock_pct: 100,
    max_concentration_percent: 3,
  },
];
const defn = plateDefn(96);
const well = (slug: string, nM: number, uL: number): WireWells[string] => ({
  targets: {
    [slug]: { target_nM: nM, volume_uL: uL },
    medium: { target_nM: null, volume_uL: 100 - uL },
  },
});
const check = (after: WireWells) =>
  checkChange({ defn, before: {}, after, changed: Object.keys(after), bench });

describe('checkChange: solvent limits', () => {
  it('holds each solvent to its own limit, not the tightest on the bench', () => {
    // 200 uM from 10 mM in ethanol: 2 % ethanol, under ethanol's 3 % (DMSO's 1 % does not apply)
    expect(check({ A1: well('cpd-e', 200_000, 2) })).toBeNull();
    // 400 uM: 4 % ethanol, over 3 %: scale by 3/4 = 0.75
    expect(check({ A1: well('cpd-e', 400_000, 4) })).toBe(
      'That would put A1 at 4 % Ethanol, over the 3 % limit; nothing written. Scale the concentrations by 0.75 or less (or use a more concentrated stock) to stay within it.',
    );
    // 200 uM from 10 mM in DMSO: 2 % DMSO, over DMSO's 1 %
    expect(check({ A1: well('cpd-d', 200_000, 2) })).toMatch(
      /^That would put A1 at 2 % DMSO, over the 1 % limit/,
    );
  });

  it('never counts water as a solvent', () => {
    // 500 mM of a buffer from a 1 M aqueous stock is half the well, and no solvent load
    expect(check({ A1: well('salt', 5e8, 50) })).toBeNull();
  });
});

describe('checkChange: wells that share one object', () => {
  it('says the same as for wells that are copies, naming every well', () => {
    // 200 uM from 10 mM in DMSO: 2 % DMSO, over 1 %, in a whole column and in A2
    const over = well('cpd-d', 200_000, 2);
    const shared: WireWells = { A2: over };
    const copies: WireWells = { A2: structuredClone(over) };
    for (const row of 'ABCDEFGH') {
      shared[`${row}1`] = over;
      copies[`${row}1`] = structuredClone(over);
    }
    const said = check(shared);
    expect(said).toBe(check(copies));
    expect(said).toBe(
      'That would put 9 wells (A2 to H1) at 2 % DMSO, over the 1 % limit; nothing written. Scale the concentrations by 0.5 or less (or use a more concentrated stock) to stay within it.',
    );
  });
});

describe("checkChange: the plate's verdict", () => {
  it('refuses what the plate would mark unmet, and what it marked before is not blamed', () => {
    // 1 uL of the DMSO stock alone in a well: 100 % DMSO, as the plate's kernel reads it
    const neat: WireWells = { A1: { targets: { dmso: { target_nM: null, volume_uL: 1 } } } };
    expect(check(neat)).toMatch(/^That would put A1 at 100 % DMSO, over the 1 % limit/);
    // the same well when the request gave that volume itself: the plate marks it all the
    // same, so it is refused all the same, with the hint a volume needs
    expect(
      checkChange({
        defn,
        before: {},
        after: neat,
        changed: ['A1'],
        bench,
        givenVolumes: new Set(['dmso']),
      }),
    ).toBe(
      'That would put A1 at 100 % DMSO, over the 1 % limit; nothing written. Give DMSO as a % of the well (at most 1 %) rather than a volume.',
    );
    // a well already over its limit that the change does not raise
    expect(checkChange({ defn, before: neat, after: neat, changed: ['A1'], bench })).toBeNull();
    // 500 uL of medium in a 96-well plate's well, which holds less
    const full: WireWells = { A1: { targets: { medium: { target_nM: null, volume_uL: 500 } } } };
    expect(check(full)).toBe('That would over-fill A1; nothing written. Use a smaller volume.');
  });
});

describe('a refusal in chat is the plate unmet mark', () => {
  it('refuses a refill whose working stock takes the well just over the DMSO limit', () => {
    // 1 uM compound B (1 mM in DMSO) replanned into 6 uL: 60 nL of a 1:10 working stock made
    // in DMSO, 1.01 % DMSO: the plate marks such a well unmet, so the chat does not write it
    let ctx = context(1536);
    ctx = { ...ctx, wells: decideTurn('add 1 uM compound B to column 2', ctx).result!.wells! };
    const planned = fillVehicle(ctx, { wells: ['A2'], final_volume_uL: 6, reagent: 'DMEM' });
    if (planned.kind !== 'change') throw new Error('not planned');
    const states = computeWellStates(ctx.defn, { A2: planned.wells.A2 }, ctx.bench, null);
    expect(states.A2.broken).toContain('solvent_load');
    expect(decideTurn('fill A2 with DMEM to 6 uL', ctx).reply).toMatch(
      /^That would put A2 at 1\.01 % DMSO, over the 1 % limit; nothing written/,
    );
  });
});

// The plate of the same call written without the check: its unmet mark and its reason
function plateSays(ctx: ReturnType<typeof context>, reagent: string, nM: number, id: string) {
  const r = runCalls(ctx, [{ name: 'set_reagent', args: { wells: [id], reagent, target_nM: nM } }]);
  const state = computePlateState({
    defn: ctx.defn,
    wells: r.wells!,
    version: 1,
    bench: ctx.bench,
  });
  const acc = planAccuracyOf(ctx.defn, r.wells!, ctx.bench, null);
  return {
    unmet: state.indices.unmet,
    reasons: withPlanStatus(state.wells[id], acc).unmet_reasons,
  };
}

describe('a target above its stock: the plate unmet reason, said in chat', () => {
  it.each([
    [96, 'add 2 mM staurosporine to A1', 'Staurosporine', 2e6],
    [1536, 'add 20 mM compound A to AF48', 'Compound A', 2e7],
  ] as const)(
    'on %i wells: "%s" is refused with the reason the plate gives',
    (format, request, name, nM) => {
      const ctx = context(format);
      const id = request.split(' ').at(-1)!;
      const plate = plateSays(ctx, name, nM, id);
      // the stock alone (1 mM, 10 mM) is half the target: the plate marks the well unmet
      expect(plate.unmet).toEqual([id]);
      expect(plate.reasons?.[0]).toMatch(
        /^\d+\.\d+ mM predicted for \d+\.\d+ mM \(-50\.0%, outside ±5%\); /,
      );
      expect(decideTurn(request, ctx)).toEqual({
        calls: [],
        reply: `That would leave ${id} unmet: ${name} ${plate.reasons![0]}. Nothing written.`,
      });
    },
  );

  it('names the target the request set, not one it only diluted', () => {
    let ctx = context(1536);
    ctx = { ...ctx, wells: decideTurn('add 1 uM compound B to A5', ctx).result!.wells! };
    // 10 uL of the 1 mM stock in a 5 uL well: compound B falls to 500 nM too, but the reason
    // said is staurosporine's
    expect(decideTurn('add 2 mM staurosporine to A5', ctx).reply).toMatch(
      /^That would leave A5 unmet: Staurosporine 1\.00 mM predicted for 2\.00 mM /,
    );
  });

  it('a target the stock reaches is written; one a well already missed is not blamed on a new edit', () => {
    const ctx = context(96);
    expect(decideTurn('add 1 mM staurosporine to A1', ctx).reply).toMatch(/over the 1 % limit/);
    const missed: WireWells = {
      A1: { targets: { staurosporine: { target_nM: 2e6, volume_uL: 200 } } },
    };
    // a label on a well the plate already marks: no target changed, nothing refused
    expect(decideTurn('label A1 as old', { ...ctx, wells: missed }).reply).toBeUndefined();
  });
});

describe('a solvent volume the calls give', () => {
  it('is refused over its limit with the volume hint, by slug or by name', () => {
    // a bench solvent whose slug is not its name: the model's calls may use either
    const etoh = { ...none, slug: 'etoh', name: 'Ethanol', type: 'solvent' as const };
    const ctx = context(96);
    const withEtoh = [...ctx.bench, { ...etoh, stock_pct: 100, max_concentration_percent: 2 }];
    for (const reagent of ['etoh', 'Ethanol'])
      expect(
        checkCalls([{ name: 'set_reagent', args: { wells: ['A1'], reagent, volume_uL: 5 } }], {
          ...ctx,
          bench: withEtoh,
        }).reply,
      ).toBe(
        'That would put A1 at 100 % Ethanol, over the 2 % limit; nothing written. Give Ethanol as a % of the well (at most 2 %) rather than a volume.',
      );
  });
});
