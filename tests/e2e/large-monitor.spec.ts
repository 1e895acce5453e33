// The designer on a 2560x1440 monitor: a screen's 16 compounds pasted into the bench in one
// action, the plate's canvas at least 60 % of the width with the zoomed block shown, and the
// default colouring of the finished 16 x 10 x 2 dose-response (32 positive and 32 negative
// controls) telling controls, each compound's series and empty wells apart. With
// SCREENSHOTS=1 it writes the README's screenshot (docs/screenshots/designer-layout.png).
import type { Page } from '@playwright/test';
import { signInAsDeveloper } from './fixtures/developer-login';
import { createExperiment, deleteCreated, plateOnServer } from './fixtures/experiment-api';
import { expect, test, type ServerInfo } from './fixtures/server';

test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));
test.use({ viewport: { width: 2560, height: 1440 } });

const NAMES = [
  'Staurosporine',
  'Paclitaxel',
  'Camptothecin',
  'Etoposide',
  'Bortezomib',
  'MG-132',
  'Rapamycin',
  'Wortmannin',
  'LY294002',
  'Forskolin',
  'IBMX',
  'Thapsigargin',
  'Tunicamycin',
  'Brefeldin A',
  'Nocodazole',
  'Colchicine',
];
const slugOf = (name: string) => name.toLowerCase().replace(/ /g, '-');
const ROWS = Array.from({ length: 32 }, (_, r) =>
  r < 26 ? String.fromCharCode(65 + r) : `A${String.fromCharCode(65 + r - 26)}`,
);

/**
 * Compound k in rows 2k+1 and 2k+2, columns 3-12 (30 uM, 3-fold); POS column 1 (staurosporine
 * 10 uM), NEG column 2 (DMSO at 0.3 %, the top point's load). Set by targets as the designer
 * sets them, so the plate writer plans each volume (droplets, working stocks, the medium's fill)
 * and the screen is one a plan can dispense.
 */
async function layOut(page: Page, server: ServerInfo, id: number) {
  const ops: Record<string, unknown>[] = [];
  NAMES.forEach((name, k) => {
    for (let p = 0; p < 10; p++) {
      const col = p + 3;
      ops.push({
        op: 'set',
        wells: [`${ROWS[2 * k]}${col}`, `${ROWS[2 * k + 1]}${col}`],
        reagent: slugOf(name),
        target_nM: 30_000 / 3 ** p,
      });
    }
  });
  ops.push(
    { op: 'set', wells: ['A1:AF1'], reagent: 'staurosporine', target_nM: 10_000 },
    { op: 'tag', wells: ['A1:AF1'], add: ['POS'] },
    { op: 'set', wells: ['A2:AF2'], reagent: 'dmso', vehicle_pct: 0.3 },
    { op: 'tag', wells: ['A2:AF2'], add: ['NEG'] },
  );
  const current = await plateOnServer(page.request, server, id);
  const patch = await page.request.patch(`${server.baseURL}/api/experiments/${id}/plate`, {
    data: { version: current.version, ops },
  });
  expect(patch.status(), await patch.text()).toBe(200);
}

test('a 1536 screen on a large monitor: paste 16 compounds, a wide plate, the layout colouring', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000);
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, '16 compounds x 10 points x 2');
  const url = `${server.baseURL}/api/experiments/${id}/bench/reagents`;
  for (const data of [
    { name: 'Assay medium', slug: 'medium', reagent_type: 'media', ph: 7.4 },
    {
      name: 'DMSO',
      slug: 'dmso',
      reagent_type: 'solvent',
      default_concentration_value: 100,
      default_concentration_units: '%',
      max_concentration_percent: 1,
    },
  ]) {
    const r = await page.request.post(url, { data });
    expect(r.status(), await r.text()).toBe(201);
  }
  await page.goto(`/experiments/${id}`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const plate = page.getByTestId('plate-view');
  await expect(plate).toHaveAttribute('data-drawn-zoom', /^\d+,\d+$/);

  // The plate's canvas takes at least 60 % of the width, the zoomed block shown.
  const box = (await plate.boundingBox())!;
  expect(box.width / 2560).toBeGreaterThanOrEqual(0.6);

  // Paste the screen's compound list into the bench: one paste, one click.
  await page.getByRole('button', { name: 'Add reagent' }).click();
  const picker = page.getByTestId('reagent-picker');
  await picker.getByLabel('Names or catalog ids, one a line').fill(NAMES.join('\n'));
  await picker.getByRole('button', { name: 'Add the 16 listed' }).click();
  await expect(picker).toBeHidden({ timeout: 60_000 });
  const onBench = page.getByRole('list', { name: 'Bench reagents' }).getByRole('listitem');
  await expect(onBench).toHaveCount(18);

  await layOut(page, server, id);
  await page.reload();
  await expect(plate).toHaveAttribute('data-drawn-zoom', /^\d+,\d+$/);
  const mode = page.getByTestId('colour-by').getByLabel('Colour by');
  await expect(mode).toHaveValue('layout');
  await expect(page.getByTestId('legend-colours').locator('li')).toHaveText([
    ...NAMES.map((n) => `${n} (20)`),
    'Positive control (32)',
    'Negative control (32)',
    `Empty (${1536 - 16 * 20 - 64})`,
  ]);
  if (process.env.SCREENSHOTS) {
    await page.waitForTimeout(1000);
    await page.screenshot({ path: 'docs/screenshots/designer-layout.png' });
  }
});
