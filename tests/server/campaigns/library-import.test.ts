// Library imports on both databases: a file with bad lines stores nothing and names each
// line and why; the user may keep the good lines, said explicitly; a source well's volume
// can be set (a survey, a top-up).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call } from '../plate-fixtures';
import { importLibrary } from './campaign-fixtures';

// lines 3, 5 and 6 are bad: a well off a 384 plate, a concentration that is not a number,
// a mass concentration without a molecular weight; line 4 is a mass one with it:
// 4.6653 ug/mL of MW 466.53 is 10 uM
const FILE = [
  'barcode;well;compound;name;concentration;units;MW',
  'P1;A01;CMP-1;one;10;mM;',
  'P1;Q30;CMP-2;two;10;mM;',
  'P1;A2;CMP-3;three;4.6653;ug/mL;466.53',
  'P1;A3;CMP-4;four;ten;mM;',
  'P1;A4;CMP-5;five;5;ug/mL;',
].join('\r\n');

describe.each(DB_KINDS)('library imports on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await userHeaders('library-alice');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the three bad lines and stores nothing', async () => {
    const res = await importLibrary(t.app, alice, FILE);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      detail:
        '3 lines are refused, so nothing is stored: mend them, or import again keeping the good lines.',
      refused_lines: [
        { line: 3, reason: '"Q30" is not a well of a 384-well 384PP_DMSO2 plate' },
        { line: 5, reason: 'concentration "ten" is not a positive number' },
        { line: 6, reason: 'ug/mL needs a molecular weight' },
      ],
    });
    const list = await call(t.app, 'GET', '/api/libraries', alice);
    expect(list.json()).toEqual({ libraries: [] });
  });

  it('keeps the good lines when told to, and sets a well’s volume', async () => {
    const res = await importLibrary(t.app, alice, FILE, {
      keep_good_lines: true,
      default_plate_type: '1536LDV_DMSO',
    });
    // on a 1536 plate Q30 is a well: two bad lines are left
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().refused_lines.map((r: { line: number }) => r.line)).toEqual([5, 6]);
    const id = res.json().id;
    const wells = (await call(t.app, 'GET', `/api/libraries/${id}`, alice)).json().wells;
    expect(
      wells.map((w: Record<string, unknown>) => [w.well, w.compound_id, w.concentration_nM]),
    ).toEqual([
      ['A1', 'CMP-1', 10_000_000],
      ['Q30', 'CMP-2', 10_000_000],
      ['A2', 'CMP-3', 10_000],
    ]);
    // the working maximum of a 1536LDV_DMSO well when the file gives no volume
    expect(wells[0].current_uL).toBe(5);
    const set = await call(t.app, 'PATCH', `/api/libraries/${id}/wells`, alice, {
      barcode: 'P1',
      well: 'a01',
      current_uL: 3.25,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ well: 'A1', current_uL: 3.25, volume_uL: 5 });
    const bob = await userHeaders('library-bob');
    const theirs = await call(t.app, 'PATCH', `/api/libraries/${id}/wells`, bob, {
      barcode: 'P1',
      well: 'A1',
      current_uL: 1,
    });
    expect(theirs.statusCode).toBe(404);
  });
});
