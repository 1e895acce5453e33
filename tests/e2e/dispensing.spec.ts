// The dispensing plan through the designer on a 1536 plate: a dose-response from the series
// dialog, a 1 % DMSO backfill set in the Dispensing dialog, the picklist downloaded from the
// export menu and checked row by row against the plate the server shows: every volume whole
// 2.5 nL droplets, each well's transfers summed (C1V1 / V) give exactly the predicted
// concentration, and each well's DMSO (stock, intermediates and backfill) is 1 % to within
// one droplet (2.5 nL in 5 uL is 0.05 %).
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { signInAsDeveloper } from './fixtures/developer-login';
import { createExperiment, deleteCreated } from './fixtures/experiment-api';
import { expect, test } from './fixtures/server';

test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));

interface StateWell {
  targets: Record<string, { target_nM: number | null }>;
  predicted: Record<string, { nM: number }>;
  metrics: { volumeUl: number };
  tags: string[];
}

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
}

test('dispensing: a 1536 dose-response with a 1 % DMSO backfill, its picklist checked row by row', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Picklist (e2e)');
  const bench = `${server.baseURL}/api/experiments/${id}/bench/reagents`;
  for (const data of [
    {
      name: 'Compound 01',
      slug: 'cpd-01',
      reagent_type: 'chemical',
      solvent: 'DMSO',
      default_concentration_value: 10,
      default_concentration_units: 'mM',
      molecular_weight_g_per_mol: 400,
    },
    {
      name: 'DMSO',
      slug: 'dmso',
      reagent_type: 'solvent',
      default_concentration_value: 100,
      default_concentration_units: '%',
      max_concentration_percent: 1,
    },
    { name: 'Assay medium', slug: 'assay-medium', reagent_type: 'media' },
  ]) {
    const r = await page.request.post(bench, { data });
    expect(r.status(), await r.text()).toBe(201);
  }
  // the medium fills each well to its 5 uL (a bulk step, not in the picklist)
  const vehicle = await page.request.patch(`${server.baseURL}/api/experiments/${id}/vehicle`, {
    data: { vehicle_slug: 'assay-medium' },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(200);

  await page.goto(`/experiments/${id}`);
  const plate = page.getByTestId('plate-view');
  await expect(plate).toHaveAttribute('data-format', '1536');
  await expect(page.getByTestId('save-status')).toBeVisible();

  // D: the series dialog with the bench's compound, 10 uM top, 3-fold, 10 points, 2 replicates.
  await plate.focus();
  await page.keyboard.press('d');
  const panel = page.getByTestId('tool-panel');
  await expect(panel).toHaveAttribute('data-tool', 'series');
  await expect(panel.getByTestId('tool-outcome')).toContainText('20 wells change');
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expectSaved(page);

  // Dispensing: backfill every well to 1 % DMSO.
  await page.getByRole('button', { name: 'Dispensing' }).click();
  const dialog = page.getByTestId('dispensing-dialog');
  await dialog.getByLabel('Backfill every well to the same solvent %').check();
  await dialog.getByLabel('Backfill solvent').selectOption('dmso');
  await dialog.getByLabel('Backfill percent (v/v)').fill('1');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog).toBeHidden();

  // The picklist, as a user downloads it.
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download picklist' }).click();
  const download = await downloading;
  const rows = parse(await readFile((await download.path())!, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
  expect(Object.keys(rows[0]).slice(0, 9)).toEqual([
    'Source Plate Name',
    'Source Plate Barcode',
    'Source Plate Type',
    'Source Well',
    'Destination Plate Name',
    'Destination Plate Barcode',
    'Destination Plate Type',
    'Destination Well',
    'Transfer Volume',
  ]);

  const state = (await (
    await page.request.get(`${server.baseURL}/api/experiments/${id}/plate`)
  ).json()) as { wells: Record<string, StateWell> };
  const series = Object.entries(state.wells).filter(([, w]) => w.targets['cpd-01']);
  expect(series).toHaveLength(20);

  const byWell = new Map<string, Record<string, string>[]>();
  for (const row of rows) {
    if (row['Unmet Reason']) continue;
    const volume = Number(row['Transfer Volume']);
    // whole droplets, at least one
    expect(volume, JSON.stringify(row)).toBeGreaterThanOrEqual(2.5);
    expect(Math.abs(volume / 2.5 - Math.round(volume / 2.5)), JSON.stringify(row)).toBeLessThan(
      1e-9,
    );
    const list = byWell.get(row['Destination Well']) ?? [];
    list.push(row);
    byWell.set(row['Destination Well'], list);
  }

  for (const [well, w] of series) {
    const transfers = byWell.get(well) ?? [];
    const V_nL = w.metrics.volumeUl * 1000;
    // C2 = sum(C1 * V1) / V2 over the compound's transfers (sources in uM, volumes in nL)
    const compound = transfers.filter((r) => r['Sample Name'] === 'cpd-01');
    expect(compound.length, well).toBeGreaterThan(0);
    const fromPicklist_nM =
      compound.reduce(
        (sum, r) => sum + Number(r['Sample Concentration']) * 1000 * Number(r['Transfer Volume']),
        0,
      ) / V_nL;
    expect(fromPicklist_nM / w.predicted['cpd-01'].nM, well).toBeCloseTo(1, 5);
    // and what is dispensed meets the target within its 5 % (every point is planned to it)
    const target = w.targets['cpd-01'].target_nM!;
    expect(Math.abs(fromPicklist_nM / target - 1), well).toBeLessThanOrEqual(0.05);
    // everything shot into the well here is DMSO: the compound's stock and intermediates
    // (diluted in DMSO) and the backfill
    const dmso_nL = transfers.reduce((sum, r) => sum + Number(r['Transfer Volume']), 0);
    expect(Math.abs((dmso_nL / V_nL) * 100 - 1), well).toBeLessThanOrEqual(0.05 + 1e-9);
  }
});
