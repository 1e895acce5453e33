// The words of a reagent put into wells: "Added" only where a well lacked it; a replaced
// amount says what it was, wells grouped by the amount they held.
import { describe, expect, it } from 'vitest';
import type { WireWell } from '../../../../../src/domain/plate-wire';
import {
  describeAmount,
  heldAmount,
  setSummary,
} from '../../../../../src/server/agent/tools/set-summary';

const well = (targets: WireWell['targets']): WireWell => ({ targets }) as WireWell;
const entry = (target_nM: number | null, volume_uL: number) => ({ target_nM, volume_uL });

describe('setSummary', () => {
  it('says "Added" when every well lacked the reagent', () => {
    expect(
      setSummary('Compound A', '20.0 µM', [
        { id: 'A1', before: null },
        { id: 'A2', before: null },
      ]),
    ).toBe('Added 20.0 µM Compound A to A1, A2');
  });

  it('says "Changed ... from ... to ..." for a replaced amount, grouped by the amount held', () => {
    expect(
      setSummary('Compound A', '20.0 µM', [
        { id: 'A1', before: '10.0 µM' },
        { id: 'A2', before: '5.00 µM' },
        { id: 'A3', before: '10.0 µM' },
      ]),
    ).toBe(
      'Changed Compound A in A1, A3 from 10.0 µM to 20.0 µM; changed Compound A in A2 from 5.00 µM to 20.0 µM',
    );
  });

  it('puts the wells that lacked it first and says an unchanged amount as kept', () => {
    expect(
      setSummary('DMSO', '0.5 %', [
        { id: 'B1', before: '0.5 %' },
        { id: 'B2', before: '0.1 %' },
        { id: 'B3', before: null },
      ]),
    ).toBe(
      'Added 0.5 % DMSO to B3; changed DMSO in B2 from 0.1 % to 0.5 %; kept 0.5 % DMSO in B1 (as it was)',
    );
  });

  it('counts the amounts of a series written over instead of listing them', () => {
    const series = ['30.0 µM', '10.0 µM', '3.33 µM', '1.11 µM'].map((before, n) => ({
      id: `B${n + 1}`,
      before,
    }));
    expect(setSummary('Compound A', '5.00 µM', [...series, { id: 'B5', before: null }])).toBe(
      'Added 5.00 µM Compound A to B5; changed Compound A in B1, B2, B3, B4 from 4 different amounts to 5.00 µM',
    );
    // three amounts are still said one by one
    expect(setSummary('Compound A', '5.00 µM', series.slice(1))).toBe(
      'Changed Compound A in B2 from 10.0 µM to 5.00 µM; changed Compound A in B3 from 3.33 µM to 5.00 µM; changed Compound A in B4 from 1.11 µM to 5.00 µM',
    );
  });

  it('names many wells as a range', () => {
    const wells = Array.from({ length: 8 }, (_, n) => ({ id: `A${n + 1}`, before: '1.00 µM' }));
    expect(setSummary('Staurosporine', '2.00 µM', wells)).toBe(
      'Changed Staurosporine in 8 wells (A1 to A8) from 1.00 µM to 2.00 µM',
    );
  });
});

describe('heldAmount', () => {
  it('says a molar target as a concentration, as the new amount is said', () => {
    const w = well({ 'compound-a': entry(10_000, 0.1), dmem: entry(null, 99.9) });
    expect(heldAmount(w, 'compound-a', { stock_pct: null })).toBe('10.0 µM');
    expect(heldAmount(w, 'compound-a', undefined)).toBe(describeAmount({ target_nM: 10_000 }));
  });

  it('says a % stock by the share of the well its volume makes', () => {
    // 0.5 uL of 100 % DMSO in 100 uL is 0.5 %
    const w = well({ dmso: entry(null, 0.5), dmem: entry(null, 99.5) });
    expect(heldAmount(w, 'dmso', { stock_pct: 100 })).toBe('0.5 %');
  });

  it('says a bare volume as a volume, and nothing for a well without the reagent', () => {
    const w = well({ dmem: entry(null, 40) });
    expect(heldAmount(w, 'dmem', { stock_pct: null })).toBe('40 µL');
    expect(heldAmount(w, 'dmso', { stock_pct: 100 })).toBeNull();
    expect(heldAmount(undefined, 'dmso', { stock_pct: 100 })).toBeNull();
  });
});
