// Colour by, large monitors and the keyboard on a 1536 plate, end to end: a dose-response
// series with controls laid out through the API, then viewed at 2560x1440 with the zoomed
// block hidden (a well of at least 30 px), coloured by concentration, role and reagent with a
// legend of counts; Delete, F2 and Escape from the keyboard, tags set from the editor and
// read back from the API. With SCREENSHOTS=1 it writes the README's colour-by-concentration
// screenshot (docs/screenshots/colour-by-concentration.png).
import type { APIRequestContext, Page } from '@playwright/test';
import { signInAsDeveloper } from './fixtures/developer-login';
import { createExperiment, deleteCreated, plateOnServer } from './fixtures/experiment-api';
import { expect, test } from './fixtures/server';
import type { ServerInfo } from './fixtures/server';

test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));

const COMPOUNDS = ['Staurosporine', 'Doxorubicin', 'Camptothecin', 'Etoposide'];
const slugOf = (name: string) => name.toLowerCase();

async function stockBench(request: APIRequestContext, server: ServerInfo, id: number) {
  const url = `${server.baseURL}/api/experiments/${id}/bench/reagents`;
  for (const name of COMPOUNDS) {
    const r = await request.post(url, {
      data: {
        name,
        slug: slugOf(name),
        reagent_type: 'chemical',
        solvent: 'DMSO',
        default_concentration_value: 10,
        default_concentration_units: 'mM',
        molecular_weight_g_per_mol: 500,
      },
    });
    expect(r.status(), await r.text()).toBe(201);
  }
  const medium = await request.post(url, {
    data: { name: 'Assay medium', slug: 'medium', reagent_type: 'media', ph: 7.4 },
  });
  expect(medium.status(), await medium.text()).toBe(201);
}

/**
 * Each compound a 10-point 3-fold series from 30 µM in two replicate rows (compound k in rows
 * 2k+1 and 2k+2, columns 1 to 10); columns 47 (POS: staurosporine at 30 µM) and 48 (ZERO:
 * medium only) of the first 8 rows hold the controls.
 */
function layout(): Record<string, unknown> {
  const rows = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const wells: Record<string, unknown> = {};
  const medium = { target_nM: null, volume_uL: 9 };
  COMPOUNDS.forEach((name, k) => {
    for (const rep of [0, 1]) {
      const row = rows[2 * k + rep];
      for (let p = 0; p < 10; p++) {
        const nM = 30_000 / 3 ** p;
        wells[`${row}${p + 1}`] = {
          targets: { [slugOf(name)]: { target_nM: nM, volume_uL: 1 }, medium },
          sample: `${name} ${p + 1}`,
        };
      }
    }
  });
  for (let r = 0; r < 8; r++) {
    wells[`${rows[r]}47`] = {
      targets: { staurosporine: { target_nM: 30_000, volume_uL: 1 }, medium },
      tags: ['POS'],
    };
    wells[`${rows[r]}48`] = {
      targets: { medium: { target_nM: null, volume_uL: 10 } },
      tags: ['ZERO'],
    };
  }
  return wells;
}

async function seed(request: APIRequestContext, server: ServerInfo, id: number) {
  const current = await plateOnServer(request, server, id);
  const response = await request.put(`${server.baseURL}/api/experiments/${id}/plate`, {
    data: { version: current.version, defn: { format: 1536, rows: 32, cols: 48 }, wells: layout() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const legendItems = (page: Page) => page.getByTestId('legend-colours').locator('li');

test('colour by: a 1536 series at 2560x1440 by concentration, role and reagent, from the keyboard', async ({
  page,
  server,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.setViewportSize({ width: 2560, height: 1440 });
  await signInAsDeveloper(page, server);
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  const id = await createExperiment(page.request, server, 'Colour by (e2e)');
  await stockBench(page.request, server, id);
  await seed(page.request, server, id);
  await page.goto(`/experiments/${id}`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const plate = page.getByTestId('plate-view');
  await expect(plate).toHaveAttribute('data-format', '1536');

  // The chat takes less than half of the screen by default.
  const right = await page.getByRole('region', { name: 'Side panels' }).boundingBox();
  expect(right && right.width).toBeLessThan(2560 / 2);

  // Z hides the zoomed block: the whole plate takes the space, a well of at least 30 px.
  await plate.focus();
  await page.keyboard.press('z');
  await expect(page.getByTestId('zoom-toggle')).toHaveText('Show zoomed block');
  await expect
    .poll(async () => Number(await plate.getAttribute('data-pitch')))
    .toBeGreaterThanOrEqual(30);

  // C steps the colouring: layout (the default) -> reagent type -> reagent -> concentration
  // -> every compound's concentration -> role.
  const mode = page.getByTestId('colour-by').getByLabel('Colour by');
  await expect(mode).toHaveValue('layout');
  await page.keyboard.press('c');
  await expect(mode).toHaveValue('type');
  await page.keyboard.press('c');
  await expect(mode).toHaveValue('reagent');
  // One colour per compound (the medium is under each compound), with counts:
  // 20 wells per compound, staurosporine 20 + 8 POS; the 8 ZERO wells are medium.
  await expect(legendItems(page)).toHaveText([
    'Camptothecin (20)',
    'Doxorubicin (20)',
    'Etoposide (20)',
    'Staurosporine (28)',
    'Assay medium (8)',
    `Empty (${1536 - 96})`,
  ]);
  await page.keyboard.press('c');
  await expect(mode).toHaveValue('concentration');
  // The heat map shows the first compound (by name): 30 µM / 3^9 = 1.52 nM to 30 µM.
  const scale = page.getByTestId('legend-scale');
  await expect(scale).toContainText('1.52 nM');
  await expect(scale).toContainText('30.0 µM');
  await expect(legendItems(page).nth(1)).toHaveText('With Camptothecin (20)');
  await expect(legendItems(page).nth(2)).toHaveText('Without Camptothecin (76)');
  await page.waitForTimeout(500);
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: 'docs/screenshots/colour-by-concentration.png' });
  }

  // Every compound at once, each its own ramp over its own range; the controls in greys.
  await page.keyboard.press('c');
  await expect(mode).toHaveValue('series');
  await expect(legendItems(page)).toHaveText([
    ...COMPOUNDS.map((name) => `${name} 1.52 nM to 30.0 µM (20)`),
    'Positive control (8)',
    'Vehicle / zero (8)',
    `Empty (${1536 - 96})`,
  ]);

  // By role: the 8 positive controls, the 8 vehicle wells and the 80 samples.
  await page.keyboard.press('c');
  await expect(mode).toHaveValue('role');
  await expect(legendItems(page)).toHaveText([
    'Positive control (8)',
    'Vehicle / zero (8)',
    'Sample (80)',
    `Empty (${1536 - 96})`,
  ]);

  // Keyboard: A1 has the focus; Space selects it, Delete clears it (read back from the API).
  await plate.focus();
  await page.keyboard.press(' ');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect
    .poll(async () => (await plateOnServer(page.request, server, id)).wells.A1)
    .toBeUndefined();

  // F2 moves into the well editor, Escape back to the plate.
  await page.keyboard.press('ArrowRight'); // A2
  await page.keyboard.press('Escape'); // A1 leaves the selection
  await page.keyboard.press(' ');
  await page.keyboard.press('F2');
  const editor = page.getByTestId('well-editor');
  await expect.poll(() => editor.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(plate).toBeFocused();

  // Tags and sample names from the editor: A2 becomes a negative control named "blank".
  await page.keyboard.press('F2');
  await editor.getByLabel('Sample', { exact: true }).fill('blank');
  await editor.getByRole('button', { name: 'Set on 1 well' }).click();
  await editor.getByRole('button', { name: 'Negative control' }).click();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect
    .poll(async () => {
      const w = (await plateOnServer(page.request, server, id)).wells.A2 as unknown as {
        sample: string;
        tags: string[];
      };
      return [w.sample, w.tags];
    })
    .toEqual(['blank', ['NEG']]);
  await expect(legendItems(page).nth(1)).toHaveText('Negative control (1)');
  expect(pageErrors).toEqual([]);
});
