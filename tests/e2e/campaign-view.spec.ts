// A primary screen end to end, as a user makes it, in at most 12 actions (each click, fill,
// file choice, key press and navigation goes through `act`, which counts it): a library file
// of 27,456 compounds imported, a 1536 campaign of 20 plates made from a saved template with
// 128 controls (its reagents copied from the plate the template was made on), plate 7 opened
// in the designer, back to the campaign view, the campaign's picklist exported. The template
// and its plate are set up through the API first, as a user would have made them earlier.
// With SCREENSHOTS=1 it writes the README's screenshot (docs/screenshots/campaign-view.png).
import { readFile } from 'node:fs/promises';
import { signInAsDeveloper } from './fixtures/developer-login';
import {
  addStaurosporineAndMedium,
  createExperiment,
  deleteCreated,
} from './fixtures/experiment-api';
import { expect, test } from './fixtures/server';

test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));

const PER_PLATE = 1536 - 128;
const COMPOUNDS = 19 * PER_PLATE + 704;

/** The library file: 384-well source plates LIB001..., one 10 mM compound a well. */
function libraryCsv(): string {
  const lines = ['Plate Barcode,Well,Compound ID,Concentration,Unit'];
  for (let k = 0; k < COMPOUNDS; k++) {
    const plate = `LIB${String(Math.floor(k / 384) + 1).padStart(3, '0')}`;
    const i = k % 384;
    const well = `${String.fromCharCode(65 + Math.floor(i / 24))}${(i % 24) + 1}`;
    lines.push(`${plate},${well},CMP-${String(k + 1).padStart(6, '0')},10,mM`);
  }
  return lines.join('\n');
}

/** POS (1 uM staurosporine) in columns 1 and 47, NEG (medium) in columns 2 and 48. */
function controlTemplate() {
  const wells = [];
  for (let dr = 0; dr < 32; dr++) {
    for (const dc of [0, 46]) {
      wells.push({ dr, dc, targets: { staurosporine: { target_nM: 1000 } }, tags: ['POS'] });
    }
    for (const dc of [1, 47]) {
      wells.push({ dr, dc, targets: { medium: { target_nM: null } }, tags: ['NEG'] });
    }
  }
  return { name: 'Screen controls 1536', wells };
}

test('a 1536 campaign of 20 plates from a library file, in at most 12 user actions', async ({
  page,
  server,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signInAsDeveloper(page, server);
  const bench = await createExperiment(page.request, server, 'Controls plate (e2e)');
  await addStaurosporineAndMedium(page.request, server, bench);
  const template = await page.request.post(`${server.baseURL}/api/templates`, {
    data: controlTemplate(),
  });
  expect(template.status(), await template.text()).toBe(201);

  let actions = 0;
  const act = async (action: () => Promise<unknown>) => {
    actions++;
    await action();
  };

  await page.goto(`${server.baseURL}/campaigns`);
  await act(() =>
    page.getByLabel(/Library file/).setInputFiles({
      name: 'screen-library.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(libraryCsv()),
    }),
  );
  await act(() => page.getByRole('button', { name: 'Import library' }).click());
  await expect(page.getByText(`Imported ${COMPOUNDS} compounds on 72 plates.`)).toBeVisible({
    timeout: 60_000,
  });

  // 1536 and the template are the form's first choices; the reagents come from the plate
  await act(() => page.getByLabel('Bench from experiment #').fill(String(bench)));
  await act(() => page.getByRole('button', { name: 'Make the campaign' }).click());
  await expect(page.getByText(/Made 20 plates of 1408 compounds; the last leaves 704/)).toBeVisible(
    { timeout: 180_000 },
  );
  const grid = page.getByRole('grid', { name: /Plates of Primary screen/ });
  await expect(grid.getByRole('gridcell')).toHaveCount(20);
  await expect(page.getByText(/^Planned: \d+ transfers/)).toBeVisible({ timeout: 120_000 });
  await expect(grid.getByRole('gridcell').first()).toContainText('0 unmet');

  if (process.env.SCREENSHOTS) {
    await grid.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('region', { name: /Primary screen: 20 plates/ }).screenshot({
      path: 'docs/screenshots/campaign-view.png',
    });
  }

  // plate 7: its barcode, opened in the designer
  await act(() => grid.getByRole('link', { name: 'AS0007' }).click());
  await expect(page).toHaveURL(/\/experiments\/\d+$/);
  await expect(page.getByText(/AS0007/).first()).toBeVisible({ timeout: 60_000 });

  // back to the campaign, its picklist exported
  await act(() => page.goBack());
  const downloading = page.waitForEvent('download');
  await act(() => page.getByRole('button', { name: 'Export the campaign picklist' }).click());
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^campaign_\d+_picklist\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const rows = csv.trim().split('\n');
  const compoundRows = rows.filter((r) => r.includes(',CMP-'));
  // every compound once, to its plate; plate 7 has its 1408
  expect(compoundRows).toHaveLength(COMPOUNDS);
  expect(compoundRows.filter((r) => r.split(',')[5] === 'AS0007')).toHaveLength(PER_PLATE);

  expect(actions).toBeLessThanOrEqual(12);
});
