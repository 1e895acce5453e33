// A library plate's compounds onto the bench in one action, against the real server and the
// built client: a library of two plates is imported through the API, and the picker's
// "Or a library plate's compounds" adds the chosen plate's compounds found in the catalog;
// a compound the catalog does not know is listed, not dropped.
import { signInAsDeveloper } from './fixtures/developer-login';
import { createExperiment, deleteCreated } from './fixtures/experiment-api';
import { expect, test } from './fixtures/server';

const LIBRARY = [
  'Plate Barcode,Well,Compound ID,Compound Name,Conc,Unit',
  'LIB-1,A1,CMP-1,Paclitaxel,10,mM',
  'LIB-1,A2,CMP-2,Rapamycin,10,mM',
  'LIB-1,A3,CMP-3,Forskolin,10,mM',
  'LIB-1,A4,CMP-4,Rapamycin,10,mM',
  'LIB-1,A5,CMP-9,Not-a-catalog-compound,10,mM',
  'LIB-2,A1,CMP-5,Colchicine,10,mM',
].join('\n');

test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));

test("bench: a library plate's compounds added in one action", async ({ page, server }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAsDeveloper(page, server);
  const made = await page.request.post(`${server.baseURL}/api/libraries`, {
    data: { name: 'Screen library', file_base64: Buffer.from(LIBRARY).toString('base64') },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = await createExperiment(page.request, server, 'Library plate (e2e)', '96');

  await page.goto(`/experiments/${id}`);
  await page.getByRole('button', { name: 'Add reagent' }).click();
  const picker = page.getByTestId('reagent-picker');
  await picker.getByLabel("Or a library plate's compounds").selectOption({
    label: 'Screen library: LIB-1 (5 wells)',
  });
  await picker.getByRole('button', { name: 'Add its compounds' }).click();

  // the three catalog compounds (Rapamycin once), the unknown one listed and left in the box
  const onBench = page.getByRole('list', { name: 'Bench reagents' }).getByRole('listitem');
  await expect(onBench).toHaveCount(3, { timeout: 60_000 });
  const outcome = picker.getByTestId('paste-outcome');
  for (const name of ['Paclitaxel', 'Rapamycin', 'Forskolin']) {
    await expect(onBench.filter({ hasText: name })).toHaveCount(1);
    await expect(outcome).toContainText(name);
  }
  await expect(picker.getByRole('alert')).toContainText('Not-a-catalog-compound');
  await expect(picker.getByLabel('Names or catalog ids, one a line')).toHaveValue(
    'Not-a-catalog-compound',
  );
  expect(pageErrors).toEqual([]);
});
