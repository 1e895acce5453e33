// What a transfer log tells beyond its plate: the measured source volumes move the owner's
// library wells of the same barcode (not another user's), and the plate's CSV and Excel
// exports gain the actual columns once a log is in. The partial-transfer reference is the
// run (staurosporine from source A1 done into A1 and B1, gefitinib from A2 failed).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { read, utils } from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryRepository } from '../../../src/server/campaigns/library-repository';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';
import { importFile } from './import-file';

const fixture = (name: string) =>
  readFileSync(path.join(__dirname, '../../fixtures/transfer-logs', name), 'utf8');

const well = (w: string, compound: string) => ({
  barcode: 'LIBVOL01',
  plate_type: '384PP_DMSO2',
  well: w,
  compound_id: compound,
  compound_name: '',
  concentration_nM: 1e7,
  solvent: 'DMSO',
  volume_uL: 50,
  molecular_weight: null,
});

const SURVEY = [
  'Run ID,1790099999',
  'Application Name,Labcyte Echo Plate Survey',
  '',
  '[DETAILS]',
  'Source Plate Name,Source Plate Barcode,Source Plate Type,Source Well,Survey Fluid Volume,Fluid Composition,Survey Status',
  'Source[1],LIBVOL01,384PP_DMSO2,A1,41.25,98.5,',
  'Source[1],LIBVOL01,384PP_DMSO2,A02,12.5,99,',
  'Source[2],NOTMINE9,384PP_DMSO2,B1,30,100,',
].join('\n');

// A run from the library plate onto this plate (no destination barcode: named Destination[1]):
// A1 measured 40.9 then 40.8 uL after its two transfers; the last one stands.
const header =
  'Date Time Point,Source Plate Name,Source Plate Barcode,Source Plate Type,Source Well,Destination Plate Name,Destination Plate Barcode,Destination Plate Type,Destination Well,Transfer Volume,Actual Volume,Survey Fluid Volume,Current Fluid Volume,Fluid Composition,Transfer Status';
const LOG = [
  'Run ID,1790099998',
  '',
  '[DETAILS]',
  header,
  '2026-11-21 10:00:01.000,Source[1],LIBVOL01,384PP_DMSO2,A1,Destination[1],,Corning_384_Flat,C1,100,100,41.0,40.9,98.5,',
  '2026-11-21 10:00:02.000,Source[1],LIBVOL01,384PP_DMSO2,A1,Destination[1],,Corning_384_Flat,C2,100,100,41.0,40.8,98.5,',
].join('\n');

describe.each(DB_KINDS)('measured volumes and actual columns on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;
  let libraryId: number;
  let strangersLibrary: number;

  const libraryWells = async (library: number, headers: Record<string, string>) => {
    const res = await call(t.app, 'GET', `/api/libraries/${library}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries(
      (res.json().wells as { well: string; current_uL: number }[]).map((w) => [
        w.well,
        w.current_uL,
      ]),
    );
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('loop-volumes');
    id = await experimentWithBench(t.app, owner, '384');
    const add = await call(t.app, 'POST', `/api/experiments/${id}/bench/reagents`, owner, {
      name: 'Gefitinib',
      reagent_type: 'chemical',
      solvent: 'DMSO',
      default_concentration_value: 1,
      default_concentration_units: 'mM',
      molecular_weight_g_per_mol: 446.9,
    });
    if (add.statusCode !== 201) throw new Error(add.body);
    const put = await call(t.app, 'PUT', `/api/experiments/${id}/dispensing`, owner, {
      instrument: 'echo-525',
      source_plate_type: '384PP_AQ_BP',
    });
    if (put.statusCode !== 200) throw new Error(put.body);
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      ops: [
        { op: 'set', wells: ['A1:B2'], reagent: 'assay-medium', volume_uL: 10 },
        { op: 'set', wells: ['A1', 'B1'], reagent: 'staurosporine', volume_uL: 0.1 },
        { op: 'set', wells: ['A2', 'B2'], reagent: 'gefitinib', volume_uL: 0.1 },
      ],
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const libraries = libraryRepository(t.database.db);
    libraryId = await libraries.create('loop-volumes', 'Freezer set 1', [
      well('A1', 'CPD-1'),
      well('A2', 'CPD-2'),
    ]);
    // the same physical barcode in another user's library is not this user's plate
    strangersLibrary = await libraries.create('loop-volumes-other', 'Theirs', [
      well('A1', 'CPD-1'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exports the spec columns only, before any log', async () => {
    const res = await call(t.app, 'GET', `/api/experiments/${id}/export/csv`, owner);
    expect(res.statusCode).toBe(200);
    const [head] = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    expect(head).not.toContain('Actual (nM)');
    expect(head.at(-1)).toBe('Label');
  });

  it('exports planned beside actual once the log is in (CSV columns, Excel sheet)', async () => {
    const imported = await importFile(
      t.app,
      owner,
      id,
      'partial.csv',
      fixture('partial-transfer.csv'),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    // the reference log's sources have no barcode: no library plate is named
    expect(imported.json().library_wells_updated).toBe(0);

    const res = await call(t.app, 'GET', `/api/experiments/${id}/export/csv`, owner);
    const rows = parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<
      string,
      string
    >[];
    const row = (w: string, slug: string) => rows.find((r) => r.Well === w && r.Slug === slug)!;
    // 100 nL of 1 mM into 10.1 uL, done: 9,900.99 nM as planned
    expect(Number(row('A1', 'staurosporine')['Actual (nM)'])).toBeCloseTo(1e6 * (0.1 / 10.1), 2);
    expect(row('A1', 'staurosporine')['Actual Status']).toBe('as planned');
    // the failed transfer: none of it arrived, in a well of 10 uL
    expect(Number(row('B2', 'gefitinib')['Actual (nM)'])).toBe(0);
    expect(Number(row('B2', 'gefitinib')['Actual Error (%)'])).toBe(-100);
    expect(row('B2', 'gefitinib')['Actual Status']).toBe('missed');
    // the medium is no transferred compound: no concentration, the well's status
    expect(row('B2', 'assay-medium')['Actual (nM)']).toBe('');
    expect(row('B2', 'assay-medium')['Actual Status']).toBe('missed');
    // a well the plan leaves empty has no transfer to speak of
    const c3 = rows.find((r) => r.Well === 'C3')!;
    expect([c3['Actual (nM)'], c3['Actual Status']]).toEqual(['', '']);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/experiments/${id}/export/excel`,
      headers: owner,
    });
    expect(xlsx.statusCode).toBe(200);
    const book = read(xlsx.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toContain('Actual');
    const actual = utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Actual);
    const a2 = actual.find((r) => r.Well === 'A2' && r.Reagent === 'gefitinib')!;
    expect(a2).toMatchObject({ Status: 'missed', 'Actual (nM)': 0, 'Error (%)': -100 });
  });

  it("sets the owner's library wells from a survey, by barcode and well, not a stranger's", async () => {
    const res = await importFile(t.app, owner, id, 'survey.csv', SURVEY);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'survey', rows: 3, library_wells_updated: 2 });
    expect(await libraryWells(libraryId, owner)).toEqual({ A1: 41.25, A2: 12.5 });
    const stranger = await userHeaders('loop-volumes-other');
    expect(await libraryWells(strangersLibrary, stranger)).toEqual({ A1: 50 });
  });

  it("sets a library well to a log's last Current Fluid Volume", async () => {
    const res = await importFile(t.app, owner, id, 'run.csv', LOG);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ unmatched: 2, library_wells_updated: 1 });
    expect(await libraryWells(libraryId, owner)).toEqual({ A1: 40.8, A2: 12.5 });
  });
});
