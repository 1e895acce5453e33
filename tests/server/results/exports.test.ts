// Exports of a readout's results: the tidy well table and the fit table as CSV, and both as
// an Excel workbook, read back cell by cell; another user's readout answers 404. Both
// databases.
import { read, utils } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { multipart, postFile } from '../multipart';
import { call, experimentWithBench } from '../plate-fixtures';

// POS reads 100 +- 10, NEG 1000 +- 10, and staurosporine at 10 and 1 uM, 2 replicates.
const READINGS: Record<string, number> = {
  A1: 90,
  A2: 110,
  B1: 990,
  B2: 1010,
  C1: 200,
  C2: 210,
  D1: 800,
  D2: 820,
};

describe.each(DB_KINDS)('results exports on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('export-owner');
    const id = await experimentWithBench(t.app, owner, '96');
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      ops: [
        {
          op: 'series',
          compounds: [{ reagent: 'staurosporine' }],
          top: { value: 10, unit: 'uM' },
          factor: 10,
          points: 2,
          replicates: 2,
          direction: 'rows',
          region: ['C1:D2'],
        },
        {
          op: 'controls',
          controls: [
            {
              kind: 'POS',
              reagent: 'staurosporine',
              target: { value: 10, unit: 'uM' },
              wells: ['A1:A2'],
            },
            { kind: 'NEG', wells: ['B1:B2'] },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = multipart(
      'Barcode,Well,Value\n' +
        Object.entries(READINGS)
          .map(([w, v]) => `,${w},${v}`)
          .join('\n'),
      { filename: 'r.csv', type: 'text/csv' },
    );
    const up = await postFile(t.app, `/api/experiments/${id}/readouts`, owner, file);
    expect(up.statusCode, up.body).toBe(201);
    base = `/api/experiments/${id}/readouts/${up.json().readouts[0].id}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the tidy well table as CSV with the normalised values worked by hand', async () => {
    const res = await call(t.app, 'GET', `${base}/export/wells`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="readout_\d+_wells\.csv"/,
    );
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'barcode,channel,well,role,compound,concentration_nM,raw,normalised_pct,npi_pct,robust_z,b_score',
    );
    expect(lines).toHaveLength(9);
    // mean POS 100, mean NEG 1000, C1 reads 200: (x - n) / (p - n) x 100 = 88.9 %
    const c1 = lines.find((l) => l.split(',')[2] === 'C1')!.split(',');
    expect(c1[3]).toBe('sample');
    expect(c1[4]).toBe('staurosporine');
    expect(Number(c1[5])).toBeCloseTo(10_000, 6);
    expect(Number(c1[6])).toBe(200);
    expect(Number(c1[7])).toBeCloseTo((100 * (200 - 1000)) / (100 - 1000), 9);
    const a1 = lines.find((l) => l.split(',')[2] === 'A1')!.split(',');
    expect(a1[3]).toBe('pos');
  });

  it('writes the fit table as CSV, one row per compound', async () => {
    const res = await call(t.app, 'GET', `${base}/export/fits`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0].split(',').slice(0, 4)).toEqual(['barcode', 'compound', 'points', 'ic50']);
    expect(lines).toHaveLength(2);
    expect(lines[1].split(',').slice(1, 3)).toEqual(['staurosporine', '4']);
  });

  it('writes both tables as an Excel workbook, the same cells as the CSV', async () => {
    const res = await call(t.app, 'GET', `${base}/export/excel`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const wb = read(res.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['Wells', 'Fits']);
    const wells = utils.sheet_to_json<Record<string, unknown>>(wb.Sheets.Wells);
    expect(wells).toHaveLength(8);
    const c1 = wells.find((w) => w.well === 'C1')!;
    expect(c1.raw).toBe(200);
    expect(c1.normalised_pct as number).toBeCloseTo(88.888_888_9, 6);
    const fits = utils.sheet_to_json<Record<string, unknown>>(wb.Sheets.Fits);
    expect(fits.map((f) => f.compound)).toEqual(['staurosporine']);
    const csv = (await call(t.app, 'GET', `${base}/export/fits`, owner)).body.trim().split('\n');
    expect(String(fits[0].ic50)).toBe(csv[1].split(',')[3]);
  });

  it("answers 404 for another user's readout", async () => {
    const other = await userHeaders('export-stranger');
    for (const path of ['wells', 'fits', 'excel']) {
      const res = await call(t.app, 'GET', `${base}/export/${path}`, other);
      expect(res.statusCode).toBe(404);
    }
  });
});
