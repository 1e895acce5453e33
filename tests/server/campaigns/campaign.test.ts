// A campaign worked by hand: three 384 assay plates from two library plates, on both
// databases. Each compound is 10 uM in a 50 uL well from a 10 mM stock: 50 nL, 20 droplets
// of 2.5 nL. The library's volumes and dead volumes (384PP_DMSO2 15 uL, 384LDV_DMSO 2.5 uL)
// give each source well's remaining volume; LIB-B B3 holds 2.54 uL, 0.04 uL above its dead
// volume, so the 50 nL of plate 3 cannot come from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';
import { CONTROL_REAGENTS, CONTROL_TEMPLATE, importLibrary } from './campaign-fixtures';

const LIBRARY = [
  'Plate Barcode,Well,Compound ID,Compound Name,Conc,Unit,Volume (uL)',
  'LIB-A,A1,CMP-1,one,10,mM,20',
  'LIB-A,A2,CMP-2,two,10,mM,20',
  'LIB-A,A03,CMP-3,,10,mM,',
  'LIB-B,B1,CMP-4,,10000,uM,',
  'LIB-B,B2,CMP-5,,10,mM,',
  'LIB-B,b3,CMP-6,,10,mM,2.54',
].join('\n');

describe.each(DB_KINDS)('a three-plate campaign on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let campaignId: number;
  let experimentIds: number[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await userHeaders('campaign-alice');
    bob = await userHeaders('campaign-bob');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('imports the library with each plate type', async () => {
    const res = await importLibrary(t.app, alice, LIBRARY, {
      plate_types: { 'LIB-A': '384PP_DMSO2', 'LIB-B': '384LDV_DMSO' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.plates).toEqual([
      { barcode: 'LIB-A', type: '384PP_DMSO2', wells: 3 },
      { barcode: 'LIB-B', type: '384LDV_DMSO', wells: 3 },
    ]);
    expect(body.compounds).toBe(6);
    expect(body.refused_lines).toEqual([]);
    // search by name; a volume left out is the plate type's working maximum
    const found = await call(t.app, 'GET', `/api/libraries/${body.id}?q=TWO`, alice);
    expect(found.json().wells.map((w: { well: string }) => w.well)).toEqual(['A2']);
    const a3 = await call(t.app, 'GET', `/api/libraries/${body.id}?q=CMP-3`, alice);
    expect(a3.json().wells[0]).toMatchObject({ well: 'A3', volume_uL: 65, current_uL: 65 });
    expect((await call(t.app, 'GET', `/api/libraries/${body.id}`, bob)).statusCode).toBe(404);

    const made = await call(t.app, 'POST', '/api/campaigns', alice, {
      name: 'Primary',
      format: 384,
      library_id: body.id,
      barcode: { prefix: 'AS', digits: 4 },
      layout: { template: CONTROL_TEMPLATE, compound_wells: ['C5', 'D5'] },
      dose: { top: { value: 10, unit: 'uM' } },
      reagents: CONTROL_REAGENTS,
      dispensing: { assay_volume_uL: 50 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const c = made.json();
    expect(c.plates.map((p: { barcode: string }) => p.barcode)).toEqual([
      'AS0001',
      'AS0002',
      'AS0003',
    ]);
    expect(c.per_plate).toBe(2);
    expect(c.empty_wells_last_plate).toBe(0);
    campaignId = c.id;
    experimentIds = c.plates.map((p: { experiment_id: number }) => p.experiment_id);
  });

  it('puts each compound in its well of its plate, as an ordinary plate', async () => {
    const expected = [
      ['CMP-1', 'CMP-2'],
      ['CMP-3', 'CMP-4'],
      ['CMP-5', 'CMP-6'],
    ];
    for (const [k, id] of experimentIds.entries()) {
      const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, alice)).json();
      expect([plate.wells.C5.sample, plate.wells.D5.sample]).toEqual(expected[k]);
      expect(plate.wells.C5.targets['library-10000um-dmso']).toMatchObject({
        target_nM: 10_000,
        volume_uL: 0.05,
      });
      expect(plate.wells.A1.tags).toEqual(['POS']);
      expect(plate.wells.B24.tags).toEqual(['NEG']);
      expect(Object.keys(plate.wells).toSorted()).toEqual(['A1', 'A24', 'B1', 'B24', 'C5', 'D5']);
    }
    // someone else's experiment and campaign are missing to them
    expect((await call(t.app, 'GET', `/api/campaigns/${campaignId}`, bob)).statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/campaigns/${campaignId}/dispense-plan`, bob)).statusCode,
    ).toBe(404);
  });

  it('plans every transfer from the library wells and follows their volumes', async () => {
    const res = await call(t.app, 'GET', `/api/campaigns/${campaignId}/dispense-plan`, alice);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json();
    const library = plan.transfers
      .filter((x: { compound_id: string | null }) => x.compound_id)
      .map(
        (x: Record<string, unknown>) =>
          `${x.source_barcode} ${x.source_well} -> ${x.destination_barcode} ${x.destination_well} ${x.volume_nL}`,
      );
    // grouped by source plate, then destination plate; CMP-6 (LIB-B B3) is not among them
    expect(library).toEqual([
      'LIB-A A1 -> AS0001 C5 50',
      'LIB-A A2 -> AS0001 D5 50',
      'LIB-A A3 -> AS0002 C5 50',
      'LIB-B B1 -> AS0002 D5 50',
      'LIB-B B2 -> AS0003 C5 50',
    ]);
    const remaining = Object.fromEntries(
      plan.library.map((s: Record<string, unknown>) => [
        `${s.barcode} ${s.well}`,
        [s.remaining_uL, s.dead_uL],
      ]),
    );
    expect(remaining).toEqual({
      'LIB-A A1': [19.95, 15],
      'LIB-A A2': [19.95, 15],
      'LIB-A A3': [64.95, 15],
      'LIB-B B1': [11.95, 2.5],
      'LIB-B B2': [11.95, 2.5],
      'LIB-B B3': [2.54, 2.5],
    });
    expect(plan.shortfalls).toEqual([
      {
        plate: 'AS0003',
        plate_index: 3,
        destination_well: 'D5',
        compound_id: 'CMP-6',
        volume_uL: 0.05,
        source_barcode: 'LIB-B',
        source_well: 'B3',
        available_uL: 0.04,
        remedy: 'Top up LIB-B B3 with at least 10 nL of CMP-6, or add a second source well of it',
      },
    ]);
    expect(plan.plates.map((p: { shortfalls: number }) => p.shortfalls)).toEqual([0, 0, 1]);
    expect([plan.transfer_count, plan.library_count, plan.unmet_count]).toEqual([11, 6, 0]);
    // the controls: 50 nL of 1 mM staurosporine for 1 uM in 50 uL, two wells a plate
    const controls = plan.transfers.filter(
      (x: { reagent: string }) => x.reagent === 'staurosporine',
    );
    expect(controls).toHaveLength(6);
    expect(controls.every((x: { volume_nL: number }) => x.volume_nL === 50)).toBe(true);
  });

  it('exports the picklist of the campaign and of one plate, and the tidy plate map', async () => {
    const all = await call(t.app, 'GET', `/api/campaigns/${campaignId}/export/picklist`, alice);
    expect(all.statusCode).toBe(200);
    const lines = all.body.trim().split('\n');
    expect(lines[0]).toMatch(/^Source Plate Name,Source Plate Barcode/);
    expect(lines).toHaveLength(1 + 5 + 6);
    expect(lines).toContain(
      'LIB-A,LIB-A,384PP_DMSO2,A1,AS0001,AS0001,Corning_384_Flat,C5,50,CMP-1,10000,uM',
    );
    const one = await call(
      t.app,
      'GET',
      `/api/campaigns/${campaignId}/export/picklist?plate=AS0002`,
      alice,
    );
    expect(one.body.trim().split('\n')).toHaveLength(1 + 2 + 2);
    const map = await call(t.app, 'GET', `/api/campaigns/${campaignId}/export/platemap`, alice);
    expect(map.body).toContain('AS0003,D5,compound,CMP-6,library-10000um-dmso,10,0.05');
    const xlsx = await call(
      t.app,
      'GET',
      `/api/campaigns/${campaignId}/export/platemap?format=xlsx`,
      alice,
    );
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a campaign that names a reagent twice, writing nothing', async () => {
    const before = (await call(t.app, 'GET', '/api/experiments/', alice)).json().length;
    const library = (await call(t.app, 'GET', '/api/libraries', alice)).json().libraries[0].id;
    const res = await call(t.app, 'POST', '/api/campaigns', alice, {
      name: 'Twice',
      format: 384,
      library_id: library,
      barcode: { prefix: 'T' },
      layout: { template: CONTROL_TEMPLATE },
      dose: { top: { value: 10, unit: 'uM' } },
      reagents: [...CONTROL_REAGENTS, CONTROL_REAGENTS[1]],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'reagents: "assay-buffer" is named twice; name each reagent once',
    );
    expect((await call(t.app, 'GET', '/api/experiments/', alice)).json()).toHaveLength(before);
  });

  it('takes the bench of a designed plate, and refuses someone else’s', async () => {
    const designed = await experimentWithBench(t.app, alice, '384');
    const library = (await call(t.app, 'GET', '/api/libraries', alice)).json().libraries[0].id;
    const body = {
      name: 'From the designer',
      format: 384,
      library_id: library,
      barcode: { prefix: 'D' },
      layout: {
        template: {
          name: 'Pair',
          wells: [{ dr: 0, dc: 0, targets: { staurosporine: { target_nM: 100 } }, tags: ['POS'] }],
        },
        compound_wells: ['C3:D4'],
      },
      dose: { top: { value: 1, unit: 'uM' } },
      bench_from: designed,
    };
    const res = await call(t.app, 'POST', '/api/campaigns', alice, body);
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json().plates[0].experiment_id;
    const bench = (
      await call(t.app, 'GET', `/api/experiments/${first}/bench/reagents`, alice)
    ).json();
    expect(bench.map((r: { slug: string }) => r.slug).toSorted()).toEqual([
      'assay-medium',
      'dmso',
      'library-10000um-dmso',
      'staurosporine',
    ]);
    const bobs = (await importLibrary(t.app, bob, LIBRARY)).json().id;
    const theirs = await call(t.app, 'POST', '/api/campaigns', bob, { ...body, library_id: bobs });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe(`bench_from: experiment ${designed} not found`);
  });
});
