/**
 * Wells the plan cannot meet are never dispensed, and every view says them unmet. Worked by
 * hand on a 1536 plate (Echo 2.5 nL droplets, 0.1 uL bulk steps), Cpd 10 mM in DMSO, DMSO
 * held to 0.5 % in this assay:
 *   A1  50 nL Cpd + 4.95 uL medium (-> 5.0 on the 0.1 uL step): V = 5.05 uL,
 *       1e7 nM x 0.05 / 5.05 = 99 010 nM for 100 uM (-1.0 %, good), but DMSO 0.05 / 5.05
 *       = 0.99 % > 0.5 %: unmet, so its target is not met either.
 *   A2  3.5 nL Cpd asked for, no target: one 2.5 nL droplet (1.4 -> 1), -28.6 %: unmet.
 *   A3  3.5 nL Cpd for 7 uM (1e7 x 0.0035 / 5 = 7000): one droplet gives
 *       1e7 x 0.0025 / 5.0025 = 4997.5 nM, -28.6 %: unmet.
 *   A4  2.5 nL Cpd for 5 uM: 4997.5 nM, -0.05 %, DMSO 0.05 %: met, the only well dispensed.
 */
import { describe, expect, it } from 'vitest';
import {
  bulkSheetCells,
  picklistCells,
  pipettingWorklistCells,
  unmetCells,
} from '../../../../src/domain/dispensing/export-rows';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { computePlateState } from '../../../../src/domain/plate-state';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { plateTableRows, PLATE_TABLE_HEADERS } from '../../../../src/server/exports/plate-table';
import { CPD, DMSO, MEDIA } from './fixtures';

const BENCH = [CPD, { ...DMSO, max_concentration_percent: 0.5 }, MEDIA];
const defn = plateDefn(1536);
const WELLS: WireWells = {
  A1: {
    targets: {
      cpd: { target_nM: 100_000, volume_uL: 0.05 },
      media: { target_nM: null, volume_uL: 4.95 },
    },
  },
  A2: {
    targets: {
      cpd: { target_nM: null, volume_uL: 0.0035 },
      media: { target_nM: null, volume_uL: 5 },
    },
  },
  A3: {
    targets: {
      cpd: { target_nM: 7000, volume_uL: 0.0035 },
      media: { target_nM: null, volume_uL: 5 },
    },
  },
  A4: {
    targets: {
      cpd: { target_nM: 5000, volume_uL: 0.0025 },
      media: { target_nM: null, volume_uL: 5 },
    },
  },
};
const UNMET = ['A1', 'A2', 'A3'];

describe('unmet wells', () => {
  const plan = planDispense(defn, WELLS, BENCH, null);
  const state = computePlateState({
    defn,
    wells: WELLS,
    version: 1,
    bench: BENCH,
    dispensing: null,
  });

  it('lists each with its reason', () => {
    const reasons = Object.fromEntries(
      UNMET.map((w) => [w, plan.unmet.filter((u) => u.well === w)]),
    );
    expect(reasons.A1.map((u) => u.reason)).toEqual(['DMSO at 0.99% v/v is above its 0.5% limit']);
    expect(reasons.A2.map((u) => u.reason)).toEqual([
      '3.5 nL of Cpd is dispensed as 2.5 nL in 2.5 nL steps of Acoustic, 2.5 nL droplets (Echo 55x / 650 series), outside ±5%',
    ]);
    expect(reasons.A3[0].reason).toBe('5.00 µM predicted for 7.00 µM (-28.6%, outside ±5%)');
    expect(plan.unmet.some((u) => u.well === 'A4')).toBe(false);
  });

  it('puts none of them in the transfers, the bulk steps, the picklist or the worklist', () => {
    expect(plan.transfers.map((t) => t.destination_well)).toEqual(['A4']);
    expect(plan.transfers[0]).toMatchObject({ volume_nL: 2.5, reagent: 'cpd' });
    expect(plan.bulk.flatMap((b) => b.wells)).toEqual(['A4']);
    // the destination columns of each instrument's file (picklist, worklist, bulk sheet)
    const destinations = [
      picklistCells(plan).map((r) => r[7]),
      pipettingWorklistCells(plan).map((r) => r[3]),
      bulkSheetCells(plan).map((r) => r[4]),
    ];
    for (const column of destinations) {
      const text = column.slice(1).join(' ');
      expect(text).toBe('A4');
    }
    // no empty source, no 0 volume: every picklist row is a transfer the instrument makes
    for (const row of picklistCells(plan).slice(1)) {
      expect(row[3]).not.toBe('');
      expect(Number(row[8])).toBeGreaterThan(0);
    }
    // they are in the unmet sheet, which no instrument reads
    expect(
      new Set(
        unmetCells(plan)
          .slice(1)
          .map((r) => r[0]),
      ),
    ).toEqual(new Set(UNMET));
  });

  it("says the plan's status in GET /plate and in the CSV Status column", () => {
    expect(state.indices.unmet).toEqual(UNMET);
    expect(state.wells.A1.predicted.cpd.err_pct).toBeCloseTo(-0.990099, 5);
    expect(state.wells.A1.targets.cpd.status).toBe('error'); // met alone, but never dispensed
    expect(state.wells.A1.broken).toEqual(['solvent_load']);
    expect(state.wells.A2.broken).toEqual(['undispensable']);
    expect(state.wells.A2.status).toBe('error');
    expect(state.wells.A3.targets.cpd.status).toBe('error');
    expect(state.wells.A4.targets.cpd.status).toBe('good');
    const status = PLATE_TABLE_HEADERS.indexOf('Status');
    const rows = plateTableRows(state).filter((r) => r[4] === 'cpd');
    expect(rows.map((r) => [r[0], r[status]])).toEqual([
      ['A1', 'error'],
      ['A2', null],
      ['A3', 'error'],
      ['A4', 'good'],
    ]);
  });

  it('dispenses them on the explicit "dispense anyway", each transfer marked', () => {
    const anyway = planDispense(defn, WELLS, BENCH, { dispense_unmet: true });
    expect(anyway.unmet).toEqual(plan.unmet);
    const cpd = anyway.transfers.filter((t) => t.reagent === 'cpd');
    expect(cpd.map((t) => [t.destination_well, t.volume_nL, t.unmet ?? false])).toEqual([
      ['A1', 50, true],
      ['A2', 2.5, true],
      ['A3', 2.5, true],
      ['A4', 2.5, false],
    ]);
    const cells = picklistCells(anyway);
    expect(cells[0].at(-1)).toBe('Unmet Well');
    expect(cells.slice(1).map((r) => r.at(-1))).toEqual([
      'dispensed anyway',
      'dispensed anyway',
      'dispensed anyway',
      '',
    ]);
  });
});
