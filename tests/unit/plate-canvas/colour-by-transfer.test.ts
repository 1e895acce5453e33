// Colour by transfer status: each well's status from the transfer logs, a legend of counts
// in a fixed order, and without a log every filled well says so.
import { describe, expect, it } from 'vitest';
import { colourWells } from '../../../src/plate-canvas/colour-by';
import { TRANSFER_FILL } from '../../../src/plate-canvas/colour-by-transfer';
import { plateDefn } from '../../../src/domain/plate-format';
import { indexOfWellId } from '../../../src/domain/well-id';

const defn = plateDefn(384);
const held = { targets: { cpd: { target_nM: 10, volume_uL: 0.1 } } };
const wells = { A1: held, A2: held, B1: held, B2: held };

describe('colour by transfer status', () => {
  it('colours each well by its status and counts them', () => {
    const c = colourWells({
      defn,
      wells,
      reagents: [],
      mode: 'transfer',
      transfer: { A1: 'as planned', B1: 'as planned', A2: 'missed', B2: 'off' },
    });
    expect(c.fill[indexOfWellId('A2', defn)]).toBe(TRANSFER_FILL.missed.colour);
    expect(c.fill[indexOfWellId('A1', defn)]).toBe(TRANSFER_FILL['as planned'].colour);
    expect(c.fill[indexOfWellId('C1', defn)]).toBe(-1);
    expect(c.legend.map((e) => `${e.label} (${e.count})`)).toEqual([
      'As planned (2)',
      'Off the plan (1)',
      'Missed (1)',
    ]);
  });

  it('says no log was imported', () => {
    const c = colourWells({ defn, wells, reagents: [], mode: 'transfer' });
    expect(c.legend.map((e) => `${e.label} (${e.count})`)).toEqual([
      'No transfer log imported (4)',
    ]);
  });
});
