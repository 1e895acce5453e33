import { describe, expect, it } from 'vitest';
import { bScores, medianPolish } from '../../../../src/domain/results/median-polish';

// R's medpolish documentation example ("deaths"): 5 rows x 3 columns.
const deaths = [14, 15, 14, 7, 4, 7, 8, 2, 10, 15, 9, 10, 0, 2, 0];

describe('median polish', () => {
  it("reproduces R's medpolish on the deaths example", () => {
    const mp = medianPolish(deaths, 5, 3);
    expect(mp.overall).toBe(8);
    expect([...mp.row]).toEqual([6, -1, 0, 2, -8]);
    expect([...mp.col]).toEqual([0, -1, 0]);
    // R prints these residuals: 9 of the 15 are 0, so their median |e| (the MAD) is 0
    expect([...mp.residuals]).toEqual([0, 2, 0, 0, -2, 0, 0, -5, 2, 5, 0, 0, 0, 3, 0]);
  });

  it('refuses the B-score when the residual MAD is 0', () => {
    const b = bScores(deaths, 5, 3);
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.message).toMatch(/MAD is 0/);
  });

  it('scores a plate with a row effect and a hit', () => {
    // 4 x 4 with row 2 raised by 10, noise, and one outlier
    const noise = [
      0.3, -0.2, 0.1, -0.4, 0.2, 0.5, -0.1, 0.0, -0.3, 0.1, 0.4, -0.2, 0.0, -0.5, 0.2, 0.3,
    ];
    const plate = noise.map((e, i) => 50 + e + (Math.floor(i / 4) === 1 ? 10 : 0));
    plate[10] = 80;
    const b = bScores(plate, 4, 4);
    if (!b.ok) throw new Error(b.message);
    const others = [...b.scores].filter((_, i) => i !== 10).map(Math.abs);
    expect(b.scores[10]).toBeGreaterThan(5 * Math.max(...others));
    expect(b.polish.row[1] - b.polish.row[0]).toBeGreaterThan(9);
  });
});
