// The loop closed in the designer: a 384 plate planned as the partial-transfer reference
// (A1 to A1 and B1, A2 to A2 and B2, 100 nL each), the instrument's log imported from the
// top bar's Transfer log menu, the plate coloured by transfer status with the two missed
// wells counted in the legend, the well editor showing planned beside actual, and the
// re-pick downloaded: exactly the two failed transfers.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { signInAsDeveloper } from './fixtures/developer-login';
import {
  addStaurosporineAndMedium,
  createExperiment,
  deleteCreated,
} from './fixtures/experiment-api';
import { expect, test } from './fixtures/server';

test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));

const LOG = fileURLToPath(
  new URL('../fixtures/transfer-logs/partial-transfer.csv', import.meta.url),
);

test('transfer log: import, missed wells coloured, re-pick downloaded', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Transfer log (e2e)', '384');
  await addStaurosporineAndMedium(page.request, server, id);
  const api = `${server.baseURL}/api/experiments/${id}`;
  const gef = await page.request.post(`${api}/bench/reagents`, {
    data: {
      name: 'Gefitinib',
      slug: 'gefitinib',
      reagent_type: 'chemical',
      solvent: 'DMSO',
      default_concentration_value: 10,
      default_concentration_units: 'mM',
      molecular_weight_g_per_mol: 446.9,
    },
  });
  expect(gef.status(), await gef.text()).toBe(201);
  const settings = await page.request.put(`${api}/dispensing`, {
    data: { instrument: 'echo-525', source_plate_type: '384PP_AQ_BP' },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const ops = await page.request.patch(`${api}/plate`, {
    data: {
      version: 0,
      ops: [
        // 40 uL of medium: 100 nL of a DMSO stock is then 0.25 % DMSO, within its limit
        { op: 'set', wells: ['A1:B2'], reagent: 'medium', volume_uL: 40 },
        { op: 'set', wells: ['A1', 'B1'], reagent: 'staurosporine', volume_uL: 0.1 },
        { op: 'set', wells: ['A2', 'B2'], reagent: 'gefitinib', volume_uL: 0.1 },
      ],
    },
  });
  expect(ops.status(), await ops.text()).toBe(200);

  await page.goto(`/experiments/${id}`);
  await expect(page.getByTestId('plate-view')).toHaveAttribute('data-format', '384');

  // Import from the menu, through the browser's file chooser.
  await page.getByRole('button', { name: 'Transfer log' }).click();
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import transfer log or survey…' }).click();
  await (await choosing).setFiles(LOG);
  const menu = page.getByTestId('transfer-log-menu');
  await expect(menu.getByRole('status')).toHaveText(
    'partial-transfer.csv: 4 of 4 transfers matched the plan, 2 wells missed.',
  );

  // The plate colours by transfer status: two missed, two as planned.
  await expect(page.getByTestId('colour-by').getByLabel('Colour by')).toHaveValue('transfer');
  await expect(page.getByTestId('legend-colours').locator('li')).toHaveText([
    'As planned (2)',
    'Missed (2)',
    'Empty (380)',
  ]);

  // The re-pick: exactly the two failed transfers, 100 nL each from source A2.
  await page.getByRole('button', { name: 'Transfer log' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download re-pick picklist' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`experiment_${id}_repick.csv`);
  const rows = parse(await readFile((await download.path())!, 'utf8'), {
    columns: true,
  }) as Record<string, string>[];
  expect(rows.map((r) => [r['Source Well'], r['Destination Well'], r['Transfer Volume']])).toEqual([
    ['A2', 'A2', '100'],
    ['A2', 'B2', '100'],
  ]);
});
