// One plate's row of the campaign QC table, worked by hand: roles from the wells' tags, Z'
// and the control CVs against the thresholds, and "not known" when Z' cannot be worked out.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CAMPAIGN_QC, plateQcRow } from '../../../../src/domain/results/campaign-qc';

const WELLS = {
  A1: { tags: ['POS'] },
  A2: { tags: ['POS'] },
  B1: { tags: ['NEG'] },
  B2: { tags: ['NEG'] },
  C1: { tags: [] },
};

describe('plateQcRow', () => {
  it('passes a plate whose Z and CVs are within the thresholds', () => {
    // POS 90, 110: mean 100, sd 14.14; NEG 990, 1010: sd 14.14; Z' = 1 - 3 x 28.28 / 900
    const row = plateQcRow(
      WELLS,
      { A1: 90, A2: 110, B1: 990, B2: 1010, C1: 5 },
      DEFAULT_CAMPAIGN_QC,
    );
    expect(row.qc.z_prime).toBeCloseTo(1 - (3 * 2 * Math.SQRT2 * 10) / 900, 12);
    expect(row.qc.pos?.n).toBe(2);
    expect(row.pass).toBe(true);
    expect(row.failures).toEqual([]);
  });

  it('names every threshold a plate fails', () => {
    // POS 50, 150: sd 70.71, CV 70.7 %; Z' = 1 - 3 (70.71 + 14.14) / 900 = 0.717
    const row = plateQcRow(
      WELLS,
      { A1: 50, A2: 150, B1: 990, B2: 1010 },
      {
        z_prime_min: 0.75,
        cv_max_pct: 20,
      },
    );
    expect(row.pass).toBe(false);
    expect(row.failures).toEqual(["Z' 0.72 < 0.75", 'CV POS 70.7 % > 20 %']);
  });

  it('cannot say without two wells of each control', () => {
    const row = plateQcRow(WELLS, { A1: 90, B1: 990, B2: 1010 }, DEFAULT_CAMPAIGN_QC);
    expect(row.qc.z_prime).toBeNull();
    expect(row.pass).toBeNull();
    expect(row.qc.notes).toContain("One positive control well: no per-plate Z'");
  });
});
