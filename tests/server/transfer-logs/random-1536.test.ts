// A 1536 plate's log with 5 % of its transfers failed at random (seeded): every missed well
// is found, the actual concentrations are right (three wells checked against the plate's own
// prediction), and the re-pick is exactly the failed transfers.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';
import { echoLogOf } from './echo-log-writer';
import { importFile } from './import-file';

interface PlanTransfer {
  source_well: string;
  destination_well: string;
  volume_nL: number;
  reagent: string;
}
interface WellAnswer {
  well: string;
  status: string;
  volume_uL: number;
  actual_volume_uL: number;
  reagents: { reagent: string; planned_nM: number; actual_nM: number; error_pct: number }[];
}

const transferKey = (t: { source_well: string; destination_well: string; volume_nL: number }) =>
  `${t.source_well}>${t.destination_well}:${t.volume_nL}`;

describe.each(DB_KINDS)('a 1536 plate with 5 percent failed transfers on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('loop-1536');
    id = await experimentWithBench(t.app, owner, '1536');
    const put = await call(t.app, 'PUT', `/api/experiments/${id}/dispensing`, owner, {
      backfill: { solvent: 'dmso', percent: 1 },
      destination_barcode: 'P1536-LOOP',
    });
    if (put.statusCode !== 200) throw new Error(put.body);
    // every well: 5 uL of medium and one of ten 3-fold points of staurosporine from 10 uM
    const ops: unknown[] = [
      { op: 'set', wells: ['A1:AF48'], reagent: 'assay-medium', volume_uL: 5 },
    ];
    for (let c = 1; c <= 48; c++) {
      ops.push({
        op: 'set',
        wells: [`A${c}:AF${c}`],
        reagent: 'staurosporine',
        target_nM: 10000 / 3 ** ((c - 1) % 10),
      });
    }
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      ops,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds every missed well, its actual concentration, and re-picks exactly the failures', async () => {
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner)).json();
    expect(plan.transfers.length).toBeGreaterThan(2000);
    const { text, failed } = echoLogOf(plan, 0.05, 26);
    // about 5 %: the seeded draw
    expect(failed.length / plan.transfers.length).toBeGreaterThan(0.035);
    expect(failed.length / plan.transfers.length).toBeLessThan(0.065);

    const imported = await importFile(t.app, owner, id, 'run.csv', text);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ matched: plan.transfers.length, unmatched: 0 });

    const rec = (await call(t.app, 'GET', `/api/experiments/${id}/reconciliation`, owner)).json();
    const missed = new Set(failed.map((f) => f.destination_well));
    const wells = rec.wells as WellAnswer[];
    expect(new Set(wells.filter((w) => w.status === 'missed').map((w) => w.well))).toEqual(missed);
    expect(wells.filter((w) => !missed.has(w.well)).every((w) => w.status === 'as planned')).toBe(
      true,
    );
    expect(rec.counts.missed).toBe(missed.size);

    // three wells against the plate's own prediction (GET /plate, the metrics kernel)
    const plate = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    const byWell = new Map(wells.map((w) => [w.well, w]));
    // a well whose one failure is of this liquid
    const onlyFailure = (reagent: string) =>
      failed.find(
        (f) =>
          f.reagent === reagent &&
          !failed.some((g) => g !== f && g.destination_well === f.destination_well),
      )!;
    const stauroFailed = onlyFailure('staurosporine');
    const backfillOnly = onlyFailure('dmso');
    const fine = wells.find((w) => w.status === 'as planned')!;
    // 1. the compound never arrived: 0 nM, 100 % under, the well short by its volume
    const w1 = byWell.get(stauroFailed.destination_well)!;
    expect(w1.reagents[0]).toMatchObject({
      reagent: 'staurosporine',
      actual_nM: 0,
      error_pct: -100,
    });
    expect(w1.actual_volume_uL).toBeCloseTo(w1.volume_uL - stauroFailed.volume_nL / 1000, 9);
    // 2. only the DMSO backfill failed: the same amount in a smaller well, V / (V - b) higher
    const w2 = byWell.get(backfillOnly.destination_well)!;
    const V = plate.wells[w2.well].metrics.volumeUl;
    const predicted2 = plate.wells[w2.well].predicted.staurosporine.nM;
    expect(w2.reagents[0].actual_nM).toBeCloseTo(
      (predicted2 * V) / (V - backfillOnly.volume_nL / 1000),
      6,
    );
    // 3. a well done as planned holds what the plate predicts
    expect(fine.reagents[0].actual_nM).toBeCloseTo(
      plate.wells[fine.well].predicted.staurosporine.nM,
      6,
    );

    const repick = await call(t.app, 'GET', `/api/experiments/${id}/export/repick`, owner);
    expect(repick.headers['x-repick-impossible']).toBe('0');
    const rows = parse(repick.body, { columns: true }) as Record<string, string>[];
    const picked = rows.map((r) =>
      transferKey({
        source_well: r['Source Well'],
        destination_well: r['Destination Well'],
        volume_nL: Number(r['Transfer Volume']),
      }),
    );
    expect(picked.toSorted()).toEqual(failed.map((f: PlanTransfer) => transferKey(f)).toSorted());
    expect(rows.every((r) => r['Destination Plate Barcode'] === 'P1536-LOOP')).toBe(true);
  });

  it('reads a readout of the plate at the actual concentrations once the log is in', async () => {
    const rec = (await call(t.app, 'GET', `/api/experiments/${id}/reconciliation`, owner)).json();
    const wells = rec.wells as WellAnswer[];
    const csv = 'Well,Value\n' + wells.map((w, i) => `${w.well},${100 + (i % 7)}`).join('\n');
    const boundary = '----readout' + Math.random().toString(16).slice(2);
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="read.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\n\r\n--${boundary}--\r\n`;
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/experiments/${id}/readouts`,
      headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const readout = imported.json().readouts[0].id as number;
    const results = (
      await call(t.app, 'GET', `/api/experiments/${id}/readouts/${readout}/results`, owner)
    ).json() as { wells: { well: string; nM: number | null }[] };
    const dose = new Map(results.wells.map((w) => [w.well, w.nM]));
    const stauro = (w: WellAnswer) => w.reagents.find((r) => r.reagent === 'staurosporine')!;
    // a missed well is read at what it holds (none of its staurosporine arrived), not at the plan
    const missed = wells.find((w) => w.status === 'missed' && stauro(w))!;
    expect(stauro(missed).actual_nM).toBeLessThan(stauro(missed).planned_nM * 0.99);
    expect(dose.get(missed.well)).toBeCloseTo(stauro(missed).actual_nM, 6);
    // a well done as planned reads its planned figure
    const done = wells.find((w) => w.status === 'as planned' && stauro(w))!;
    expect(dose.get(done.well)).toBeCloseTo(stauro(done).planned_nM, 3);
  });
});
