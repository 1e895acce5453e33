import { describe, expect, it } from 'vitest';
import {
  PLATE_TYPE_OPTIONS,
  plateTypeName,
} from '../../../../src/panels/designer/plate-type-options';
import { canCreate } from '../../../../src/app/experiments/create-experiment-card';

describe('plate type options', () => {
  it('lists all seven types with layout and note', () => {
    expect(PLATE_TYPE_OPTIONS.map((o) => o.value)).toEqual([
      '6',
      '12',
      '24',
      '48',
      '96',
      '384',
      '1536',
    ]);
    expect(PLATE_TYPE_OPTIONS.at(-1)?.label).toBe('1536-well (32x48, ultra density)');
    expect(PLATE_TYPE_OPTIONS[0].label).toBe('6-well (2x3, large volume)');
    expect(plateTypeName('384')).toBe('384-well');
  });

  it('create needs a non-blank name and a chosen type, and not while saving', () => {
    expect(canCreate('  ', '96', false)).toBe(false);
    expect(canCreate('Sweep', '', false)).toBe(false);
    expect(canCreate(' Sweep ', '96', false)).toBe(true);
    expect(canCreate('Sweep', '96', true)).toBe(false);
  });
});
