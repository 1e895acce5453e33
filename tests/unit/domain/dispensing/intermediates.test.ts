// Working stocks as a scientist makes them at the bench, worked by hand: both volumes on a
// pipette's 0.1 uL (at least 0.5 uL), and the concentration made equal to the factor the
// plate's predictions use, checked as C1 V1 = C2 V2.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainOf, preparationErrors } from '../../../../src/domain/dispensing/chain-accuracy';
import { intermediatesOf } from '../../../../src/domain/dispensing/intermediates';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { plateDefn } from '../../../../src/domain/plate-format';
import { BENCH } from './fixtures';
import type { Intermediate } from '../../../../src/domain/dispensing/plan-types';

const STOCK_NM = 10_000_000; // 10 mM

function wholeSteps(uL: number): number {
  return Number((uL / 0.1).toFixed(6));
}

/** C1 V1 / V2, as the bench would check it. */
function madeNM(i: Intermediate): number {
  return (i.from_concentration * i.from_uL) / i.total_uL;
}

describe('intermediatesOf', () => {
  it('makes 1:100 from 1:10 and 1:10 from the stock with what the 1:100 takes added', () => {
    const { intermediates, inexact } = intermediatesOf(
      'cpd',
      STOCK_NM,
      new Map([
        [100, 12],
        [10, 3],
      ]),
      'DMSO',
    );
    // 12 uL of 1:100 is 1.2 uL of the 1 mM to 10.8 uL; the 1:10 then needs 3 + 1.2 = 4.2 uL,
    // made as the least 0.5 uL of stock to 4.5 uL (5 uL)
    expect(intermediates).toEqual([
      {
        reagent: 'cpd',
        concentration: 1_000_000,
        factor: 10,
        from_concentration: 10_000_000,
        from_uL: 0.5,
        diluent: 'DMSO',
        diluent_uL: 4.5,
        total_uL: 5,
      },
      {
        reagent: 'cpd',
        concentration: 100_000,
        factor: 100,
        from_concentration: 1_000_000,
        from_uL: 1.2,
        diluent: 'DMSO',
        diluent_uL: 10.8,
        total_uL: 12,
      },
    ]);
    expect(inexact).toEqual([]);
  });

  it('makes 1:45 from 1:10 as 0.6 uL to 2.1 uL (0.5 uL would need 1.75 uL)', () => {
    const { intermediates, inexact } = intermediatesOf(
      'cpd',
      STOCK_NM,
      new Map([
        [45, 2],
        [10, 1],
      ]),
      'DMSO',
    );
    const i45 = intermediates.find((i) => i.factor === 45)!;
    expect(i45).toMatchObject({ from_concentration: 1_000_000, from_uL: 0.6, diluent_uL: 2.1 });
    expect(i45.total_uL).toBe(2.7);
    // 1 mM x 0.6 / 2.7 = 222.2 uM = 10 mM / 45
    expect(madeNM(i45)).toBeCloseTo(10_000_000 / 45, 6);
    expect(inexact).toEqual([]);
  });

  it('makes 1:1000 from 1:405 as 8.1 uL to 11.9 uL: the least exact volumes, not 5 mL from stock', () => {
    const { intermediates } = intermediatesOf(
      'cpd',
      STOCK_NM,
      new Map([
        [405, 5],
        [1000, 10],
      ]),
      'DMSO',
    );
    const [i405, i1000] = intermediates;
    // 1:405 x 8.1 / 20 = 1:1000; 10 uL needed, 20 uL is the least that whole 0.1 uL make
    expect(i1000).toMatchObject({ factor: 1000, from_uL: 8.1, diluent_uL: 11.9, total_uL: 20 });
    expect(i1000.from_concentration).toBeCloseTo(STOCK_NM / 405, 9);
    // the 1:405 is filled for its own 5 uL and the 8.1 uL taken: 0.5 uL of stock to 202 uL
    expect(i405).toMatchObject({ factor: 405, from_uL: 0.5, diluent_uL: 202, total_uL: 202.5 });
    expect(madeNM(i1000)).toBeCloseTo(STOCK_NM / 1000, 6);
  });

  it('says when no whole volumes make a typed factor, and what they make instead', () => {
    const { intermediates, inexact } = intermediatesOf(
      'cpd',
      STOCK_NM,
      new Map([
        [45.045, 2],
        [10, 1],
      ]),
      'DMSO',
    );
    // 1:10 to 1:45.045 is 4.5045-fold: 0.6 uL to 2.1 uL makes 4.5-fold, 0.1 % off
    expect(intermediates.find((i) => i.factor === 45.045)).toMatchObject({
      from_uL: 0.6,
      diluent_uL: 2.1,
    });
    expect(inexact).toHaveLength(1);
    expect(inexact[0].factor).toBe(45.045);
    expect(inexact[0].made).toBeCloseTo(45, 9);
  });

  it('warns, in the plan, of a well whose typed factor the pipette cannot make', () => {
    // 25 nL of 1:45.045 (222 uM) in 5 uL is 1.11 uM; the plan pipettes in the good band (10
    // uL and more): 10 uL of the 10 mM stock to 440.5 uL makes 1:45.05 (no whole 0.1 uL of
    // diluent makes 1:45.045 from 10 uL: 440.45), 0.011 % less than the plate predicts
    const plan = planDispense(
      plateDefn(1536),
      {
        A1: {
          targets: {
            cpd: { target_nM: 1111.1, volume_uL: 0.025, dilution: 45.045 },
            media: { target_nM: null, volume_uL: 4.975 },
          },
        },
      },
      BENCH,
    );
    expect(plan.warnings).toContain(
      'Cpd working stock 1:45.045: whole 0.1 µL volumes make it 1:45.05, 0.011 % less ' +
        'concentrated than the plate predicts; a dilution of 1:45 would be made exactly.',
    );
    expect(plan.intermediates).toHaveLength(1);
    expect(plan.intermediates[0]).toMatchObject({
      from_uL: 10,
      diluent_uL: 440.5,
      total_uL: 450.5,
    });
  });

  it('in the good band, makes each in the fewest steps from the stock (at most 1:100 a step)', () => {
    // 1 uL of each of 1:10 to 1:10000, each volume 10 uL and more, at most 1 mL made:
    //   1:10    stock,  10 + 90 uL,  0.9 x sqrt(2)  = 1.273 %
    //   1:100   stock,  10 + 990 uL, 0.99 x sqrt(2) = 1.400 % (not 1:10 of the 1:10, 1.800 %)
    //   1:1000  1:100,  10 + 90 uL,  chain sqrt(1.400^2 + 1.273^2) = 1.892 % (10 uL of stock
    //           would make 10 mL)
    //   1:10000 1:100,  10 + 990 uL, chain sqrt(2) x 1.400 = 1.980 % (four 1:10: 2.546 %)
    const needs = new Map([10, 100, 1000, 10000].map((f) => [f, 1] as [number, number]));
    const { intermediates } = intermediatesOf('cpd', STOCK_NM, needs, 'DMSO', true);
    expect(
      intermediates.map((i) => [
        i.factor,
        STOCK_NM / i.from_concentration,
        i.from_uL,
        i.diluent_uL,
      ]),
    ).toEqual([
      [10, 1, 10, 90],
      [100, 1, 10, 990],
      [1000, 100, 10, 90],
      [10000, 100, 10, 990],
    ]);
    for (const i of intermediates) expect(madeNM(i) / i.concentration).toBeCloseTo(1, 9);
    const chains = preparationErrors(intermediates).get('cpd')!;
    expect(chainOf(chains, 100).pct).toBeCloseTo(1.4, 3);
    expect(chainOf(chains, 1000).pct).toBeCloseTo(1.892, 3);
    expect(chainOf(chains, 10000).pct).toBeCloseTo(1.98, 3);
    expect(chainOf(chains, 10000).steps).toBe(4);
    // a 1:100 whose wells need 1.5 mL is past a tube from either source: it is made as before,
    // the least volumes from the nearer source (150 uL of the 1:10 to 1350 uL, 1.5 mL)
    const big = intermediatesOf(
      'cpd',
      STOCK_NM,
      new Map([
        [10, 1],
        [100, 1500],
      ]),
      'DMSO',
      true,
    );
    expect(big.intermediates.find((i) => i.factor === 100)).toMatchObject({
      from_concentration: 1_000_000,
      from_uL: 150,
      diluent_uL: 1350,
    });
  });

  it('makes every factor of 2 significant figures exactly, on whole 0.1 uL of at least 0.5 uL', () => {
    const factor = fc
      .tuple(fc.integer({ min: 11, max: 99 }), fc.integer({ min: -1, max: 3 }))
      .map(([m, e]) => Number((m * 10 ** e).toPrecision(2)));
    fc.assert(
      fc.property(
        fc.uniqueArray(factor, { minLength: 1, maxLength: 6 }),
        fc.array(fc.double({ min: 0.5, max: 60, noNaN: true }), { minLength: 6, maxLength: 6 }),
        (factors, volumes) => {
          const needs = new Map(factors.map((f, k) => [f, volumes[k]]));
          const { intermediates, inexact } = intermediatesOf('cpd', STOCK_NM, needs, 'DMSO');
          expect(inexact).toEqual([]);
          expect(intermediates.map((i) => i.factor).toSorted((a, b) => a - b)).toEqual(
            [...factors].toSorted((a, b) => a - b),
          );
          const taken = new Map<number, number>();
          for (const i of intermediates) {
            for (const v of [i.from_uL, i.diluent_uL, i.total_uL])
              expect(Number.isInteger(wholeSteps(v))).toBe(true);
            expect(i.from_uL).toBeGreaterThanOrEqual(0.5);
            expect(i.diluent_uL).toBeGreaterThanOrEqual(0.5);
            expect(i.total_uL).toBeCloseTo(i.from_uL + i.diluent_uL, 9);
            expect(madeNM(i) / i.concentration).toBeCloseTo(1, 9);
            const from = STOCK_NM / i.from_concentration;
            if (from > 1.000001) taken.set(from, (taken.get(from) ?? 0) + i.from_uL);
          }
          // each is made in enough for its wells and for what is made from it
          for (const i of intermediates) {
            const fromIt = [...taken].find(([f]) => Math.abs(f / i.factor - 1) < 1e-9)?.[1] ?? 0;
            expect(i.total_uL).toBeGreaterThanOrEqual(needs.get(i.factor)! + fromIt - 1e-9);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
