// The campaign QC table: every plate's QC from its latest readout, worked by hand, failing
// plates marked under the thresholds the query gives, a plate without a readout said; another
// user's campaign answers 404. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { multipart, postFile } from '../multipart';
import { call } from '../plate-fixtures';
import { CONTROL_REAGENTS, importLibrary } from '../campaigns/campaign-fixtures';

const LIBRARY = [
  'Barcode,Well,Compound ID,Concentration',
  ...Array.from({ length: 12 }, (_, k) => `L1,${String.fromCharCode(65 + k)}1,C-${k + 1},10`),
].join('\n');
// POS in A1, A2, A23, A24 and NEG in B1, B2, B23, B24 of every 384 plate
const TEMPLATE = {
  name: 'Controls at both edges',
  wells: [0, 1, 22, 23].flatMap((dc) => [
    { dr: 0, dc, targets: { staurosporine: { target_nM: 1000 } }, tags: ['POS'] },
    { dr: 1, dc, targets: { 'assay-buffer': { target_nM: null } }, tags: ['NEG'] },
  ]),
};
const POS_WELLS = ['A1', 'A2', 'A23', 'A24'];
const NEG_WELLS = ['B1', 'B2', 'B23', 'B24'];

function readerFile(pos: number[], neg: number[]) {
  const lines = [
    'Well,Value',
    ...POS_WELLS.map((w, i) => `${w},${pos[i]}`),
    ...NEG_WELLS.map((w, i) => `${w},${neg[i]}`),
    'E5,500',
  ];
  return multipart(lines.join('\n'), { filename: 'reader.csv', type: 'text/csv' });
}

describe.each(DB_KINDS)('campaign QC table on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let campaign: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await userHeaders('qc-alice');
    const library = (await importLibrary(t.app, alice, LIBRARY)).json().id;
    const made = await call(t.app, 'POST', '/api/campaigns', alice, {
      name: 'QC',
      format: 384,
      library_id: library,
      barcode: { prefix: 'Q', digits: 3 },
      layout: { template: TEMPLATE, compound_wells: ['E5:E8'] },
      dose: { top: { value: 10, unit: 'uM' } },
      reagents: CONTROL_REAGENTS,
    });
    expect(made.statusCode, made.body).toBe(201);
    campaign = made.json().id;
    const plates = (await call(t.app, 'GET', `/api/campaigns/${campaign}`, alice)).json().plates;
    expect(plates).toHaveLength(3);
    const upload = async (experiment: number, pos: number[], neg: number[]) => {
      const file = readerFile(pos, neg);
      const res = await postFile(t.app, `/api/experiments/${experiment}/readouts`, alice, file);
      expect(res.statusCode, res.body).toBe(201);
    };
    const [p1, p2] = plates.map((p: { experiment_id: number }) => p.experiment_id);
    // plate 1 read twice: the first run is poor, the second (the one the table reads) good
    await upload(p1, [100, 400, 90, 600], [1000, 1020, 980, 1000]);
    await upload(p1, [100, 110, 90, 100], [1000, 1020, 980, 1000]);
    // plate 2: a wide POS spread
    await upload(p2, [100, 160, 40, 100], [1000, 1020, 980, 1000]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("works every plate's QC from its latest readout and marks the failing ones", async () => {
    const res = await call(t.app, 'GET', `/api/campaigns/${campaign}/qc`, alice);
    expect(res.statusCode, res.body).toBe(200);
    const qc = res.json();
    expect(qc.thresholds).toEqual({ z_prime_min: 0.5, cv_max_pct: 20 });
    const [one, two, three] = qc.plates;
    // plate 1: POS mean 100, sd sqrt(200 / 3) = 8.165; NEG mean 1000, sd sqrt(800 / 3) = 16.33
    // Z' = 1 - 3 (8.165 + 16.33) / 900 = 0.9184; SSMD = -900 / sqrt(66.67 + 266.67) = -49.30
    expect(one.readout.run).toBe(2);
    expect(one.z_prime).toBeCloseTo(1 - (3 * (Math.sqrt(200 / 3) + Math.sqrt(800 / 3))) / 900, 9);
    expect(one.robust_z_prime).not.toBeNull();
    expect(one.s_b).toBeCloseTo(0.1, 9);
    expect(one.cv_pos_pct).toBeCloseTo(8.165, 3);
    expect(one.cv_neg_pct).toBeCloseTo(1.633, 3);
    expect(one.ssmd).toBeCloseTo(-900 / Math.sqrt(1000 / 3), 9);
    expect(one.pass).toBe(true);
    expect(one.failures).toEqual([]);
    // plate 2: POS sd sqrt(7200 / 3) = 48.99, CV 49.0 %; Z' = 1 - 3 (48.99 + 16.33) / 900 = 0.782
    expect(two.z_prime).toBeCloseTo(1 - (3 * (Math.sqrt(2400) + Math.sqrt(800 / 3))) / 900, 9);
    expect(two.pass).toBe(false);
    expect(two.failures).toEqual(['CV POS 49 % > 20 %']);
    expect(three.readout).toBeNull();
    expect(three.pass).toBeNull();
    expect(three.notes).toEqual(['No readout imported']);
    expect(qc.failing).toBe(1);
  });

  it("applies the user's thresholds", async () => {
    const res = await call(
      t.app,
      'GET',
      `/api/campaigns/${campaign}/qc?z_prime_min=0.8&cv_max_pct=60`,
      alice,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [one, two] = res.json().plates;
    expect(one.pass).toBe(true);
    expect(two.failures).toEqual(["Z' 0.78 < 0.8"]);
    expect(res.json().failing).toBe(1);
    const bad = await call(t.app, 'GET', `/api/campaigns/${campaign}/qc?z_prime_min=2`, alice);
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another user's campaign", async () => {
    const bob = await userHeaders('qc-bob');
    const res = await call(t.app, 'GET', `/api/campaigns/${campaign}/qc`, bob);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Campaign not found');
  });
});
