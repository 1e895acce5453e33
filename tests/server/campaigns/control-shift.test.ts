// Controls that move from plate to plate under a seed (so a swapped plate shows in the data):
// each plate's control wells are the layout's moved down its shift (rows wrap), in the same
// columns, so every plate keeps its POS and NEG balanced between the left and right halves;
// the same seed gives the same plates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call } from '../plate-fixtures';
import { CONTROL_REAGENTS, importLibrary } from './campaign-fixtures';

const COMPOUNDS = Array.from(
  { length: 12 },
  (_, k) => `L1,${String.fromCharCode(65 + k)}1,C-${k + 1},10`,
);
const LIBRARY = ['Barcode,Well,Compound ID,Concentration', ...COMPOUNDS].join('\n');

// POS in A1 and A2, NEG in B1 and B2 of a 384 plate: the left half; and the same in
// columns 23-24: the right half
const TEMPLATE = {
  name: 'Checker',
  wells: [0, 1, 22, 23].flatMap((dc) => [
    { dr: 0, dc, targets: { staurosporine: { target_nM: 1000 } }, tags: ['POS'] },
    { dr: 1, dc, targets: { 'assay-buffer': { target_nM: null } }, tags: ['NEG'] },
  ]),
};

describe.each(DB_KINDS)('control positions shifted per plate on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await userHeaders('shift-alice');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('moves the controls by each plate’s shift, the same under the same seed', async () => {
    const library = (await importLibrary(t.app, alice, LIBRARY)).json().id;
    const make = async () => {
      const res = await call(t.app, 'POST', '/api/campaigns', alice, {
        name: 'Shifted',
        format: 384,
        library_id: library,
        barcode: { prefix: 'S', digits: 3 },
        layout: { template: TEMPLATE, compound_wells: ['E5:E8'], shift_seed: 42 },
        dose: { top: { value: 10, unit: 'uM' } },
        reagents: CONTROL_REAGENTS,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (await call(t.app, 'GET', `/api/campaigns/${res.json().id}`, alice)).json();
    };
    const first = await make();
    const second = await make();
    const shifts = first.plates.map((p: { control_shift: number }) => p.control_shift);
    expect(shifts).toHaveLength(3);
    expect(shifts[0]).toBe(0);
    expect(shifts).toEqual(second.plates.map((p: { control_shift: number }) => p.control_shift));
    expect(new Set(shifts).size).toBeGreaterThan(1);

    for (const p of first.plates) {
      const plate = (
        await call(t.app, 'GET', `/api/experiments/${p.experiment_id}/plate`, alice)
      ).json();
      const rows = 'ABCDEFGHIJKLMNOP';
      const pos = rows[p.control_shift % 16];
      const neg = rows[(p.control_shift + 1) % 16];
      const tagged = (tag: string) => ((plate.indices.tags[tag] ?? []) as string[]).toSorted();
      expect(tagged('POS')).toEqual([`${pos}1`, `${pos}2`, `${pos}23`, `${pos}24`].toSorted());
      expect(tagged('NEG')).toEqual([`${neg}1`, `${neg}2`, `${neg}23`, `${neg}24`].toSorted());
      // the compounds keep their wells
      expect(plate.wells.E5.sample).toMatch(/^C-\d+$/);
    }
  });
});
