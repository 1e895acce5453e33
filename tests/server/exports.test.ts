import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { read, utils } from '@e965/xlsx';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from './helpers';
import { call, experimentWithBench } from './plate-fixtures';

// Bench (plate-fixtures): staurosporine 1 mM = 1e6 nM in DMSO, DMSO 100 % (v/v), assay medium.
const WELLS = {
  // 0.5 uL of 1e6 nM in 50 uL: 1e6 * 0.5 / 50 = 10000 nM, exactly the target: good.
  A1: {
    targets: {
      staurosporine: { target_nM: 10000, volume_uL: 0.5 },
      'assay-medium': { target_nM: null, volume_uL: 49.5 },
    },
  },
  // 0.055 uL in 50 uL: 1100 nM against 1000 nM is +10 %, within 2 x 5 %: warning.
  A2: {
    targets: {
      staurosporine: { target_nM: 1000, volume_uL: 0.055 },
      'assay-medium': { target_nM: null, volume_uL: 49.945 },
    },
  },
  // No targets: a vehicle-only control with its annotations.
  B3: {
    targets: {
      dmso: { target_nM: null, volume_uL: 1 },
      'assay-medium': { target_nM: null, volume_uL: 49 },
    },
    label: 'blank',
    sample: 'S1',
    tags: ['NEG', 'DMSO'],
  },
  // A 1:10 working stock (1e5 nM): 1e5 * 0.5 / 50 = 1000 nM: good.
  C4: {
    targets: {
      staurosporine: { target_nM: 1000, volume_uL: 0.5, dilution: 10 },
      'assay-medium': { target_nM: null, volume_uL: 49.5 },
    },
  },
};

type Row = Record<string, string>;

const rowsOf = (rows: Row[], well: string) => rows.filter((r) => r.Well === well);

/** "Source[1] A1": the source plate and well a row names. */
const where = (r: Record<string, string | number>) =>
  `${r['Source Plate Name']} ${r['Source Well']}`;

describe.each(DB_KINDS)('exports on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('exporter');
    id = await experimentWithBench(t.app, owner, '96');
    const put = await call(t.app, 'PUT', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      defn: { format: 96, rows: 8, cols: 12 },
      wells: WELLS,
    });
    if (put.statusCode !== 200) throw new Error(`plate write failed: ${put.body}`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, headers = owner) =>
    t.app.inject({ url: `/api/experiments/${id}/export/${path}`, headers });

  it('writes the CSV long table: every well, one row per reagent, hand-checked numbers', async () => {
    const res = await get('csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="experiment_${id}.csv"`);
    const rows = parse(res.body, { columns: true, bom: true }) as Row[];
    // 92 empty wells once each + 4 filled wells x 2 reagents.
    expect(rows).toHaveLength(92 + 8);
    expect(Object.keys(rows[0])).toEqual([
      'Well',
      'Row',
      'Column',
      'Reagent',
      'Slug',
      'Target (nM)',
      'Predicted (nM)',
      'Error (%)',
      'Status',
      'Volume (uL)',
      'Well volume (uL)',
      'Tags',
      'Sample',
      'Label',
    ]);
    expect(new Set(rows.map((r) => r.Well)).size).toBe(96);
    expect(rows.at(-1)).toMatchObject({ Well: 'H12', Row: 'H', Column: '12', Reagent: '' });

    const a1 = rowsOf(rows, 'A1').find((r) => r.Slug === 'staurosporine')!;
    expect(a1).toMatchObject({
      Row: 'A',
      Column: '1',
      Reagent: 'Staurosporine',
      'Target (nM)': '10000',
      'Predicted (nM)': '10000',
      'Error (%)': '0',
      Status: 'good',
      'Volume (uL)': '0.5',
      'Well volume (uL)': '50',
    });
    const a2 = rowsOf(rows, 'A2').find((r) => r.Slug === 'staurosporine')!;
    expect(Number(a2['Predicted (nM)'])).toBe(1100);
    expect(Number(a2['Error (%)'])).toBe(10);
    expect(a2.Status).toBe('warning');
    const c4 = rowsOf(rows, 'C4').find((r) => r.Slug === 'staurosporine')!;
    expect(Number(c4['Predicted (nM)'])).toBe(1000);
    expect(c4.Status).toBe('good');

    const b3 = rowsOf(rows, 'B3');
    expect(b3.map((r) => r.Slug).toSorted()).toEqual(['assay-medium', 'dmso']);
    for (const r of b3) {
      expect(r).toMatchObject({
        'Target (nM)': '',
        'Predicted (nM)': '',
        Status: '',
        Tags: 'NEG DMSO',
        Sample: 'S1',
        Label: 'blank',
        'Well volume (uL)': '50',
      });
    }
    expect(b3.find((r) => r.Slug === 'dmso')!['Volume (uL)']).toBe('1');
  });

  it('writes the transfer list in whole 2.5 nL droplets, grouped by source', async () => {
    const res = await get('transfer-list?instrument=acoustic');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="experiment_${id}_transfers.csv"`,
    );
    expect(res.headers['x-skipped-transfers']).toBe('0');
    const rows = parse(res.body, { columns: true }) as Row[];
    expect(Object.keys(rows[0])).toEqual([
      'Source Plate Name',
      'Source Well',
      'Destination Plate Name',
      'Destination Well',
      'Transfer Volume',
    ]);
    const pairs = rows.map((r) => `${r['Destination Well']}:${r['Transfer Volume']}`).toSorted();
    expect(pairs).toEqual(
      [
        'A1:500',
        'A1:49500',
        'A2:55',
        'A2:49945',
        'B3:1000',
        'B3:49000',
        'C4:500',
        'C4:49500',
      ].toSorted(),
    );
    for (const r of rows) {
      expect((Number(r['Transfer Volume']) / 2.5) % 1).toBe(0);
      expect(r['Source Plate Name']).toBe('Source[1]');
      expect(r['Destination Plate Name']).toBe('Destination[1]');
    }
    // Four source liquids: staurosporine, its 1:10 working stock, DMSO, the medium.
    const sources = rows.map((r) => r['Source Well']);
    expect(new Set(sources).size).toBe(4);
    // All medium additions come from one source well, and each source is used in one run.
    const medium = new Set(
      rows.filter((r) => Number(r['Transfer Volume']) >= 49000).map((r) => r['Source Well']),
    );
    expect(medium.size).toBe(1);
    const runs = sources.filter((s, i) => i === 0 || s !== sources[i - 1]);
    expect(runs).toHaveLength(4);

    const other = await get('transfer-list?instrument=pipette');
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toBe(
      'Invalid query: instrument must be acoustic (the transfer list is for acoustic dispensers)',
    );
  });

  it('writes the workbook: plate map grid, wells, bench and protocol', async () => {
    const res = await get('excel');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(`attachment; filename="experiment_${id}.xlsx"`);
    const wb = read(res.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames).toEqual([
      'Plate map',
      'Wells',
      'Bench reagents',
      'Protocol',
      'Acoustic sources',
      // the dispense plan's sheets; a 96-well plate is pipetted by default, so a worklist
      'Picklist',
      'Source fill',
      'Bulk dispense',
      'Pipetting worklist',
      'Intermediates',
      'Unmet',
    ]);

    const map = utils.sheet_to_json<(string | number | null)[]>(wb.Sheets['Plate map'], {
      header: 1,
      defval: null,
    });
    expect(map).toHaveLength(9);
    expect(map[0]).toEqual([null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(map.map((r) => r[0])).toEqual([null, 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    expect(String(map[1][1]).split('; ').toSorted()).toEqual([
      'Assay medium 50 µL',
      'Staurosporine @ 10.0 µM',
    ]);
    expect(String(map[2][3])).toMatch(/^blank; /);
    expect(map[8][12]).toBeNull();

    const wells = utils.sheet_to_json<Row>(wb.Sheets.Wells, { defval: '' });
    expect(wells).toHaveLength(100);
    const a2 = wells.find((r) => r.Well === 'A2' && r.Slug === 'staurosporine')!;
    expect(a2['Predicted (nM)']).toBe(1100);
    expect(a2['Error (%)']).toBe(10);

    const bench = utils.sheet_to_json<Row>(wb.Sheets['Bench reagents']);
    expect(bench.map((b) => b.Slug).toSorted()).toEqual(['assay-medium', 'dmso', 'staurosporine']);
    expect(bench.find((b) => b.Slug === 'staurosporine')!['Stock (uM)']).toBe(1000);

    const protocol = utils.sheet_to_json<Row>(wb.Sheets.Protocol, { defval: '' });
    // The working stock comes first: 0.05 uL needed per well is under the 0.1 uL pipette
    // step, so 1:10; 0.5 uL x 1.1 / 10 = 0.055 uL rounds up to the 0.1 uL minimum.
    expect(protocol[0]).toMatchObject({
      Step: 1,
      Operation: 'add',
      Where: 'OFF',
      Reagent: 'staurosporine',
      'Volume (uL)': 0.1,
      Label: 'Staurosporine working stock 1:10',
    });
    const adds = protocol.filter((p) => p.Operation === 'add' && p.Where !== 'OFF');
    expect(adds).toHaveLength(8);
    expect(adds.find((p) => p.Where === 'C4' && p.Reagent === 'staurosporine')!.Label).toBe(
      'Staurosporine working stock 1:10',
    );
    const notes = protocol.filter((p) => p.Operation === 'annotate');
    expect(notes).toEqual([
      expect.objectContaining({ Where: 'B3', Label: 'blank', Notes: 'sample S1; NEG DMSO' }),
    ]);
  });

  it('names what goes in each source well of the transfer list, with hand-summed totals', async () => {
    const wb = read((await get('excel')).rawPayload, { type: 'buffer' });
    const sources = utils.sheet_to_json<Record<string, string | number>>(
      wb.Sheets['Acoustic sources'],
      { defval: '' },
    );
    const bySource = Object.fromEntries(
      sources.map((r) => [`${r.Slug}${r.Dilution ? ` ${r.Dilution}` : ''}`, r]),
    );
    expect(Object.keys(bySource).toSorted()).toEqual([
      'assay-medium',
      'dmso',
      'staurosporine',
      'staurosporine 1:10',
    ]);
    // Medium: 49500 + 49945 + 49000 + 49500 nL; staurosporine: 500 + 55 nL.
    expect(bySource['assay-medium']).toMatchObject({ 'Total (nL)': 197945, Transfers: 4 });
    expect(bySource.staurosporine).toMatchObject({
      Reagent: 'Staurosporine',
      'Total (nL)': 555,
      Transfers: 2,
    });
    expect(bySource['staurosporine 1:10']).toMatchObject({ 'Total (nL)': 500, Transfers: 1 });
    expect(bySource.dmso).toMatchObject({ 'Total (nL)': 1000, Transfers: 1 });

    // The transfer list takes each liquid from the well this sheet names.
    const list = parse((await get('transfer-list')).body, { columns: true }) as Row[];
    const medium = where(bySource['assay-medium']);
    const mediumRows = list.filter((r) => where(r) === medium);
    expect(mediumRows.map((r) => Number(r['Transfer Volume'])).reduce((a, b) => a + b)).toBe(
      197945,
    );
  });

  it('exports an empty plate as its empty wells', async () => {
    const empty = await experimentWithBench(t.app, owner, '384');
    const res = await t.app.inject({ url: `/api/experiments/${empty}/export/csv`, headers: owner });
    const rows = parse(res.body, { columns: true, bom: true }) as Row[];
    expect(rows).toHaveLength(384);
    expect(rows[0]).toMatchObject({ Well: 'A1', Row: 'A', Column: '1', Reagent: '', Status: '' });
    const transfers = await t.app.inject({
      url: `/api/experiments/${empty}/export/transfer-list`,
      headers: owner,
    });
    expect(transfers.body.trim().split('\n')).toHaveLength(1);
  });

  it('answers 404 to someone else and 401 without credentials', async () => {
    const other = await userHeaders('not-the-exporter');
    for (const path of ['csv', 'excel', 'transfer-list']) {
      const res = await get(path, other);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Experiment not found' });
      expect((await get(path, {})).statusCode).toBe(401);
    }
  });
});
