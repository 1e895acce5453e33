import { describe, expect, it } from 'vitest';
import { fitRows, ic50Text } from '../../../../src/domain/results/result-tables';
import type { PlateResults } from '../../../../src/domain/schemas/results';
import { csvText } from '../../../../src/server/exports/download';

const estimate = (value: number) => ({ value, se: 1, lower: value - 2, upper: value + 2 });
const fit = (e: number, censored: '>' | '<' | null) => ({
  ok: true as const,
  b: estimate(1),
  c: estimate(0),
  d: estimate(100),
  e: estimate(e),
  rse: 2,
  df: 16,
  iterations: 9,
  censored,
  range: [0.5, 10_000] as [number, number],
});

describe('result tables', () => {
  it('says an IC50 beyond the tested range as censored', () => {
    expect(ic50Text(fit(123.456, null))).toBe('123 nM');
    expect(ic50Text(fit(50_000, '>'))).toBe('> 10000 nM');
    expect(ic50Text(fit(0.1, '<'))).toBe('< 0.5 nM');
    expect(
      ic50Text({ ok: false, message: 'The fit did not converge in 200 steps', iterations: 200 }),
    ).toBe('The fit did not converge in 200 steps');
  });

  it('writes the fit table as CSV whose cells cannot run as formulas', () => {
    const results = {
      readout: {
        id: 1,
        run: 1,
        barcode: 'P1',
        channel: '',
        file_name: 'f.csv',
        wells: 20,
        created_at: '',
      },
      fits: [
        { compound: '=HYPERLINK("x")', x: [1, 2], y: [1, 2], response: 'raw', fit: fit(5, null) },
      ],
    } as unknown as PlateResults;
    const lines = csvText(fitRows(results), false).trim().split('\n');
    expect(lines[0]).toBe(
      'barcode,compound,points,ic50,ic50_nM,ic50_lower_nM,ic50_upper_nM,hill,bottom,top,rse,df,note',
    );
    expect(lines[1]).toBe(`P1,"'=HYPERLINK(""x"")",2,5 nM,5,3,7,1,0,100,2,16,`);
  });
});
