import { describe, expect, it } from 'vitest';
import { solventOfReagent } from '../../../../src/domain/chemistry';
import { solventKey } from '../../../../src/domain/chemistry/solvents';

describe('solvents', () => {
  it('names one key for the spellings of a solvent', () => {
    expect(solventKey('DMSO')).toBe('dmso');
    expect(solventKey('dimethyl sulfoxide')).toBe('dmso');
    expect(solventKey('dmso-anhydrous')).toBe('dmso');
    expect(solventKey('EtOH')).toBe('ethanol');
  });

  it('water and aqueous buffers are not solvents', () => {
    expect(solventKey('water')).toBeNull();
    expect(solventKey('PBS')).toBeNull();
    expect(solventOfReagent('solvent', null, 'water-nuclease-free')).toBeNull();
  });

  it('a compound brings its stock solvent; media and biologicals bring none', () => {
    expect(solventOfReagent('chemical', 'DMSO', 'staurosporine')).toBe('dmso');
    expect(solventOfReagent('biological', 'DMEM', 'cells')).toBeNull();
    expect(solventOfReagent('solvent', null, 'ethanol')).toBe('ethanol');
  });
});
