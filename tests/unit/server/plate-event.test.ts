// The size test of a plate_changed event, counted well by well, agrees with the size of the
// whole JSON it replaces.
import { describe, expect, it } from 'vitest';
import type { WireWell } from '../../../src/domain/plate-wire';
import { changeBytesWithin } from '../../../src/server/events/plate-event';

const well = (n: number): WireWell => ({
  label: `µ${n}`,
  sample: '',
  tags: [],
  targets: { cpd: { target_nM: n, volume_uL: 0.0025 } },
});

describe('changeBytesWithin', () => {
  it('agrees with the bytes of the whole JSON at every size', () => {
    for (const n of [0, 1, 2, 7, 40, 90]) {
      const changed = Object.fromEntries(
        Array.from({ length: n }, (_, i) => [`A${i + 1}`, well(i)]),
      );
      const removed = n % 2 ? ['B1', 'B2'] : [];
      const exact =
        Buffer.byteLength(JSON.stringify(changed)) + Buffer.byteLength(JSON.stringify(removed));
      expect(changeBytesWithin({ changed, removed }, exact)).toBe(true);
      expect(changeBytesWithin({ changed, removed }, exact - 1)).toBe(false);
    }
  });
});
