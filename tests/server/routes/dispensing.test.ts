// Dispensing settings, instruments and the dispense plan through the real app.
import { parse } from 'csv-parse/sync';
import { read, utils } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

describe.each(DB_KINDS)('dispensing on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let stranger: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('dispenser');
    stranger = await userHeaders('stranger');
    id = await experimentWithBench(t.app, owner, '384');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string) =>
    t.app.inject({ url: `/api/experiments/${id}/export/${path}`, headers: owner });

  it('lists the instruments and source plate types', async () => {
    const res = await t.app.inject({ url: '/api/instruments' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.instruments.map((i: { id: string }) => i.id)).toContain('echo-650');
    const echo = body.instruments.find((i: { id: string }) => i.id === 'echo-650');
    expect(echo.step_nL).toBe(2.5);
    expect(body.source_plate_types.map((p: { id: string }) => p.id)).toContain('1536LDV_DMSO');
  });

  it('answers the format defaults, stores a PUT and refuses bad values and strangers', async () => {
    const url = `/api/experiments/${id}/dispensing`;
    const first = await call(t.app, 'GET', url, owner);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      instrument: 'echo-650',
      assay_volume_uL: 50,
      source_plate_type: '384PP_DMSO2',
      destination_plate_type: 'Corning_384_Flat',
      backfill: null,
    });
    const put = await call(t.app, 'PUT', url, owner, {
      destination_barcode: 'DEST-7',
      backfill: { solvent: 'dmso', percent: 1 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      destination_barcode: 'DEST-7',
      backfill: { solvent: 'dmso', percent: 1 },
      instrument: 'echo-650',
    });
    expect((await call(t.app, 'GET', url, owner)).json().destination_barcode).toBe('DEST-7');
    const bad = await call(t.app, 'PUT', url, owner, { instrument: 'teleporter' });
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, 'GET', url, stranger)).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', url, stranger, { destination_barcode: 'X' })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, stranger)).statusCode,
    ).toBe(404);
    await call(t.app, 'PUT', url, owner, { backfill: null, destination_barcode: '' });
  });

  it('plans whole droplets from the stock, with no unmet wells', async () => {
    const put = await call(t.app, 'PUT', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      defn: { format: 384, rows: 16, cols: 24 },
      wells: {
        // 1e6 nM x 0.05 uL / 50 uL = 1000 nM: 50 nL, 20 droplets of 2.5 nL, from the stock.
        A1: {
          targets: {
            staurosporine: { target_nM: 1000, volume_uL: 0.05 },
            'assay-medium': { target_nM: null, volume_uL: 49.95 },
          },
        },
        // 1e6 nM x 0.1 uL / 50 uL = 2000 nM: 100 nL, 40 droplets.
        A2: {
          targets: {
            staurosporine: { target_nM: 2000, volume_uL: 0.1 },
            'assay-medium': { target_nM: null, volume_uL: 49.9 },
          },
        },
      },
    });
    expect(put.statusCode).toBe(200);
    const res = await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner);
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    const a1 = plan.transfers.filter(
      (x: { destination_well: string }) => x.destination_well === 'A1',
    );
    expect(a1).toHaveLength(1);
    expect(a1[0]).toMatchObject({ reagent: 'staurosporine', volume_nL: 50, stock_nM: 1e6 });
    const a2 = plan.transfers.filter(
      (x: { destination_well: string }) => x.destination_well === 'A2',
    );
    expect(a2[0].volume_nL).toBe(100);
    expect(res.headers['x-unmet-wells']).toBe(
      String(new Set(plan.unmet.map((u: { well: string }) => u.well)).size),
    );
    expect(plan.unmet).toEqual([]);
  });

  it('writes the picklist and fill sheet of that plan, each answer naming its unmet wells', async () => {
    const pick = await get('picklist');
    expect(pick.statusCode).toBe(200);
    expect(pick.headers['x-unmet-wells']).toBe('0');
    const rows = parse(pick.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => [r['Destination Well'], r['Transfer Volume']])).toEqual([
      ['A1', '50'],
      ['A2', '100'],
    ]);
    // both from one stock well of the 384PP_DMSO2 source plate
    expect(new Set(rows.map((r) => `${r['Source Plate Type']} ${r['Source Well']}`)).size).toBe(1);
    expect(rows[0]['Source Plate Type']).toBe('384PP_DMSO2');
    const fill = parse((await get('fill-sheet')).body, { columns: false, bom: true }) as string[][];
    // 150 nL of transfers plus the 15 uL dead volume of a 384PP_DMSO2 well
    const header = fill[0];
    const fillCol = header.findIndex((h) => h.startsWith('Fill'));
    expect(fillCol).toBeGreaterThan(-1);
    expect(Number(fill[1][fillCol])).toBeCloseTo(15.15, 6);
    for (const path of ['csv', 'excel', 'transfer-list', 'bulk-sheet', 'worklist']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['x-unmet-wells'], path).toBe('0');
    }
  });

  it('counts unmet wells and lists them with reasons in the unmet file, never in the picklist', async () => {
    const current = await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner);
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: current.json().version,
      ops: [
        // 1e6 nM x 0.001 uL / 50 uL = 20 nM wanted from 1 nL: below one 2.5 nL droplet
        { op: 'set', wells: ['B1'], reagent: 'staurosporine', target_nM: 20, volume_uL: 0.001 },
        { op: 'set', wells: ['B1'], reagent: 'assay-medium', volume_uL: 49.999 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner)).json();
    const count = new Set(plan.unmet.map((u: { well: string }) => u.well)).size;
    expect(plan.unmet.map((u: { well: string }) => u.well)).toContain('B1');
    const pick = await t.app.inject({
      url: `/api/experiments/${id}/export/picklist`,
      headers: owner,
    });
    expect(pick.headers['x-unmet-wells']).toBe(String(count));
    const rows = parse(pick.body, { columns: true, bom: true }) as Record<string, string>[];
    // no row of an unmet well: an instrument run from the picklist dispenses none of them
    expect(rows.filter((r) => r['Destination Well'] === 'B1')).toEqual([]);
    expect(Object.keys(rows[0] ?? {})).not.toContain('Unmet Reason');
    expect(
      plan.transfers.some((x: { destination_well: string }) => x.destination_well === 'B1'),
    ).toBe(false);
    const unmetFile = await t.app.inject({
      url: `/api/experiments/${id}/export/unmet`,
      headers: owner,
    });
    const unmetRows = parse(unmetFile.body, { columns: true, bom: true }) as Record<
      string,
      string
    >[];
    expect(unmetRows).toHaveLength(plan.unmet.length);
    expect(unmetRows.map((u) => u.Well)).toContain('B1');
  });

  it('neutralises formula-leading cells in CSV and keeps them as text in Excel', async () => {
    const url = `/api/experiments/${id}/dispensing`;
    await call(t.app, 'PUT', url, owner, { destination_barcode: '=HYPERLINK("http://x")' });
    const pick = await t.app.inject({
      url: `/api/experiments/${id}/export/picklist`,
      headers: owner,
    });
    const rows = parse(pick.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows[0]['Destination Plate Barcode']).toBe(`'=HYPERLINK("http://x")`);
    // numbers stay numbers
    expect(rows[0]['Transfer Volume']).toBe('50');
    const xlsx = await t.app.inject({
      url: `/api/experiments/${id}/export/excel`,
      headers: owner,
    });
    const wb = read(xlsx.rawPayload, { type: 'buffer', cellFormula: true });
    const ws = wb.Sheets.Picklist;
    const cells = Object.entries(ws).filter(([k]) => !k.startsWith('!'));
    const barcode = cells.find(([, c]) => String(c.v).startsWith('=HYPERLINK'));
    expect(barcode?.[1].t).toBe('s');
    expect(barcode?.[1].f).toBeUndefined();
    expect(utils.sheet_to_json(ws).length).toBeGreaterThan(0);
    await call(t.app, 'PUT', url, owner, { destination_barcode: '' });
  });

  it('computes the plate with the settings: backfill shown, set ops planned in whole droplets', async () => {
    const url = `/api/experiments/${id}/dispensing`;
    const before = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    expect(before.wells.A1.metrics.backfillUl).toBeUndefined();
    await call(t.app, 'PUT', url, owner, { backfill: { solvent: 'dmso', percent: 1 } });
    const after = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    // A1 holds 50 nL of the DMSO stock in 50 uL; the backfill b joins the well:
    // (0.05 + b) / (50 + b) = 1 % gives b = 0.45 / 0.99 = 0.4545 uL, 181.8 droplets, so 182
    // droplets of 2.5 nL = 0.455 uL
    expect(after.wells.A1.metrics.backfillUl).toBeCloseTo(0.455, 9);
    expect(after.version).toBe(before.version);
    await call(t.app, 'PUT', url, owner, { backfill: null });

    // 1e6 nM stock, 30 nM in 50 uL: 1.5 nL, rounded to one 2.5 nL droplet would miss by 67 %,
    // so the engine plans an intermediate; whatever it picks, the volume is whole droplets
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: after.version,
      ops: [
        { op: 'set', wells: ['C1'], reagent: 'assay-medium', volume_uL: 49.9 },
        { op: 'set', wells: ['C1'], reagent: 'staurosporine', target_nM: 30 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    const c1 = plate.wells.C1.targets.staurosporine;
    const droplets = (c1.volume_uL * 1000) / 2.5;
    expect(Math.abs(droplets - Math.round(droplets))).toBeLessThan(1e-9);
    // the predicted concentration is within the 5 % tolerance of 30 nM
    const predicted = ((1e6 / (c1.dilution ?? 1)) * c1.volume_uL) / plate.wells.C1.metrics.volumeUl;
    expect(Math.abs(predicted / 30 - 1)).toBeLessThanOrEqual(0.05);
    expect(c1.dilution).toBeGreaterThan(1);
  });
});
