import { describe, expect, it } from 'vitest';
import {
  REAGENT_DEFAULTS,
  REAGENT_FIELDS,
  REAGENT_TYPES,
  REAGENT_TYPE_COLORS,
  REAGENT_TYPE_COLOR_NUMBERS,
  pickDefaultVehicle,
  reagentTypeCode,
  reagentTypeColor,
  toDisplayType,
  toServerType,
} from '../../../src/domain/reagent-types';

describe('reagent types', () => {
  it('shows the server type chemical as compound and back', () => {
    expect(toDisplayType('chemical')).toBe('compound');
    expect(toDisplayType('compound')).toBe('compound');
    expect(toServerType('compound')).toBe('chemical');
    expect(toServerType('chemical')).toBe('chemical');
    expect(toDisplayType('buffer')).toBe('buffer');
    expect(toDisplayType('plasma')).toBe('other');
    expect(toServerType(undefined)).toBe('other');
  });

  it('indexes types in kernel order', () => {
    expect(REAGENT_TYPES).toEqual([
      'biological',
      'compound',
      'buffer',
      'solvent',
      'media',
      'other',
    ]);
    expect(reagentTypeCode('chemical')).toBe(1);
    expect(reagentTypeCode('solvent')).toBe(3);
  });

  it('gives each type its own valid colour', () => {
    const colours = Object.values(REAGENT_TYPE_COLORS);
    expect(new Set(colours).size).toBe(6);
    for (const c of colours) expect(c).toMatch(/^#[0-9A-F]{6}$/);
    expect(reagentTypeColor('chemical')).toBe(REAGENT_TYPE_COLORS.compound);
    expect(REAGENT_TYPE_COLOR_NUMBERS[1]).toBe(0xd55e00);
  });

  it('carries the spec defaults', () => {
    expect(REAGENT_DEFAULTS.compound).toEqual({
      solvent: 'DMSO',
      default_concentration_value: 10000,
      default_concentration_units: 'uM',
    });
    expect(REAGENT_DEFAULTS.solvent).toEqual({
      max_concentration_percent: 0.1,
      purity_grade: 'Cell culture grade',
    });
    expect(REAGENT_DEFAULTS.buffer.ph).toBe(7.4);
    expect(REAGENT_DEFAULTS.media.ph).toBe(7.4);
  });

  it('shows the fields of the spec table', () => {
    expect(REAGENT_FIELDS.compound).toEqual([
      'name',
      'solvent',
      'stock_concentration',
      'molecular_weight_g_per_mol',
    ]);
  });
});

const r = (slug: string, name: string, type: string, max: number | null = null) => ({
  slug,
  name,
  type,
  max_concentration_percent: max,
});

describe('default vehicle', () => {
  it('takes the alphabetically first media without a max concentration', () => {
    const bench = [
      r('rpmi', 'RPMI 1640', 'media'),
      r('dmso', 'DMSO', 'solvent', 0.1),
      r('dmem', 'dmem high glucose', 'media'),
      r('amem', 'Alpha MEM', 'media', 1),
    ];
    expect(pickDefaultVehicle(bench)).toBe('dmem');
  });

  it('falls back to water on the bench, never to a solvent with a limit', () => {
    const bench = [
      r('amem', 'Alpha MEM', 'media', 1),
      r('water', 'Water', 'solvent'),
      r('dmso', 'DMSO', 'solvent', 0.1),
      r('cpd', 'Compound A', 'chemical'),
    ];
    // it picked DMSO, which then filled every well to 99 % DMSO
    expect(pickDefaultVehicle(bench)).toBe('water');
  });

  it('is null when water the bench does not hold fills the wells', () => {
    expect(pickDefaultVehicle([r('cpd', 'Compound A', 'chemical')])).toBeNull();
    expect(pickDefaultVehicle([r('dmso', 'DMSO', 'solvent')])).toBeNull();
    expect(pickDefaultVehicle([])).toBeNull();
  });
});
