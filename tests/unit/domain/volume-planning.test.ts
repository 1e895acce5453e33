import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import {
  planPlate,
  planWell,
  roundToResolution,
  volumeForTarget,
  workingStockFactor,
  type PlanReagent,
} from '../../../src/domain/volume-planning';
import { computePlateState, type BenchReagentInfo } from '../../../src/domain/plate-state';
import { plateDefn } from '../../../src/domain/plate-format';

const bench: PlanReagent[] = [
  {
    slug: 'stauro',
    name: 'Staurosporine',
    stock_nM: 10_000_000,
    solvent: 'DMSO',
    min_transfer_ul: null,
  },
  { slug: 'cpdb', name: 'Compound B', stock_nM: 1_000_000, solvent: 'DMSO', min_transfer_ul: 1 },
  {
    slug: 'cpdc',
    name: 'Compound C',
    stock_nM: 1_000_000,
    solvent: 'water',
    min_transfer_ul: null,
  },
  { slug: 'media', name: 'Media', stock_nM: null, solvent: null, min_transfer_ul: null },
];
const info = (r: PlanReagent): BenchReagentInfo => ({
  ...r,
  type: r.slug === 'media' ? 'media' : 'compound',
  stock_pct: null,
  max_concentration_percent: null,
  ionic_strength_mM: null,
});

describe('rounding and single volumes', () => {
  it('rounds to 0.1 uL for pipettes and 2.5 nL for acoustic dispensers', () => {
    expect(roundToResolution(0.25)).toBe(0.3);
    expect(roundToResolution(0.24)).toBe(0.2);
    expect(roundToResolution(49.95)).toBe(50);
    expect(roundToResolution(0.00374, 'acoustic')).toBe(0.0025);
    expect(roundToResolution(0.00375, 'acoustic')).toBe(0.005);
    expect(roundToResolution(0.0125, 'acoustic')).toBe(0.0125);
  });

  it('lands on a whole number of steps (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.constantFrom('pipette', 'acoustic'),
        (v, ins) => {
          const r = roundToResolution(v, ins as 'pipette' | 'acoustic');
          const step = ins === 'pipette' ? 0.1 : 0.0025;
          expect(Math.abs(r - v)).toBeLessThanOrEqual(step / 2 + 1e-9);
          expect(Math.abs(r / step - Math.round(r / step))).toBeLessThan(1e-6);
        },
      ),
    );
  });

  it('computes v = c * V / S', () => {
    // 10 uM from 10 mM in 50 uL = 0.05 uL
    expect(volumeForTarget(10_000, 10_000_000, 50)).toBeCloseTo(0.05, 12);
    // 100 uM from 10 mM in 50 uL = 0.5 uL
    expect(volumeForTarget(100_000, 10_000_000, 50)).toBe(0.5);
    expect(volumeForTarget(1000, null, 50)).toBeNaN();
  });

  it('picks the smallest round working-stock factor', () => {
    expect(workingStockFactor(2, 1)).toBe(1);
    expect(workingStockFactor(0.5, null)).toBe(1);
    expect(workingStockFactor(0.05, 0.1)).toBe(10);
    expect(workingStockFactor(0.05, 1)).toBe(100);
    expect(workingStockFactor(0.00005, 1)).toBeNaN();
  });
});

describe('planWell', () => {
  it('fills with vehicle: 100 uM from 10 mM in 50 uL = 0.5 uL + 49.5 uL', () => {
    const p = planWell(
      {
        finalVolumeUL: 50,
        targets: [{ slug: 'stauro', target_nM: 100_000 }],
        vehicleSlug: 'media',
      },
      bench,
    );
    expect(p).toEqual({
      targets: {
        stauro: { target_nM: 100_000, volume_uL: 0.5 },
        media: { target_nM: null, volume_uL: 49.5 },
      },
      vehicleUL: 49.5,
      problems: [],
    });
  });

  it('plans a working stock below the minimum transfer', () => {
    // 10 uM from 1 mM in 50 uL = 0.5 uL < 1 uL minimum -> 1:10 working stock, 5 uL
    const p = planWell(
      {
        finalVolumeUL: 50,
        targets: [{ slug: 'cpdb', target_nM: 10_000, tol_pct: 10 }],
        vehicleSlug: 'media',
      },
      bench,
    );
    expect(p.targets.cpdb).toEqual({ target_nM: 10_000, tol_pct: 10, volume_uL: 5, dilution: 10 });
    expect(p.vehicleUL).toBe(45);
    expect(p.problems).toEqual([]);
  });

  it('uses the instrument minimum too', () => {
    const p = planWell(
      { finalVolumeUL: 50, targets: [{ slug: 'stauro', target_nM: 10_000 }], vehicleSlug: 'media' },
      bench,
      { minTransferUL: 0.5 },
    );
    // 0.05 uL -> x10 = 0.5 uL
    expect(p.targets.stauro).toEqual({ target_nM: 10_000, volume_uL: 0.5, dilution: 10 });
  });

  it('reports a transfer too small when working stocks are off', () => {
    const p = planWell(
      { finalVolumeUL: 50, targets: [{ slug: 'cpdb', target_nM: 10_000 }], vehicleSlug: 'media' },
      bench,
      { workingStocks: false },
    );
    expect(p.targets.cpdb.volume_uL).toBe(0.5);
    expect(p.problems.map((x) => x.kind)).toEqual(['too_small']);
    expect(p.problems[0].message).toBe('Compound B: 0.50 µL is below the 1.00 µL minimum transfer');
  });

  it('dispenses nL volumes directly on an acoustic dispenser', () => {
    // 10 uM from 10 mM in 5 uL = 5 nL
    const p = planWell(
      { finalVolumeUL: 5, targets: [{ slug: 'stauro', target_nM: 10_000 }], vehicleSlug: 'media' },
      bench,
      { instrument: 'acoustic' },
    );
    expect(p.targets.stauro).toEqual({ target_nM: 10_000, volume_uL: 0.005 });
    expect(p.targets.media.volume_uL).toBe(4.995);
  });

  it('reports over-fill, missing stock, unknown reagents and a missing vehicle', () => {
    const over = planWell(
      {
        finalVolumeUL: 50,
        targets: [
          { slug: 'cpdc', target_nM: 500_000 },
          { slug: 'cpdb', target_nM: 500_000 },
          { slug: 'stauro', target_nM: 1_000_000 },
          { slug: 'media', target_nM: 1000 },
          { slug: 'ghost', target_nM: 1 },
        ],
        vehicleSlug: 'media',
      },
      bench,
    );
    expect(over.problems.map((x) => x.kind)).toEqual(['no_stock', 'unknown_reagent', 'overfill']);
    expect(over.vehicleUL).toBe(0);
    const none = planWell(
      { finalVolumeUL: 50, targets: [{ slug: 'stauro', target_nM: 1000 }], vehicleSlug: null },
      bench,
    );
    expect(none.problems.map((x) => x.message)).toEqual(['Default vehicle required']);
  });

  it('plans nothing for a 0 nM blank', () => {
    const p = planWell(
      { finalVolumeUL: 50, targets: [{ slug: 'stauro', target_nM: 0 }], vehicleSlug: 'media' },
      bench,
    );
    expect(p.targets.stauro).toEqual({ target_nM: 0, volume_uL: 0 });
    expect(p.vehicleUL).toBe(50);
  });

  it('shows the real error of rounded volumes once predicted', () => {
    // 3 uM from 1 mM in 50 uL = 0.15 uL, dispensed as 0.2 uL -> 4 uM, +33 %
    const p = planWell(
      { finalVolumeUL: 50, targets: [{ slug: 'cpdc', target_nM: 3000 }], vehicleSlug: 'media' },
      bench,
    );
    expect(p.targets.cpdc.volume_uL).toBe(0.2);
    const s = computePlateState({
      defn: plateDefn(96),
      wells: { A1: { targets: p.targets } },
      version: 1,
      bench: bench.map(info),
    });
    expect(s.wells.A1.predicted.cpdc.nM).toBeCloseTo(4000, 9);
    expect(s.wells.A1.targets.cpdc.status).toBe('error');
  });

  it('meets targets within 5 % whenever the planned volume is at least 2 uL (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1000, max: 200_000, noNaN: true }), (c) => {
        const p = planWell(
          { finalVolumeUL: 50, targets: [{ slug: 'cpdc', target_nM: c }], vehicleSlug: 'media' },
          bench,
        );
        fc.pre(p.problems.length === 0 && p.targets.cpdc.volume_uL >= 2);
        const s = computePlateState({
          defn: plateDefn(96),
          wells: { A1: { targets: p.targets } },
          version: 1,
          bench: bench.map(info),
        });
        expect(s.wells.A1.metrics.volumeUl).toBeCloseTo(50, 9);
        expect(Math.abs(s.wells.A1.predicted.cpdc.err_pct!)).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe('planPlate', () => {
  it('collects working stocks into protocol operations', () => {
    const req = {
      finalVolumeUL: 50,
      targets: [{ slug: 'stauro', target_nM: 10_000 }],
      vehicleSlug: 'media',
    };
    const plan = planPlate({ A1: req, A2: req, B1: { ...req, targets: [] } }, bench);
    expect(plan.wells.A1.targets.stauro).toEqual({
      target_nM: 10_000,
      volume_uL: 0.5,
      dilution: 10,
    });
    expect(plan.wells.B1.targets).toEqual({ media: { target_nM: null, volume_uL: 50 } });
    expect(plan.problems).toEqual({});
    // 2 x 0.5 uL of 1:10 = 1.0 uL, +10 % = 1.1 uL -> 0.11 uL stock, rounded up to 0.2 uL
    expect(plan.ops).toEqual([
      {
        op: 'add',
        sel: 'OFF',
        reagent: 'stauro',
        volume_uL: 0.2,
        label: 'Staurosporine working stock 1:10',
        notes:
          'Add 0.20 µL of Staurosporine stock to 1.80 µL DMSO (1.00 mM); 1.00 µL used in 2 wells',
      },
    ]);
  });

  it('takes at least the minimum transfer of stock', () => {
    const req = {
      finalVolumeUL: 50,
      targets: [{ slug: 'cpdb', target_nM: 10_000 }],
      vehicleSlug: 'media',
    };
    const plan = planPlate({ A1: req }, bench);
    // 5 uL of 1:10 +10 % = 0.55 uL of stock, but Compound B's minimum is 1 uL
    expect(plan.ops[0]).toMatchObject({
      reagent: 'cpdb',
      volume_uL: 1,
      label: 'Compound B working stock 1:10',
    });
    expect(plan.ops[0].notes).toContain('to 9.0 µL DMSO (100 µM)');
  });
});
