// POST /api/templates/{id}/apply: one saved template laid on several plates of a campaign,
// each plate through the PATCH path at its own version, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

const pair = {
  name: 'Control pair',
  wells: [
    { dr: 0, dc: 0, targets: { staurosporine: { target_nM: 1000, tol_pct: 10 } }, tags: ['POS'] },
    { dr: 1, dc: 0, targets: { staurosporine: { target_nM: 10 } }, tags: ['LOW'], label: 'low' },
  ],
};

describe.each(DB_KINDS)('applying a template to several plates on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await userHeaders('apply-alice');
    bob = await userHeaders('apply-bob');
  });
  afterAll(async () => {
    await t?.close();
  });

  const plate = async (id: number, who = alice) =>
    (await call(t.app, 'GET', `/api/experiments/${id}/plate`, who)).json();
  const save = async (who: Record<string, string>) =>
    (await call(t.app, 'POST', '/api/templates', who, pair)).json().template.id as number;
  const apply = (templateId: number, body: object, who = alice) =>
    call(t.app, 'POST', `/api/templates/${templateId}/apply`, who, body);

  it('writes the template on each of the user’s plates and refuses someone else’s', async () => {
    const templateId = await save(alice);
    const first = await experimentWithBench(t.app, alice, '96');
    const second = await experimentWithBench(t.app, alice, '384');
    const theirs = await experimentWithBench(t.app, bob, '96');
    // a well already filled under the template is replaced; one beside it is kept
    const filled = await call(t.app, 'PATCH', `/api/experiments/${second}/plate`, alice, {
      version: 0,
      ops: [
        { op: 'set', wells: ['C5', 'D5'], reagent: 'assay-medium', target_nM: null, volume_uL: 10 },
        { op: 'label', wells: ['C5', 'D5'], label: 'before' },
      ],
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const theirsBefore = await plate(theirs, bob);

    const res = await apply(templateId, { experiment_ids: [first, second, theirs], at: 'B5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { experiment_id: first, ok: true, version: 1, changed: 2 },
        { experiment_id: second, ok: true, version: 2, changed: 2 },
        {
          experiment_id: theirs,
          ok: false,
          detail: `Experiment ${theirs} is not yours or does not exist`,
        },
      ],
    });

    // the 96-well plate: 100 uL wells, the medium planned as the filler
    const one = (await plate(first)).wells;
    expect(Object.keys(one).toSorted()).toEqual(['B5', 'C5']);
    expect(one.B5).toMatchObject({
      targets: {
        // 10 uL of the 1:100 (10 uM x 10 uL = 1 uM x 100 uL), the pipette's good band, not
        // 1 uL of the 1:10 (poor: at least 10 %)
        staurosporine: { target_nM: 1000, tol_pct: 10, volume_uL: 10, dilution: 100 },
        'assay-medium': { target_nM: null, volume_uL: 90 },
      },
      predicted: { staurosporine: { nM: 1000, err_pct: 0 } },
      label: '',
      tags: ['POS'],
      // the 1:100 made as 10 uL to 990 uL (0.99 x sqrt(1^2 + 1^2) = 1.40 %), the 10 uL
      // transfer 1 %: 1.72 %, within 10 %
      status: 'good',
    });
    expect(one.C5).toMatchObject({
      targets: {
        // no tolerance in the template: the reagent's default (5 %)
        // 10 uL of a 1:10000 (100 nM), made from the 1:100 in two good-band steps
        staurosporine: { target_nM: 10, tol_pct: 5, volume_uL: 10, dilution: 10000 },
        'assay-medium': { target_nM: null, volume_uL: 90 },
      },
      predicted: { staurosporine: { nM: 10, err_pct: 0 } },
      label: 'low',
      tags: ['LOW'],
      // 1.40 % for each 10 uL to 990 uL step, the 10 uL transfer 1 %: sqrt(2 x 1.4^2 + 1) =
      // 2.22 %, within the default 5 % tolerance
      status: 'good',
    });
    const two = (await plate(second)).wells;
    for (const [id, nM, tol, tags, label] of [
      ['B5', 1000, 10, ['POS'], ''],
      ['C5', 10, 5, ['LOW'], 'low'],
    ] as const) {
      expect(two[id].targets.staurosporine).toMatchObject({ target_nM: nM, tol_pct: tol });
      // acoustic droplets on a 384-well plate: near the target, within its tolerance
      const error = Math.abs(two[id].predicted.staurosporine.nM - nM) / nM;
      expect(error).toBeLessThanOrEqual(tol / 100);
      expect(two[id]).toMatchObject({ label, tags, status: 'good' });
    }
    const second2 = await plate(second);
    expect(second2.version).toBe(2);
    expect(Object.keys(second2.wells).toSorted()).toEqual(['B5', 'C5', 'D5']);
    expect(second2.wells.D5.label).toBe('before');
    // the medium laid before under C5 went with the template's clear
    expect(second2.wells.C5.targets['assay-medium'].volume_uL).not.toBe(10);
    // bob's plate is untouched
    expect(await plate(theirs, bob)).toEqual(theirsBefore);
  });

  it('leaves a plate the template does not fit as it was and writes the others', async () => {
    const templateId = await save(alice);
    const small = await experimentWithBench(t.app, alice, '96');
    const large = await experimentWithBench(t.app, alice, '384');
    // H is the last row of a 96-well plate: the template's second well falls off it
    const res = await apply(templateId, { experiment_ids: [small, large, 2_000_000], at: 'H1' });
    expect(res.statusCode, res.body).toBe(200);
    const [onSmall, onLarge, missing] = res.json().results;
    expect(onSmall).toEqual({
      experiment_id: small,
      ok: false,
      detail:
        'Op 0 (template) (well H1): Template "Control pair" at H1 runs off the plate (offset 1, 0)',
    });
    expect(onLarge).toEqual({ experiment_id: large, ok: true, version: 1, changed: 2 });
    expect(missing).toEqual({
      experiment_id: 2_000_000,
      ok: false,
      detail: 'Experiment 2000000 is not yours or does not exist',
    });
    const read = await plate(small);
    expect(read.version).toBe(0);
    expect(read.wells).toEqual({});
    expect(Object.keys((await plate(large)).wells).toSorted()).toEqual(['H1', 'I1']);
  });

  it('answers 404 for a template that is not the user’s and 400 for a bad list', async () => {
    const bobs = await save(bob);
    const mine = await experimentWithBench(t.app, alice, '96');
    const res = await apply(bobs, { experiment_ids: [mine] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Template not found' });
    expect((await apply(999_999, { experiment_ids: [mine] })).statusCode).toBe(404);
    expect((await plate(mine)).version).toBe(0);

    const own = await save(alice);
    for (const body of [
      {},
      { experiment_ids: [] },
      { experiment_ids: Array.from({ length: 51 }, (_, k) => k + 1) },
      { experiment_ids: ['1'] },
      { experiment_ids: [mine], at: 'A1234567890' },
    ]) {
      const bad = await apply(own, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof bad.json().detail).toBe('string');
    }
    expect((await apply(own, { experiment_ids: [mine] }, {})).statusCode).toBe(401);
    // without `at` the template lands on A1
    const atA1 = await apply(own, { experiment_ids: [mine, mine] });
    expect(atA1.json().results).toEqual([
      { experiment_id: mine, ok: true, version: 1, changed: 2 },
    ]);
    expect(Object.keys((await plate(mine)).wells).toSorted()).toEqual(['A1', 'B1']);
  });
});
