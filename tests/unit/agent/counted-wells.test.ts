// A count of wells is told from an amount by the domain's unit spellings.
import { describe, expect, it } from 'vitest';
import { readWellCount } from '../../../src/server/agent/plan/counted-wells';

describe('readWellCount', () => {
  it('reads a bare count before what it counts', () => {
    expect(readWellCount('32 DMSO negative controls at 0.1 % in columns 1, 2, 47 and 48')).toEqual(
      expect.objectContaining({ count: 32, emptyOnly: false }),
    );
    expect(readWellCount('add 1 uM staurosporine to 16 wells of row B').count).toBe(16);
  });

  it('does not read an amount in any spelling of its unit as a count', () => {
    for (const amount of ['10 uM', '10 µM', '10 micromolar', '10 umol/L', '5 nL', '1 percent'])
      expect(readWellCount(`${amount} staurosporine controls in column 1`).count).toBeUndefined();
  });
});
