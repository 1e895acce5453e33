// The campaign view's reads and the per-plate exports, on both databases: a library sent as
// a multipart form (the file and its options as fields), a three-plate 384 campaign of two
// compounds a plate with two POS and two NEG controls, each plate's wells as role
// characters, the plan's figures per plate, the source plates in load order, one plate's
// picklist and bulk steps (the same as its experiment's), and others' ids answering 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call } from '../plate-fixtures';
import { CONTROL_REAGENTS, CONTROL_TEMPLATE } from './campaign-fixtures';

const LIBRARY = [
  'Plate Barcode,Well,Compound ID,Compound Name,Conc,Unit,Volume (uL)',
  'LIB-A,A1,CMP-1,one,10,mM,20',
  'LIB-A,A2,CMP-2,two,10,mM,20',
  'LIB-A,A03,CMP-3,,10,mM,',
  'LIB-B,B1,CMP-4,,10000,uM,',
  'LIB-B,B2,CMP-5,,10,mM,',
  'LIB-B,b3,CMP-6,,10,mM,2.54',
].join('\n');

/** A multipart form: text fields, then the file in the field "file". */
function form(fields: Record<string, string>, file: string, filename = 'library.csv') {
  const boundary = '----library-boundary';
  let payload = '';
  for (const [name, value] of Object.entries(fields))
    payload += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  payload +=
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: text/csv\r\n\r\n${file}\r\n--${boundary}--\r\n`;
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The role character of a well of a 384 plate. */
function roleAt(roles: string, well: string) {
  const row = well.charCodeAt(0) - 65;
  return roles[row * 24 + Number(well.slice(1)) - 1];
}

describe.each(DB_KINDS)('the campaign view and its per-plate exports on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let campaignId: number;
  let experimentIds: number[];

  const upload = (
    headers: Record<string, string>,
    fields: Record<string, string>,
    file: string,
  ) => {
    const body = form(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/libraries',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const get = (url: string, who = alice) => call(t.app, 'GET', url, who);

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await userHeaders('view-alice');
    bob = await userHeaders('view-bob');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('imports a library sent as a form, its options as fields, all or nothing', async () => {
    const bad = LIBRARY.replace('LIB-A,A2,', 'LIB-A,Q99,').replace('10000,uM', 'lots,uM');
    const refused = await upload(alice, {}, bad);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().refused_lines.map((r: { line: number }) => r.line)).toEqual([3, 5]);
    expect((await get('/api/libraries')).json()).toEqual({ libraries: [] });

    const res = await upload(
      alice,
      { plate_types: JSON.stringify({ 'LIB-A': '384PP_DMSO2', 'LIB-B': '384LDV_DMSO' }) },
      LIBRARY,
    );
    expect(res.statusCode, res.body).toBe(201);
    const library = res.json();
    // no name field: the file's name
    expect(library.name).toBe('library.csv');
    expect(library.plates).toEqual([
      { barcode: 'LIB-A', type: '384PP_DMSO2', wells: 3 },
      { barcode: 'LIB-B', type: '384LDV_DMSO', wells: 3 },
    ]);
    const unknownField = await upload(alice, { colour: 'red' }, LIBRARY);
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().detail).toMatch(/No field "colour"/);
    const notJson = await upload(alice, { mapping: '{well' }, LIBRARY);
    expect(notJson.statusCode).toBe(400);

    const made = await call(t.app, 'POST', '/api/campaigns', alice, {
      name: 'Primary',
      format: 384,
      library_id: library.id,
      barcode: { prefix: 'AS', digits: 4 },
      layout: { template: CONTROL_TEMPLATE, compound_wells: ['C5', 'D5'] },
      dose: { top: { value: 10, unit: 'uM' } },
      reagents: CONTROL_REAGENTS,
      dispensing: { assay_volume_uL: 50 },
    });
    expect(made.statusCode, made.body).toBe(201);
    campaignId = made.json().id;
    experimentIds = made.json().plates.map((p: { experiment_id: number }) => p.experiment_id);
  });

  it("draws each plate's wells as role characters", async () => {
    const res = await get(`/api/campaigns/${campaignId}/thumbnails`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect([body.format, body.rows, body.cols]).toEqual([384, 16, 24]);
    expect(body.plates.map((p: { barcode: string }) => p.barcode)).toEqual([
      'AS0001',
      'AS0002',
      'AS0003',
    ]);
    for (const p of body.plates) {
      expect(p.roles).toHaveLength(384);
      expect(['A1', 'B1', 'A24', 'B24', 'C5', 'D5'].map((w) => roleAt(p.roles, w)).join('')).toBe(
        'PPNNcc',
      );
      expect(p.roles.replaceAll('.', '')).toHaveLength(6);
      expect(p.compounds).toBe(2);
    }
  });

  it("sums the plan per plate, as the dispense plan's plates read", async () => {
    const summary = await get(`/api/campaigns/${campaignId}/plan-summary`);
    expect(summary.statusCode, summary.body).toBe(200);
    const plan = (await get(`/api/campaigns/${campaignId}/dispense-plan`)).json();
    expect(summary.json().plates).toEqual(plan.plates);
    expect(summary.json().transfer_count).toBe(plan.transfer_count);
    // LIB-B B3 runs dry on plate 3, and only there
    expect(summary.json().plates.map((p: { shortfalls: number }) => p.shortfalls)).toEqual([
      0, 0, 1,
    ]);
    expect(summary.json().shortfall_count).toBe(1);
  });

  it('lists the source plates in the order to load them', async () => {
    const res = await get(`/api/campaigns/${campaignId}/export/sources`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="campaign_${campaignId}_sources.csv"`,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Load Order,Source Plate Barcode,Source Plate Type,Contents,Wells Used,Transfers,Volume (uL),First Plate,Last Plate',
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    // LIB-A gives CMP-1 to 3 (50 nL each) to plates 1 and 2; LIB-B CMP-4 and 5 to plates 2
    // and 3 (CMP-6's well is dry); the controls' plate serves every plate
    const lib = rows.filter((r) => r[3] === 'Library compounds');
    expect(lib.map((r) => r.slice(1))).toEqual([
      ['LIB-A', '384PP_DMSO2', 'Library compounds', '3', '3', '0.15', 'AS0001', 'AS0002'],
      ['LIB-B', '384LDV_DMSO', 'Library compounds', '2', '2', '0.1', 'AS0002', 'AS0003'],
    ]);
    const controls = rows.filter((r) => r[3] === 'Controls and solvent');
    expect(controls.length).toBeGreaterThan(0);
    expect(controls.every((r) => r[7] === 'AS0001' && r[8] === 'AS0003')).toBe(true);
    expect(rows.map((r) => r[0])).toEqual(rows.map((_, k) => String(k + 1)));
  });

  it("exports one plate's picklist, the campaign's rows for its barcode", async () => {
    const res = await get(`/api/campaigns/${campaignId}/plates/2/export/picklist`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="campaign_${campaignId}_plate_2_picklist.csv"`,
    );
    const byBarcode = await get(`/api/campaigns/${campaignId}/export/picklist?plate=AS0002`);
    expect(res.body).toBe(byBarcode.body);
    const rows = res.body.trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((r) => r.split(',')[5] === 'AS0002')).toBe(true);
    const library = rows
      .map((r) => r.split(','))
      .filter((r) => r[9].startsWith('CMP-'))
      .map((r) => [r[1], r[3], r[7], r[8], r[9]]);
    expect(library).toEqual([
      ['LIB-A', 'A3', 'C5', '50', 'CMP-3'],
      ['LIB-B', 'B1', 'D5', '50', 'CMP-4'],
    ]);
  });

  it("exports one plate's bulk steps, as its experiment's bulk sheet", async () => {
    const res = await get(`/api/campaigns/${campaignId}/plates/1/export/bulk`);
    expect(res.statusCode, res.body).toBe(200);
    const own = await get(`/api/experiments/${experimentIds[0]}/export/bulk-sheet`);
    expect(res.body).toBe(own.body);
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .split('\n')[0]
        .trim(),
    ).toBe('Reagent,Volume per Well (uL),Well Count,Total (uL),Wells');
    expect(res.headers['x-unmet-wells']).toBe(own.headers['x-unmet-wells']);
  });

  it("answers 404 for a plate the campaign lacks and for another's campaign", async () => {
    const four = await get(`/api/campaigns/${campaignId}/plates/4/export/picklist`);
    expect(four.statusCode).toBe(404);
    expect(four.json().detail).toBe('No plate 4 in this campaign');
    expect((await get(`/api/campaigns/${campaignId}/plates/0/export/bulk`)).statusCode).toBe(404);
    for (const path of [
      'thumbnails',
      'plan-summary',
      'export/sources',
      'plates/1/export/picklist',
      'plates/1/export/bulk',
    ]) {
      const res = await get(`/api/campaigns/${campaignId}/${path}`, bob);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().detail).toBe('Campaign not found');
    }
  });
});
