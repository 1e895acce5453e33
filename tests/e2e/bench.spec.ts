// The bench fridge end to end against the real server and the built client: reagents from
// the catalog, a custom reagent (with every validation message of the form), constraints,
// delete, and a concentration applied to selected wells through the Well editor.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { signInAsDeveloper } from './fixtures/developer-login';
import { expect, test } from './fixtures/server';
import type { ServerInfo } from './fixtures/server';

interface BenchRow {
  slug: string;
  name: string;
  max_concentration_percent: number | null;
  min_transfer_ul: number | null;
}

async function createExperiment(page: Page, server: ServerInfo, name: string): Promise<number> {
  const response = await page.request.post(`${server.baseURL}/api/experiments/`, {
    data: { name, plate_type: '96' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function benchOnServer(
  request: APIRequestContext,
  server: ServerInfo,
  id: number,
): Promise<BenchRow[]> {
  const response = await request.get(`${server.baseURL}/api/experiments/${id}/bench/reagents`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as BenchRow[];
}

function summaryOf(form: Locator): Locator {
  return form.getByRole('alert', { name: 'Problems to fix' }).getByRole('listitem');
}

test('bench fridge: catalog and custom reagents, constraints and delete', async ({
  page,
  server,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page, server, 'Bench fridge (e2e)');

  // Onboarding opens the picker.
  await page.goto(`/experiments/${id}?onboard=add-reagents`);
  const picker = page.getByRole('dialog', { name: 'Select reagents to add to bench fridge' });
  await expect(picker).toBeVisible();
  const search = picker.getByLabel('Search reagents');
  await search.fill('stauro');
  await picker.getByRole('checkbox', { name: /^Staurosporine/ }).check();
  await search.fill('dimethyl sulfoxide');
  await picker.getByRole('checkbox', { name: /^DMSO/ }).check();
  await picker.getByRole('button', { name: 'Add 2 to bench' }).click();
  await expect(picker).toBeHidden();

  const fridge = page.getByTestId('bench-fridge');
  const rows = fridge.getByTestId('bench-row');
  await expect(rows).toHaveCount(2);
  await expect(fridge.getByRole('button', { name: /^DMSO, Solvent/ })).toContainText('100 %');
  await expect(fridge.getByRole('button', { name: /^Staurosporine, Compound/ })).toContainText(
    '1.00 mM',
  );
  // DMSO has a limit, so it never fills the wells: with no medium or buffer, water does and
  // no bench reagent is the default vehicle.
  await expect(fridge.getByLabel('Default vehicle')).toHaveValue('');
  expect((await benchOnServer(page.request, server, id)).map((r) => r.slug).toSorted()).toEqual([
    'dmso',
    'staurosporine',
  ]);

  // Reagents already on the bench cannot be chosen again.
  await fridge.getByRole('button', { name: 'Add reagent' }).click();
  await expect(picker).toBeVisible();
  await picker.getByLabel('Search reagents').fill('stauro');
  const onBench = picker.getByRole('checkbox', { name: /^Staurosporine/ });
  await expect(onBench).toBeDisabled();
  await expect(onBench).toBeChecked();
  await expect(picker.getByText('On bench')).toBeVisible();

  // The custom reagent form, every validation message of the spec.
  await picker.getByRole('button', { name: 'Custom reagent' }).click();
  const form = page.getByRole('dialog', { name: 'Add reagent to bench fridge' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Solvent')).toHaveValue('DMSO');
  await expect(form.getByLabel('Stock concentration', { exact: true })).toHaveValue('10000');
  const add = form.getByRole('button', { name: 'Add to bench' });
  await form.getByLabel('Solvent').fill('');
  await add.click();
  await expect(summaryOf(form)).toHaveText([
    'Name is required',
    'Solvent is required for chemical reagents',
    'Molecular weight is required for chemical reagents',
  ]);
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  const type = form.getByLabel('Type');
  await type.selectOption('biological');
  await expect(summaryOf(form)).toHaveText([
    'Name is required',
    'Media is required for biological reagents',
    'Either Cells/mL or Molecular weight is required for biological reagents',
  ]);
  await type.selectOption('buffer');
  await expect(form.getByLabel('pH')).toHaveValue('7.4');
  await form.getByLabel('pH').fill('');
  await expect(summaryOf(form)).toHaveText([
    'Name is required',
    'pH is required for buffer reagents',
  ]);
  await type.selectOption('solvent');
  await expect(form.getByLabel('Purity grade')).toHaveValue('Cell culture grade');
  await form.getByLabel('Max concentration %').fill('');
  await expect(summaryOf(form)).toHaveText([
    'Name is required',
    'Max concentration % is required for solvent reagents',
  ]);

  await type.selectOption('compound');
  await form.getByLabel('Name').fill('Compound X-17');
  await form.getByLabel('Solvent').fill('DMSO');
  await form.getByLabel('Molecular weight (g/mol)').fill('412.5');
  await form.getByLabel('Stock concentration', { exact: true }).fill('2');
  await form.getByLabel('Stock concentration unit').selectOption('M');
  await add.click();
  await expect(summaryOf(form)).toHaveText([
    'Stock molarity cannot exceed 1.0 M (entered 2 M). Please use a smaller concentration or different unit.',
  ]);

  // A refused request (duplicate name) keeps what was typed.
  await form.getByLabel('Name').fill('Staurosporine');
  await form.getByLabel('Stock concentration unit').selectOption('mM');
  await add.click();
  await expect(form.getByText('Staurosporine is already on the bench')).toBeVisible();
  await expect(form.getByLabel('Molecular weight (g/mol)')).toHaveValue('412.5');
  await expect(form.getByLabel('Stock concentration', { exact: true })).toHaveValue('2');

  await form.getByLabel('Name').fill('Compound X-17');
  await add.click();
  await expect(form).toBeHidden();
  await expect(rows).toHaveCount(3);
  await expect(fridge.getByRole('button', { name: /^Compound X-17, Compound/ })).toContainText(
    '2.00 mM',
  );

  // Constraints: only what changed is sent.
  await fridge.getByRole('button', { name: /^DMSO, Solvent/ }).click();
  const details = page.getByRole('dialog', { name: 'Reagent details' });
  await expect(details).toBeVisible();
  // the catalog's DMSO limit is the plan's default, 0.5 % (one number for both)
  await expect(details.getByLabel('Max concentration (% v/v)')).toHaveValue('0.5');
  const patches: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/bench/reagents/'))
      patches.push(request.postDataJSON());
  });
  await details.getByLabel('Min transfer volume (µL)').fill('0.5');
  await details.getByRole('button', { name: 'Save constraints' }).click();
  await expect(details).toBeHidden();
  await expect(fridge.getByRole('button', { name: /^DMSO, Solvent/ })).toContainText(
    'max 0.5 % · min 0.50 µL',
  );
  expect(patches).toEqual([{ min_transfer_ul: 0.5 }]);
  const dmso = (await benchOnServer(page.request, server, id)).find((r) => r.slug === 'dmso');
  expect(dmso).toMatchObject({ max_concentration_percent: 0.5, min_transfer_ul: 0.5 });

  // Delete.
  await fridge.getByRole('button', { name: 'Delete Compound X-17' }).click();
  await expect(rows).toHaveCount(2);
  await expect
    .poll(async () => (await benchOnServer(page.request, server, id)).map((r) => r.name).toSorted())
    .toEqual(['DMSO', 'Staurosporine']);
  await page.reload();
  await expect(page.getByTestId('bench-fridge').getByTestId('bench-row')).toHaveCount(2);
  expect(pageErrors).toEqual([]);
});

test('the Well editor applies a concentration to the selected wells and removes it', async ({
  page,
  server,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page, server, 'Well editor (e2e)');
  const added = await page.request.post(`${server.baseURL}/api/experiments/${id}/bench/reagents`, {
    data: {
      name: 'Staurosporine',
      reagent_type: 'chemical',
      solvent: 'DMSO',
      default_concentration_value: 1,
      default_concentration_units: 'mM',
      molecular_weight_g_per_mol: 466.53,
    },
  });
  expect(added.status()).toBe(201);

  await page.goto(`/experiments/${id}`);
  await expect(page.getByTestId('bench-fridge').getByTestId('bench-row')).toHaveCount(1);

  // Select A1 and A2 with the keyboard: Space selects the focused well, Shift+→ extends.
  const plate = page.getByRole('grid').first();
  await plate.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowRight');

  const editor = page.getByTestId('well-editor');
  await expect(editor).toBeVisible();
  await expect(editor.getByText('2 wells selected: A1, A2')).toBeVisible();
  await expect(editor.getByLabel('Concentration', { exact: true })).toHaveValue('1000');
  await expect(editor.getByLabel('Volume (µL)')).toHaveValue('10');
  await expect(editor.getByLabel('Reagent', { exact: true })).toHaveValue('staurosporine');
  await editor.getByLabel('Concentration', { exact: true }).fill('10');
  await editor.getByLabel('Volume (µL)').fill('5');
  await expect(editor.getByTestId('well-editor-preview')).toHaveText(
    '10.0 µM with 5.0 µL · pipetting moderate (±5–10%)',
  );
  await editor.getByRole('button', { name: 'Apply to 2 wells' }).click();

  // 1 mM stock, 5 µL alone in the well: 1 mM predicted against a 10 µM target.
  const table = editor.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('A1');
  await expect(table.getByRole('row').nth(1)).toContainText('Error');
  await expect(editor.getByText('5.0 µL', { exact: true }).first()).toBeVisible();

  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect
    .poll(async () => {
      const response = await page.request.get(`${server.baseURL}/api/experiments/${id}/plate`);
      const state = (await response.json()) as {
        wells: Record<
          string,
          { targets: Record<string, { target_nM: number; volume_uL: number }> }
        >;
      };
      return Object.fromEntries(
        Object.entries(state.wells).map(([w, well]) => [w, well.targets.staurosporine]),
      );
    })
    .toMatchObject({
      A1: { target_nM: 10_000, volume_uL: 5 },
      A2: { target_nM: 10_000, volume_uL: 5 },
    });

  // Deleting a reagent that wells use asks first; Escape keeps it and returns focus.
  const deleteStauro = page.getByRole('button', { name: 'Delete Staurosporine' });
  await deleteStauro.click();
  const ask = page.getByRole('dialog', { name: 'Delete reagent' });
  await expect(ask).toContainText(
    'Staurosporine is in 2 wells (A1-A2). Delete it from the bench and leave the wells as they are?',
  );
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(deleteStauro).toBeFocused();

  // Every well, then the well detail dialog of a right-clicked one.
  await plate.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await expect(editor.getByText(/^96 wells selected/)).toBeVisible();
  await editor.getByRole('button', { name: 'Apply to 96 wells' }).click();
  const box = await plate.boundingBox();
  expect(box).not.toBeNull();
  const detail = page.getByTestId('well-detail');
  // The centre of the plate may fall between wells: try a few points around it.
  for (const [dx, dy] of [
    [0, 0],
    [0.1, 0.1],
    [-0.1, -0.1],
    [0.2, 0],
    [0, 0.2],
  ]) {
    await page.mouse.click(box!.x + box!.width * (0.5 + dx), box!.y + box!.height * (0.5 + dy), {
      button: 'right',
    });
    if (await detail.isVisible()) break;
  }
  await expect(detail.getByRole('heading', { name: /^Well [A-H]\d{1,2}$/ })).toBeVisible();
  await expect(detail.getByTestId('well-detail-id')).toHaveText(/^[A-H]\d{1,2}$/);
  await expect(detail.getByRole('table')).toContainText('Staurosporine');
  await expect(detail.getByRole('table')).toContainText('10.0 µM');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await editor.getByRole('button', { name: 'Remove from selected wells' }).click();
  await expect(editor.getByText('The selected wells are empty.')).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('the report-issue dialog requires a description and shows the report id', async ({
  page,
  server,
}) => {
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page, server, 'Report (e2e)');
  await page.goto(`/experiments/${id}`);
  await page.getByRole('button', { name: 'Report issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report an issue' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Description is required')).toBeVisible();

  await dialog.getByLabel('Description').fill('The bench fridge list does not scroll.');
  await dialog.getByLabel('Logs').uncheck();
  await dialog.getByLabel('Time window').selectOption('30');
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/report-issue'),
  );
  await dialog.getByRole('button', { name: 'Send report' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    experiment_id: id,
    description: 'The bench fridge list does not scroll.',
    include: { chat: true, plate: true, logs: false, env: true },
    time_window_minutes: 30,
  });
  await expect(dialog.getByTestId('report-submitted')).toContainText(
    'Your report was submitted as',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
});
