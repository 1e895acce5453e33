import { describe, expect, it } from 'vitest';
import { plateDefn } from '../../../src/domain/plate-format';
import { STATUS } from '../../../src/domain/prediction';
import {
  appearanceFromMetrics,
  emptyAppearance,
  MARKER,
  markerOfTags,
  markersOfWells,
  textColorOn,
} from '../../../src/plate-canvas/well-appearance';

describe('markerOfTags', () => {
  it('maps control, vehicle and reserved tags; the strongest wins', () => {
    expect(markerOfTags(undefined)).toBe(MARKER.NONE);
    expect(markerOfTags(['TARGET:stauro@1000', 'SERIES:a:1'])).toBe(MARKER.NONE);
    expect(markerOfTags(['POS'])).toBe(MARKER.POSITIVE);
    expect(markerOfTags(['neg'])).toBe(MARKER.NEGATIVE);
    expect(markerOfTags(['DMSO'])).toBe(MARKER.VEHICLE);
    expect(markerOfTags(['ZERO'])).toBe(MARKER.VEHICLE);
    expect(markerOfTags(['vehicle'])).toBe(MARKER.VEHICLE);
    expect(markerOfTags(['vehicle', 'POS', 'RESERVED'])).toBe(MARKER.RESERVED);
  });
});

describe('markersOfWells', () => {
  it('places each well’s marker at its index and skips ids off the plate', () => {
    const m = markersOfWells(plateDefn(96), {
      A1: { targets: {}, tags: ['POS'] },
      h12: { targets: {}, tags: ['NEG'] },
      Z99: { targets: {}, tags: ['POS'] },
      B1: { targets: {} },
    });
    expect(m.length).toBe(96);
    expect(m[0]).toBe(MARKER.POSITIVE);
    expect(m[95]).toBe(MARKER.NEGATIVE);
    expect(m[12]).toBe(MARKER.NONE);
  });
});

describe('appearanceFromMetrics', () => {
  it('colours each well by its dominant reagent’s type and keeps the statuses', () => {
    const a = appearanceFromMetrics(
      {
        dominant: Int16Array.from([-1, 0, 2]),
        status: Uint8Array.from([STATUS.EMPTY, STATUS.GOOD, STATUS.ERROR]),
      },
      Uint8Array.from([1, 3, 4]), // compound, solvent, media
      Uint8Array.from([0, MARKER.POSITIVE, 0]),
    );
    expect(Array.from(a.typeCode)).toEqual([-1, 1, 4]);
    expect(Array.from(a.status)).toEqual([STATUS.EMPTY, STATUS.GOOD, STATUS.ERROR]);
    expect(Array.from(a.marker)).toEqual([0, MARKER.POSITIVE, 0]);
  });

  it('starts empty', () => {
    const a = emptyAppearance(6);
    expect(Array.from(a.typeCode)).toEqual([-1, -1, -1, -1, -1, -1]);
  });
});

describe('textColorOn', () => {
  it('writes dark on light fills and white on dark ones', () => {
    expect(textColorOn(0xffffff)).not.toBe(0xffffff);
    expect(textColorOn(0x0072b2)).toBe(0xffffff);
  });
});
