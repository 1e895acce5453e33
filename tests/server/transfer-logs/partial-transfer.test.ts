// The partial-transfer reference (the published Echo 525 log's figures, written in
// tests/fixtures/transfer-logs/partial-transfer.csv): a 1-well source to two destinations
// done, the other source's two transfers failed with MM0202007. Imported onto a plate planned
// the same way, the re-pick is exactly those two 100 nL transfers and source A1 ends at its
// last Current Fluid Volume, 53.478 uL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKLIST_HEADERS } from '../../../src/domain/dispensing/export-rows';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';
import { importFile } from './import-file';

const fixture = (name: string) =>
  readFileSync(path.join(__dirname, '../../fixtures/transfer-logs', name), 'utf8');

const GEFITINIB = {
  name: 'Gefitinib',
  reagent_type: 'chemical',
  solvent: 'DMSO',
  default_concentration_value: 1,
  default_concentration_units: 'mM',
  molecular_weight_g_per_mol: 446.9,
};

describe.each(DB_KINDS)('partial-transfer reference on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('loop-partial');
    id = await experimentWithBench(t.app, owner, '384');
    const add = await call(
      t.app,
      'POST',
      `/api/experiments/${id}/bench/reagents`,
      owner,
      GEFITINIB,
    );
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
  });
  afterAll(async () => {
    await t?.close();
  });

  it('plans the reference run: A1 to A1 and B1, A2 to A2 and B2, 100 nL each', async () => {
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner)).json();
    const rows = plan.transfers.map(
      (x: Record<string, unknown>) =>
        `${x.source_plate} ${x.source_well}>${x.destination_plate} ${x.destination_well} ${x.volume_nL}`,
    );
    expect(rows.toSorted()).toEqual([
      'Source[1] A1>Destination[1] A1 100',
      'Source[1] A1>Destination[1] B1 100',
      'Source[1] A2>Destination[1] A2 100',
      'Source[1] A2>Destination[1] B2 100',
    ]);
  });

  it('imports the log, finds A2 and B2 missed, re-picks exactly those', async () => {
    const before = await call(t.app, 'GET', `/api/experiments/${id}/export/repick`, owner);
    expect(parse(before.body, { columns: true })).toEqual([]);

    const imported = await importFile(
      t.app,
      owner,
      id,
      'partial.csv',
      fixture('partial-transfer.csv'),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({
      kind: 'transfer log',
      rows: 4,
      matched: 4,
      unmatched: 0,
      missed_wells: 2,
    });

    const rec = (await call(t.app, 'GET', `/api/experiments/${id}/reconciliation`, owner)).json();
    expect(rec.counts).toEqual({
      as_planned: 2,
      off: 0,
      missed: 2,
      not_logged: 0,
      unmatched_rows: 0,
    });
    const byWell = Object.fromEntries(
      rec.wells.map((w: { well: string }) => [w.well, w]),
    ) as Record<string, { status: string; reagents: { planned_nM: number; actual_nM: number }[] }>;
    expect(byWell.A2.status).toBe('missed');
    expect(byWell.A2.reagents[0].actual_nM).toBe(0);
    // 100 nL of 1 mM into 10.1 uL: 9.90099 uM, as planned
    expect(byWell.A1.status).toBe('as planned');
    expect(byWell.A1.reagents[0].actual_nM).toBeCloseTo((1e6 * 0.1) / 10.1, 6);
    expect(rec.problems.map((p: { reason: string }) => p.reason)).toEqual([
      'MM0202007: Problem calc. well fluid volume fc: 0 ft: 0',
      'MM0202007: Problem calc. well fluid volume fc: 0 ft: 0',
    ]);
    const a1 = rec.sources.find((s: { well: string }) => s.well === 'A1');
    expect(a1).toMatchObject({
      measured_uL: 53.478,
      measured_by: 'transfer log',
      delivered_uL: 0.2,
    });

    const repick = await call(t.app, 'GET', `/api/experiments/${id}/export/repick`, owner);
    expect(repick.statusCode).toBe(200);
    expect(repick.headers['content-disposition']).toContain(`experiment_${id}_repick.csv`);
    const rows = parse(repick.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]).slice(0, PICKLIST_HEADERS.length)).toEqual([...PICKLIST_HEADERS]);
    expect(
      rows.map((r) => [r['Source Well'], r['Destination Well'], r['Transfer Volume']]),
    ).toEqual([
      ['A2', 'A2', '100'],
      ['A2', 'B2', '100'],
    ]);
  });

  it('lists, refuses another plate, another owner, and deletes', async () => {
    const list = (await call(t.app, 'GET', `/api/experiments/${id}/transfer-logs`, owner)).json();
    expect(list.files.map((f: { filename: string }) => f.filename)).toEqual(['partial.csv']);
    const other = fixture('cherry-pick.csv');
    const refused = await importFile(t.app, owner, id, 'other.csv', other);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toContain('DST0000361');
    const bad = await importFile(
      t.app,
      owner,
      id,
      'bad.csv',
      '[DETAILS]\nSource Well,Destination Well,Transfer Volume\nA1,B1,x\n',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Line 3');
    const stranger = await userHeaders('loop-stranger');
    const fileId = list.files[0].id;
    expect(
      (await call(t.app, 'GET', `/api/experiments/${id}/reconciliation`, stranger)).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/experiments/${id}/transfer-logs/${fileId}`, stranger))
        .statusCode,
    ).toBe(404);
    const survey = await importFile(t.app, owner, id, 'survey.csv', fixture('survey.csv'));
    expect(survey.json()).toMatchObject({ kind: 'survey', rows: 2 });
    const del = await call(
      t.app,
      'DELETE',
      `/api/experiments/${id}/transfer-logs/${fileId}`,
      owner,
    );
    expect(del.statusCode).toBe(204);
    const again = await call(
      t.app,
      'DELETE',
      `/api/experiments/${id}/transfer-logs/${fileId}`,
      owner,
    );
    expect(again.statusCode).toBe(404);
    // The path's id is read by its schema: text, 0 and ids past the column's range are 404.
    for (const wrong of ['abc', '0', '99999999999']) {
      const res = await call(
        t.app,
        'DELETE',
        `/api/experiments/${id}/transfer-logs/${wrong}`,
        owner,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('No such transfer log or survey on this plate');
    }
    const rec = (await call(t.app, 'GET', `/api/experiments/${id}/reconciliation`, owner)).json();
    expect(rec.files).toBe(1);
    expect(rec.counts.not_logged).toBe(4);
  });
});
