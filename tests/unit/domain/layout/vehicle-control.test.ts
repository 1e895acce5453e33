// The neutral control of a DMSO screen: a DMSO control sits at the compound wells' DMSO
// load (or the % v/v given), a medium-only control beside them is warned about, and the
// controls tool and applyOps place it by that one rule.
import { describe, expect, it } from 'vitest';
import { expandControls } from '../../../../src/domain/layout/controls';
import { applyToolOps } from '../../../../src/domain/layout/tool-apply';
import { solventLoadsOf, vehicleControl } from '../../../../src/domain/layout/vehicle-control';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { BenchReagentInfo, WireWells } from '../../../../src/domain/plate-wire';
import { resolveSettings } from '../../../../src/domain/dispensing/settings';

const reagent = (
  slug: string,
  type: BenchReagentInfo['type'],
  extra: Partial<BenchReagentInfo> = {},
): BenchReagentInfo => ({
  slug,
  name: slug === 'dmso' ? 'DMSO' : slug,
  type,
  stock_nM: null,
  stock_pct: null,
  solvent: null,
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
  ...extra,
});
const BENCH = [
  reagent('cpd', 'chemical', { stock_nM: 1e7, solvent: 'DMSO' }), // 10 mM in DMSO
  reagent('dmso', 'solvent', { stock_pct: 100, max_concentration_percent: 1 }),
  reagent('medium', 'media'),
];
const defn = plateDefn(96);
const SETTINGS = { ...resolveSettings(96, {}).settings, assay_volume_uL: 100 };
// 0.5 uL of the 10 mM stock in 100 uL (50 uM, on the pipette's 0.1 uL step): 0.5 % DMSO
const compoundWell = {
  targets: {
    cpd: { target_nM: 50_000, volume_uL: 0.5 },
    medium: { target_nM: null, volume_uL: 99.5 },
  },
};
const WELLS: WireWells = { A3: compoundWell, A4: compoundWell, A5: compoundWell };

describe('solventLoadsOf', () => {
  it('gives each bench solvent the median load of its compound wells: 0.5 / 100 = 0.5 %', () => {
    const loads = solventLoadsOf(defn, WELLS, BENCH, SETTINGS);
    expect(loads).toHaveLength(1);
    expect(loads[0].slug).toBe('dmso');
    expect(loads[0].pct).toBeCloseTo(0.5, 9);
    expect(solventLoadsOf(defn, {}, BENCH, SETTINGS)).toEqual([
      { slug: 'dmso', name: 'DMSO', pct: null },
    ]);
  });
});

describe('vehicleControl', () => {
  const loads = [{ slug: 'dmso', name: 'DMSO', pct: 0.5 }];

  it('puts a DMSO control at the compound wells’ load, or at the % given', () => {
    expect(vehicleControl('dmso', undefined, loads)).toEqual({ ok: true, pct: 0.5, warning: null });
    expect(vehicleControl('dmso', 1, loads)).toEqual({ ok: true, pct: 1, warning: null });
  });

  it('asks for the % when no compound well holds the solvent yet', () => {
    const r = vehicleControl('dmso', undefined, [{ slug: 'dmso', name: 'DMSO', pct: null }]);
    expect(r).toEqual({
      ok: false,
      message:
        'DMSO as a control needs its % v/v: no compound well of the plate holds DMSO yet. ' +
        'Give the % v/v (e.g. 0.5), or place the compounds first.',
    });
    expect(vehicleControl('dmso', 0.5, [{ slug: 'dmso', name: 'DMSO', pct: null }])).toEqual({
      ok: true,
      pct: 0.5,
      warning: null,
    });
  });

  it('warns about a medium-only control beside compound wells at 0.5 % DMSO', () => {
    expect(vehicleControl('medium', undefined, loads)).toEqual({
      ok: true,
      pct: null,
      warning:
        'The control holds no DMSO while the compound wells hold 0.50 %: choose DMSO as the ' +
        'negative control to sit at the same load.',
    });
    // no compound well carries a solvent: a medium control is the neutral one
    expect(
      vehicleControl('medium', undefined, [{ slug: 'dmso', name: 'DMSO', pct: null }]).ok &&
        vehicleControl('medium', undefined, [{ slug: 'dmso', name: 'DMSO', pct: null }]),
    ).toEqual({ ok: true, pct: null, warning: null });
  });

  it('refuses a % that is not one, and a % for a liquid that fills', () => {
    for (const bad of [0, -1, 101, Number.NaN])
      expect(vehicleControl('dmso', bad, loads).ok).toBe(false);
    expect(vehicleControl('medium', 1, loads)).toMatchObject({ ok: false });
  });
});

describe('the controls tool places the vehicle control by the rule', () => {
  const ctx = {
    defn,
    wells: WELLS,
    benchSlugs: BENCH.map((b) => b.slug),
    solventLoads: solventLoadsOf(defn, WELLS, BENCH, SETTINGS),
  };
  const apply = (ops: Parameters<typeof applyToolOps>[2]) =>
    applyToolOps(defn, WELLS, ops, BENCH, { dispensing: SETTINGS, vehicle: 'medium' });

  it('gives a DMSO NEG control the compound wells’ 0.5 % (0.5 uL of 100)', () => {
    const r = expandControls(
      {
        op: 'controls',
        controls: [{ kind: 'NEG', reagent: 'dmso', target: null, wells: ['H1', 'H2'] }],
      },
      ctx,
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.ops).toContainEqual({
      op: 'set',
      wells: ['H1', 'H2'],
      reagent: 'dmso',
      target_nM: null,
      vehicle_pct: 0.5,
    });
    const applied = apply(r.ops);
    if (!applied.ok) throw new Error(applied.message);
    expect(applied.wells.H1.targets.dmso.volume_uL).toBeCloseTo(0.5, 9);
    expect(applied.wells.H1.targets.medium.volume_uL).toBeCloseTo(99.5, 9);
    expect(applied.wells.H1.tags).toEqual(['NEG']);
  });

  it('gives it the % typed in the tool: 1 % of 100 uL is 1 uL', () => {
    const r = expandControls(
      {
        op: 'controls',
        controls: [{ kind: 'NEG', reagent: 'dmso', target: null, wells: ['H1'], vehicle_pct: 1 }],
      },
      ctx,
    );
    if (!r.ok) throw new Error(r.message);
    const applied = apply(r.ops);
    if (!applied.ok) throw new Error(applied.message);
    expect(applied.wells.H1.targets.dmso.volume_uL).toBeCloseTo(1, 9);
    expect(applied.wells.H1.targets.medium.volume_uL).toBeCloseTo(99, 9);
  });

  it('warns about a medium NEG control and refuses DMSO with nothing to copy', () => {
    const medium = expandControls(
      {
        op: 'controls',
        controls: [{ kind: 'NEG', reagent: 'medium', target: null, wells: ['H1'] }],
      },
      ctx,
    );
    expect(medium.ok && medium.warnings).toEqual([
      'NEG: The control holds no DMSO while the compound wells hold 0.50 %: choose DMSO as the negative control to sit at the same load.',
    ]);
    const empty = expandControls(
      { op: 'controls', controls: [{ kind: 'NEG', reagent: 'dmso', target: null, wells: ['H1'] }] },
      { ...ctx, wells: {}, solventLoads: solventLoadsOf(defn, {}, BENCH, SETTINGS) },
    );
    expect(empty).toMatchObject({ ok: false });
    expect(!empty.ok && empty.message).toContain('NEG: DMSO as a control needs its % v/v');
  });
});
