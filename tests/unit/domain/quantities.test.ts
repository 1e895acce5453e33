import { describe, expect, it } from 'vitest';
import {
  findConcentrations,
  findDirection,
  findFactor,
  findPoints,
  findReplicates,
  findVolumes,
  parseDilutionFactor,
} from '../../../src/domain/quantities';

const f = (t: string) => findFactor(t)?.factor;
const conc = (t: string) =>
  findConcentrations(t).map((c) => (c.nM != null ? `${c.nM} nM` : `${c.percent} %`));

describe('quantities in requests', () => {
  it('reads concentrations in every unit and spelling', () => {
    expect(conc('10 uM')).toEqual(['10000 nM']);
    expect(conc('10uM, 2.5 µM, 3 μM, 4 UM')).toEqual(['10000 nM', '2500 nM', '3000 nM', '4000 nM']);
    expect(conc('100 nM and 1 mM and 0.5 M')).toEqual(['100 nM', '1000000 nM', '500000000 nM']);
    expect(conc('1e-6 M')).toEqual(['1000 nM']);
    expect(conc('500 pM')).toEqual(['0.5 nM']);
    expect(conc('0.1 % DMSO, 1 percent')).toEqual(['0.1 %', '1 %']);
    expect(conc('10 micromolar')).toEqual(['10000 nM']);
    expect(conc('96 Media, 10 mL')).toEqual([]);
  });

  it('reads no quantity from the tail of a well id (found by a property run)', () => {
    // "staurosporine A1-A6 uM B3" was set at 6 uM in 7 wells
    expect(conc('staurosporine A1-A6 uM B3')).toEqual([]);
    expect(findVolumes('dmso to B12 uL')).toEqual([]);
    expect(conc('A1-A6 10 uM')).toEqual(['10000 nM']);
  });

  it('reads volumes and tells the well volume from an added volume', () => {
    expect(findVolumes('add 2 uL of X').map((v) => [v.uL, v.final])).toEqual([[2, false]]);
    expect(findVolumes('to 50 µL').map((v) => [v.uL, v.final])).toEqual([[50, true]]);
    expect(findVolumes('50 uL final').map((v) => [v.uL, v.final])).toEqual([[50, true]]);
    expect(findVolumes('10 nL').map((v) => v.uL)).toEqual([0.01]);
    expect(findVolumes('fill to 1 mL').map((v) => v.uL)).toEqual([1000]);
  });

  it('reads dilution factors', () => {
    expect(f('3-fold dilution')).toBe(3);
    expect(f('threefold')).toBe(3);
    expect(f('1:2 serial dilution')).toBe(2);
    expect(f('dilute 1 in 5')).toBe(5);
    expect(f('half-log series')).toBeCloseTo(Math.sqrt(10), 12);
    expect(f('2x dilution')).toBe(2);
    expect(f('no factor here')).toBeUndefined();
  });

  it('reads points, replicates and direction', () => {
    expect(findPoints('10 points')?.points).toBe(10);
    expect(findPoints('an 8-point curve')?.points).toBe(8);
    expect(findPoints('twelve concentrations')?.points).toBe(12);
    expect(findReplicates('in triplicate')?.replicates).toBe(3);
    expect(findReplicates('duplicates')?.replicates).toBe(2);
    expect(findReplicates('n=4')?.replicates).toBe(4);
    expect(findDirection('right to left')).toBe('left');
    expect(findDirection('down column 3')).toBe('down');
    expect(findDirection('across row B')).toBe('across');
    expect(findDirection('bottom to top')).toBe('up');
    expect(findDirection('in row B')).toBeUndefined();
  });
});

describe('a dilution factor typed in a field', () => {
  it('reads a number, "1:3", "3-fold", "3x", "half-log" and nothing more', () => {
    expect(parseDilutionFactor('3')).toBe(3);
    expect(parseDilutionFactor(' 1:3 ')).toBe(3);
    expect(parseDilutionFactor('1 in 4')).toBe(4);
    expect(parseDilutionFactor('3-fold')).toBe(3);
    expect(parseDilutionFactor('threefold')).toBe(3);
    expect(parseDilutionFactor('2.5x')).toBe(2.5);
    expect(parseDilutionFactor('Half-log')).toBe('half-log');
    expect(parseDilutionFactor('')).toBeUndefined();
    expect(parseDilutionFactor('3-fold in rows')).toBeUndefined();
    expect(parseDilutionFactor('1:3:9')).toBeUndefined();
  });
});
