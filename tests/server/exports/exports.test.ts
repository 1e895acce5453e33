import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { read, utils } from '@e965/xlsx';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

// Bench (plate-fixtures): staurosporine 1 mM = 1e6 nM in DMSO, DMSO 100 % (v/v), assay medium.
const WELLS = {
  // 0.5 uL of 1e6 nM in 50 uL: 1e6 * 0.5 / 50 = 10000 nM, exactly the target: good.
  A1: {
    targets: {
      staurosporine: { target_nM: 10000, volume_uL: 0.5 },
      'assay-medium': { target_nM: null, volume_uL: 49.5 },
    },
  },
  // 0.055 uL written; the 96 plate's default instrument (a pipette, 0.1 uL steps) dispenses
  // 0.1 uL: 0.1 x 1 mM / 50 uL = 2000 nM against 1000 nM, +100 %: error, as the plan says.
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
      // met, but 0.5 uL pipetted is the pipette's poor band (10 %, past the 5 % tolerance):
      // the plan's point says warning, and so does the Status column
      Status: 'warning',
      'Volume (uL)': '0.5',
      'Well volume (uL)': '50',
    });
    const a2 = rowsOf(rows, 'A2').find((r) => r.Slug === 'staurosporine')!;
    expect(Number(a2['Predicted (nM)'])).toBe(2000);
    // the volumes the prediction is made from: 0.1 uL on the pipette's step (0.055 written)
    // and the medium's 49.9 on its step, together the well's 50 uL
    expect(a2['Volume (uL)']).toBe('0.1');
    expect(rowsOf(rows, 'A2').find((r) => r.Slug === 'assay-medium')!['Volume (uL)']).toBe('49.9');
    expect(a2['Well volume (uL)']).toBe('50');
    expect(Number(a2['Error (%)'])).toBe(100);
    expect(a2.Status).toBe('error');
    const c4 = rowsOf(rows, 'C4').find((r) => r.Slug === 'staurosporine')!;
    expect(Number(c4['Predicted (nM)'])).toBe(1000);
    // met, but from a working stock and 0.5 uL pipetted (poor, 10 %): the plan's warning
    expect(c4.Status).toBe('warning');

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

  it("writes the transfer list as the dispense plan's picklist; unmet wells only in the unmet file", async () => {
    const res = await get('transfer-list?instrument=acoustic');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="experiment_${id}_transfers.csv"`,
    );
    // A2's 0.055 uL rounds to one 0.1 uL pipette step, below the 0.5 uL minimum: the well is
    // unmet, so nothing of it is dispensed (nor its medium), and the older header counts it.
    expect(res.headers['x-unmet-wells']).toBe('1');
    expect(res.headers['x-skipped-transfers']).toBe('1');
    const rows = parse(res.body, { columns: true }) as Row[];
    expect(Object.keys(rows[0])).toEqual([
      'Source Plate Name',
      'Source Plate Barcode',
      'Source Plate Type',
      'Source Well',
      'Destination Plate Name',
      'Destination Plate Barcode',
      'Destination Plate Type',
      'Destination Well',
      'Transfer Volume',
      'Sample Name',
      'Sample Concentration',
      'Sample Concentration Units',
    ]);
    const made = rows;
    // The medium goes to the bulk dispenser, never as transfers from one source well.
    expect(made.map((r) => `${r['Destination Well']}:${r['Transfer Volume']}`).toSorted()).toEqual(
      ['A1:500', 'B3:1000', 'C4:500'].toSorted(),
    );
    for (const r of made) {
      expect((Number(r['Transfer Volume']) / 100) % 1).toBe(0); // whole 0.1 uL steps
      expect(r['Source Plate Name']).toBe('Source[1]');
    }
    // C4 takes the 1:10 working stock (100 uM) from its own source well.
    const c4 = made.find((r) => r['Destination Well'] === 'C4')!;
    expect(c4['Sample Concentration']).toBe('100');
    expect(c4['Source Well']).not.toBe(
      made.find((r) => r['Destination Well'] === 'A1')!['Source Well'],
    );
    // the unmet wells: a file of their own, which no instrument reads
    const unmetRes = await get('unmet');
    expect(unmetRes.headers['content-disposition']).toBe(
      `attachment; filename="experiment_${id}_unmet.csv"`,
    );
    const unmet = parse(unmetRes.body, { columns: true, bom: true }) as Row[];
    expect(new Set(unmet.map((r) => r.Well))).toEqual(new Set(['A2']));
    expect(unmet.map((r) => r.Reason).join(' ')).toContain('below the 500 nL minimum');
    const bulk = parse((await get('bulk-sheet')).body, { columns: true, bom: true }) as Row[];
    expect(bulk.map((r) => r.Wells).join(' ')).not.toContain('A2');

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
      // the 49.5 uL dispensed, to its 0.1 uL step (it said 50 µL)
      'Assay medium 49.5 µL',
      'Staurosporine @ 10.0 µM',
    ]);
    expect(String(map[2][3])).toMatch(/^blank; /);
    expect(map[8][12]).toBeNull();

    const wells = utils.sheet_to_json<Row>(wb.Sheets.Wells, { defval: '' });
    expect(wells).toHaveLength(100);
    const a2 = wells.find((r) => r.Well === 'A2' && r.Slug === 'staurosporine')!;
    expect(a2['Predicted (nM)']).toBe(2000);
    expect(a2['Error (%)']).toBe(100);

    const bench = utils.sheet_to_json<Row>(wb.Sheets['Bench reagents']);
    expect(bench.map((b) => b.Slug).toSorted()).toEqual(['assay-medium', 'dmso', 'staurosporine']);
    expect(bench.find((b) => b.Slug === 'staurosporine')!['Stock (uM)']).toBe(1000);

    const protocol = utils.sheet_to_json<Row>(wb.Sheets.Protocol, { defval: '' });
    // The plan's working stock comes first: C4 takes 0.5 uL of a 1:10 intermediate (100 uM);
    // its source well holds 0.5 uL + 20 uL dead volume, made in a pipette's good band: 10 uL
    // of the 1 mM stock in 90 uL of medium (100 uL; 2.1 uL in 18.9 would be moderate).
    expect(protocol[0]).toMatchObject({
      Step: 1,
      Operation: 'add',
      Where: 'OFF',
      Reagent: 'staurosporine',
      'Volume (uL)': 10,
      Label: 'Staurosporine working stock 1:10',
    });
    const adds = protocol.filter((p) => p.Operation === 'add' && p.Where !== 'OFF');
    // A2's staurosporine is below the pipette's minimum: the well is unmet and none of it
    // (its medium neither) is a step of the protocol
    expect(adds).toHaveLength(6);
    expect(adds.find((p) => p.Where === 'A2')).toBeUndefined();
    expect(adds.find((p) => p.Where === 'C4' && p.Reagent === 'staurosporine')!.Label).toBe(
      'Staurosporine working stock 1:10',
    );
    // The protocol's volumes are the plan's, as the picklist: nothing the pipette cannot make.
    expect(adds.find((p) => p.Where === 'A2' && p.Reagent === 'staurosporine')).toBeUndefined();
    expect(
      adds.find((p) => p.Where === 'A1' && p.Reagent === 'staurosporine')!['Volume (uL)'],
    ).toBe(0.5);
    const notes = protocol.filter((p) => p.Operation === 'annotate');
    expect(notes).toEqual([
      expect.objectContaining({ Where: 'B3', Label: 'blank', Notes: 'sample S1; NEG DMSO' }),
    ]);
  });

  it('fills each source well with its transfers plus the dead volume, as the transfer list takes them', async () => {
    const wb = read((await get('excel')).rawPayload, { type: 'buffer' });
    const fill = utils.sheet_to_json<Record<string, string | number>>(wb.Sheets['Source fill'], {
      defval: '',
    });
    const list = parse((await get('transfer-list')).body, { columns: true }) as Row[];
    // Hand-summed: the 1 mM stock well gives A1 0.5 uL (A2's 0.1 uL is under the minimum,
    // unmet), DMSO 1 uL to B3, the 100 uM intermediate 0.5 uL to C4; each plus the 20 uL
    // dead volume of a tube.
    const byWell = new Map<string, number>();
    for (const r of list)
      byWell.set(
        r['Source Well'],
        (byWell.get(r['Source Well']) ?? 0) + Number(r['Transfer Volume']) / 1000,
      );
    expect([...byWell.values()].map((v) => Math.round(v * 1000) / 1000).toSorted()).toEqual(
      [0.5, 0.5, 1].toSorted(),
    );
    expect(fill.length).toBeGreaterThanOrEqual(byWell.size);
    expect(JSON.stringify(fill)).toContain('20.5');
    expect(JSON.stringify(fill)).not.toContain('20.6');
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
