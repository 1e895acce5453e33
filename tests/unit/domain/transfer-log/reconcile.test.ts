// Reconciliation of a planned run with the instrument's files: the partial-transfer
// reference (its published figures), a short transfer worked by hand, rows the plan does not
// know, and a re-pick run's log closing the loop.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceFill, Transfer } from '../../../../src/domain/dispensing/plan-types';
import { parseTransferLog } from '../../../../src/domain/transfer-log/echo-log';
import { actualConcentrations, reconcile } from '../../../../src/domain/transfer-log/reconcile';
import type { PlannedRun, RunFile } from '../../../../src/domain/transfer-log/reconcile-types';
import { repickOf } from '../../../../src/domain/transfer-log/repick';
import { parseSurvey } from '../../../../src/domain/transfer-log/survey';

const fixture = (name: string) =>
  readFileSync(path.join(__dirname, '../../../fixtures/transfer-logs', name), 'utf8');

function transfer(
  source: string,
  dest: string,
  nL: number,
  reagent: string,
  stock: number | null,
): Transfer {
  return {
    source_plate: 'Source[1]',
    source_barcode: '',
    source_plate_type: '384PP_AQ_BP',
    source_well: source,
    destination_plate: 'Destination[1]',
    destination_barcode: '',
    destination_plate_type: 'Corning_384_Flat',
    destination_well: dest,
    volume_nL: nL,
    reagent,
    stock_nM: stock,
  };
}

function fill(well: string, reagent: string, concentration: number, fill_uL: number): SourceFill {
  return {
    plate: 'Source[1]',
    barcode: '',
    type: '384PP_AQ_BP',
    well,
    reagent,
    concentration,
    diluent: null,
    fill_uL,
    dead_uL: 15,
    transfers_uL: 0.2,
  };
}

/** The reference's plan: 1 uM of two reagents, 100 nL each into 10 uL wells. */
const partialPlan: PlannedRun = {
  transfers: [
    transfer('A1', 'A1', 100, 'red', 1000),
    transfer('A1', 'B1', 100, 'red', 1000),
    transfer('A2', 'A2', 100, 'blue', 1000),
    transfer('A2', 'B2', 100, 'blue', 1000),
  ],
  sources: [fill('A1', 'red', 1000, 15.2), fill('A2', 'blue', 1000, 15.2)],
  wells: ['A1', 'B1', 'A2', 'B2'].map((well) => ({
    well,
    volume_uL: 10,
    backfill_uL: 0,
    solvent_pct: {},
  })),
};

const log = (name: string, text: string): RunFile => ({
  name,
  kind: 'transfer log',
  log: parseTransferLog(text),
});

describe('reconcile', () => {
  it('the partial-transfer reference: A2 missed twice, A1 delivered, its source ends at 53.478 uL', () => {
    const rec = reconcile(partialPlan, [log('partial.csv', fixture('partial-transfer.csv'))]);
    expect(rec.unmatched).toEqual([]);
    expect(rec.transfers.map((o) => [o.transfer.destination_well, o.state])).toEqual([
      ['A1', 'done'],
      ['B1', 'done'],
      ['A2', 'failed'],
      ['B2', 'failed'],
    ]);
    expect(rec.transfers[2].reason).toMatch(/^MM0202007/);
    const status = Object.fromEntries(rec.wells.map((w) => [w.well, w.status]));
    expect(status).toEqual({ A1: 'as planned', B1: 'as planned', A2: 'missed', B2: 'missed' });
    // 100 nL of 1000 nM into 10 uL: 10 nM planned; nothing arrived in A2 (9.9 uL left)
    const a2 = rec.wells.find((w) => w.well === 'A2')!;
    expect(a2.reagents[0]).toMatchObject({ planned_nM: 10, actual_nM: 0, error_pct: -100 });
    expect(a2.actual_volume_uL).toBeCloseTo(9.9, 12);
    const a1 = rec.sources.find((s) => s.well === 'A1')!;
    expect(a1).toMatchObject({
      measured_uL: 53.478,
      measured_by: 'transfer log',
      delivered_uL: 0.2,
    });
    // the plan filled 15.2 uL: 53.478 measured is more than the 15 uL dead volume away
    expect(a1.flagged).toBe(true);
    // MM0202007 measured nothing
    expect(rec.sources.find((s) => s.well === 'A2')!.measured_uL).toBeNull();

    const repick = repickOf(partialPlan, rec);
    expect(repick.impossible).toEqual([]);
    expect(repick.transfers.map((t) => [t.source_well, t.destination_well, t.volume_nL])).toEqual([
      ['A2', 'A2', 100],
      ['A2', 'B2', 100],
    ]);
  });

  it('a short transfer: actual concentration and solvent load worked by hand', () => {
    const plan: PlannedRun = {
      transfers: [
        transfer('A1', 'C3', 50, 'stauro', 10_000_000),
        transfer('A2', 'C3', 50, 'dmso', null),
      ],
      sources: [fill('A1', 'stauro', 10_000_000, 20), fill('A2', 'dmso', 0, 20)],
      wells: [{ well: 'C3', volume_uL: 10, backfill_uL: 0.05, solvent_pct: { dmso: 1 } }],
      solvents: { stauro: { key: 'dmso', pct: 100 }, dmso: { key: 'dmso', pct: 100 } },
      tolerance_pct: { 'C3|stauro': 10 },
    };
    const columns =
      'Source Plate Name,Source Well,Destination Plate Name,Destination Well,Transfer Volume,Actual Volume,Current Fluid Volume,Transfer Status';
    const text = `[DETAILS]\n${columns}\nSource[1],A1,Destination[1],C3,50,40,19.96,\nSource[1],A2,Destination[1],C3,50,50,19.95,\n`;
    const rec = reconcile(plan, [log('short.csv', text)]);
    const c3 = rec.wells[0];
    // V = 10 - 0.010 = 9.99 uL; 40 nL of 10 mM: 10^7 x 0.04 / 9.99 = 40040.04 nM (planned 50000)
    expect(c3.actual_volume_uL).toBeCloseTo(9.99, 12);
    expect(c3.reagents[0].planned_nM).toBeCloseTo(50000, 9);
    expect(c3.reagents[0].actual_nM).toBeCloseTo(40040.04004, 4);
    expect(c3.status).toBe('off');
    expect(c3.off_pct).toBeCloseTo(-19.92, 2);
    // DMSO: 0.1 uL planned, 0.09 uL came: 0.09 / 9.99 = 0.9009 %
    expect(c3.actual_solvent_pct.dmso).toBeCloseTo(0.9009, 4);
    expect(actualConcentrations(rec)).toEqual({ C3: { stauro: c3.reagents[0].actual_nM } });
    // re-pick the 10 nL owed from the same well
    const repick = repickOf(plan, rec);
    expect(repick.transfers.map((t) => [t.source_well, t.volume_nL])).toEqual([['A1', 10]]);
  });

  it('lists rows the plan does not know, never drops them', () => {
    const columns =
      'Source Plate Name,Source Well,Destination Plate Name,Destination Plate Barcode,Destination Well,Transfer Volume,Actual Volume';
    const text = `[DETAILS]\n${columns}\nSource[1],A1,Destination[1],,A1,100,100\nSource[1],A1,Destination[1],,A1,100,100\nSource[1],A1,Destination[1],,P24,100,100\nSource[1],A1,Destination[1],,B1,75,75\nSource[1],A1,Other,XYZ,B1,100,100\n`;
    const rec = reconcile(partialPlan, [log('extra.csv', text)]);
    expect(rec.unmatched.map((u) => [u.line, u.why])).toEqual([
      [4, 'it repeats a transfer an earlier row already did'],
      [5, 'no transfer is planned to P24'],
      [6, 'the plan transfers 100 nL there, not 75 nL'],
      [7, 'the destination plate XYZ is not this plate (Destination[1])'],
    ]);
    expect(rec.wells.find((w) => w.well === 'A2')!.status).toBe('not logged');
  });

  it("a re-pick run's log makes up the failures, from another well of the same liquid", () => {
    const plan: PlannedRun = {
      ...partialPlan,
      sources: [...partialPlan.sources, fill('A3', 'blue', 1000, 15.2)],
    };
    const first = log('partial.csv', fixture('partial-transfer.csv'));
    const survey: RunFile = {
      name: 'survey.csv',
      kind: 'survey',
      survey: parseSurvey(fixture('survey.csv')),
    };
    const columns =
      'Source Plate Name,Source Well,Destination Plate Name,Destination Well,Transfer Volume,Actual Volume';
    const again = log(
      'repick.csv',
      `[DETAILS]\n${columns}\nSource[1],A3,Destination[1],A2,100,100\nSource[1],A3,Destination[1],B2,100,100\n`,
    );
    // the survey says A2 holds nothing: the re-pick takes the other well of blue
    const before = reconcile(plan, [first, survey]);
    expect(before.sources.find((s) => s.well === 'A2')).toMatchObject({
      measured_uL: 0,
      measured_by: 'survey',
    });
    const repick = repickOf(plan, before);
    expect(repick.transfers.map((t) => [t.source_well, t.destination_well])).toEqual([
      ['A3', 'A2'],
      ['A3', 'B2'],
    ]);
    const after = reconcile(plan, [first, survey, again]);
    expect(after.unmatched).toEqual([]);
    expect(after.wells.every((w) => w.status === 'as planned')).toBe(true);
    expect(repickOf(plan, after).transfers).toEqual([]);
  });

  it('says a re-pick is not possible when no well holds enough', () => {
    const survey: RunFile = {
      name: 'survey.csv',
      kind: 'survey',
      survey: parseSurvey(fixture('survey.csv')),
    };
    const rec = reconcile(partialPlan, [
      log('partial.csv', fixture('partial-transfer.csv')),
      survey,
    ]);
    const repick = repickOf(partialPlan, rec);
    expect(repick.transfers).toEqual([]);
    expect(repick.impossible.map((x) => x.transfer.destination_well)).toEqual(['A2', 'B2']);
    expect(repick.impossible[0].reason).toContain('refill it');
  });
});
