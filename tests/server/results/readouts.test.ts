// Plate-reader readouts: import (long CSV and an .xlsx grid), list, delete one, and a
// readout's QC and fits read against the layout's controls and series, on both databases.
import { utils, write } from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fourPl } from '../../../src/domain/results/four-pl';
import { readouts } from '../../../src/server/db/schema';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { multipart, postFile, type FileBody } from '../multipart';
import { call, experimentWithBench } from '../plate-fixtures';

/** A reader's CSV file named `filename`. */
const csvFile = (text: string, filename: string) => multipart(text, { filename, type: 'text/csv' });

// The assay: vehicle (NEG) reads about 1000, the inhibitor's top dose (POS) about 100, and
// staurosporine inhibits with an IC50 of 100 nM and a Hill slope of 1.
const CURVE = { b: 1, c: 100, d: 1000, e: 100 };
const POS = [95, 105, 110, 90, 100, 102, 98, 100];
const NEG = [980, 1020, 1000, 1010, 990, 1000, 1030, 970];

describe.each(DB_KINDS)('readouts on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;
  /** well -> the reading the file gives it */
  const readings: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('reader-owner');
    id = await experimentWithBench(t.app, owner, '384');
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      ops: [
        {
          op: 'series',
          compounds: [{ reagent: 'staurosporine' }],
          top: { value: 10, unit: 'uM' },
          factor: 3,
          points: 10,
          replicates: 2,
          direction: 'rows',
          region: ['C3:D12'],
        },
        {
          op: 'controls',
          controls: [
            {
              kind: 'POS',
              reagent: 'staurosporine',
              target: { value: 10, unit: 'uM' },
              wells: ['A1:A8'],
            },
            { kind: 'NEG', wells: ['B1:B8'] },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    for (const [well, w] of Object.entries<{
      tags: string[];
      predicted: Record<string, { nM: number }>;
    }>(plate.wells)) {
      if (w.tags.includes('POS')) readings[well] = POS[Number(well.slice(1)) - 1];
      else if (w.tags.includes('NEG')) readings[well] = NEG[Number(well.slice(1)) - 1];
      else readings[well] = fourPl(CURVE, w.predicted.staurosporine.nM);
    }
    expect(Object.keys(readings)).toHaveLength(36);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (body: FileBody, query = '', headers = owner) =>
    postFile(t.app, `/api/experiments/${id}/readouts${query}`, headers, body);
  const stored = async () => {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(readouts);
    return row.n;
  };
  const longCsv = (barcode: string) =>
    'Barcode,Well,Value\n' +
    Object.entries(readings)
      .map(([w, v]) => `${barcode},${w},${v}`)
      .join('\n');

  it('imports a long CSV onto the open plate and reads QC and the fit back', async () => {
    const res = await upload(csvFile(longCsv(''), 'reader.csv'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().run).toBe(1);
    expect(res.json().readouts).toMatchObject([
      { barcode: '', channel: '', wells: 36, file_name: 'reader.csv' },
    ]);
    const readout = res.json().readouts[0].id;
    const results = await t.app.inject({
      url: `/api/experiments/${id}/readouts/${readout}/results`,
      headers: owner,
    });
    expect(results.statusCode, results.body).toBe(200);
    const body = results.json();
    // by hand: POS mean 100, squared deviations 258, sd sqrt(258 / 7) = 6.071008;
    // NEG mean 1000, squared deviations 2800, sd sqrt(400) = 20; Z' = 1 - 3 (26.071008) / 900
    expect(body.qc.z_prime).toBeCloseTo(0.913097, 5);
    expect(body.qc.s_b).toBeCloseTo(0.1, 10);
    expect(body.qc.pass).toBe(true);
    expect(body.fits).toHaveLength(1);
    const fit = body.fits[0];
    expect(fit.compound).toBe('staurosporine');
    expect(fit.x).toHaveLength(20);
    expect(fit.fit.ok).toBe(true);
    // the readings were made from the dispensed concentrations, so the fit finds the IC50
    expect(fit.fit.e.value).toBeCloseTo(100, 1);
    expect(fit.fit.censored).toBeNull();
    const a1 = body.wells.find((w: { well: string }) => w.well === 'A1');
    expect(a1).toMatchObject({ role: 'pos', raw: 95 });
    expect(a1.normalised).toBeCloseTo(((95 - 1000) / (100 - 1000)) * 100, 8);
  });

  it('imports a grid workbook by barcode as a second run; deleting one readout keeps the other', async () => {
    const put = await call(t.app, 'PUT', `/api/experiments/${id}/dispensing`, owner, {
      destination_barcode: 'PLT-0001',
    });
    expect(put.statusCode, put.body).toBe(200);
    const rows: (string | number)[][] = [
      ['Barcode', 'PLT-0001'],
      ['', ...Array.from({ length: 24 }, (_, k) => k + 1)],
    ];
    for (let r = 0; r < 16; r++) {
      const label = String.fromCharCode(65 + r);
      rows.push([
        label,
        ...Array.from({ length: 24 }, (__, c) => readings[`${label}${c + 1}`] ?? ''),
      ]);
    }
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Results');
    const bytes = write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const res = await upload(
      multipart(bytes, {
        filename: 'grid.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().run).toBe(2);
    expect(res.json().readouts[0]).toMatchObject({ barcode: 'PLT-0001', wells: 36 });
    const list = (
      await t.app.inject({ url: `/api/experiments/${id}/readouts`, headers: owner })
    ).json();
    expect(list.readouts.map((r: { run: number }) => r.run)).toEqual([1, 2]);
    const first = list.readouts[0].id;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/experiments/${id}/readouts/${first}`,
      headers: owner,
    });
    expect(del.statusCode).toBe(204);
    const after = (
      await t.app.inject({ url: `/api/experiments/${id}/readouts`, headers: owner })
    ).json();
    expect(after.readouts.map((r: { run: number }) => r.run)).toEqual([2]);
    const one = (
      await t.app.inject({
        url: `/api/experiments/${id}/readouts/${after.readouts[0].id}`,
        headers: owner,
      })
    ).json();
    expect(one.values.A1).toBe(95);
  });

  it('refuses a file with an unmatched barcode or a bad line, naming each, and stores nothing', async () => {
    const before = await stored();
    const res = await upload(
      csvFile(longCsv('PLT-0001') + '\nPLT-9999,A1,5\nPLT-0001,C3,abc', 'bad.csv'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toEqual([
      'Line 39: "abc" is not a number',
    ]);
    const unmatched = await upload(csvFile(longCsv('PLT-0001') + '\nPLT-9999,A1,5', 'other.csv'));
    expect(unmatched.statusCode).toBe(400);
    expect(unmatched.json().issues[0].message).toMatch(/Barcode "PLT-9999" matches no plate/);
    const offPlate = await upload(csvFile('well,value\nAF48,1\n', 'big.csv'));
    expect(offPlate.json().issues[0].message).toMatch(/well AF48 is not on this 384-well plate/);
    expect(await stored()).toBe(before);
  });

  it("answers 404 for someone else's experiment and readout", async () => {
    const stranger = await userHeaders('reader-stranger');
    const res = await upload(csvFile(longCsv(''), 'x.csv'), '', stranger);
    expect(res.statusCode).toBe(404);
    const list = (
      await t.app.inject({ url: `/api/experiments/${id}/readouts`, headers: owner })
    ).json();
    const other = await experimentWithBench(t.app, stranger, '96');
    const peek = await t.app.inject({
      url: `/api/experiments/${other}/readouts/${list.readouts[0].id}/results`,
      headers: stranger,
    });
    expect(peek.statusCode).toBe(404);
  });
});
