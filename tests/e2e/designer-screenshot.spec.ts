// Regenerates the README's designer screenshot: a 1536-well screen laid out through the
// assistant, as staff would. Skipped unless SCREENSHOTS=1:
//   SCREENSHOTS=1 npm run test:e2e -- -g "designer screenshot"
import { signInAsDeveloper } from './fixtures/developer-login';
import { expect, test } from './fixtures/server';

test('designer screenshot for the README', async ({ page, server }) => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write docs/screenshots');
  await page.setViewportSize({ width: 1680, height: 1000 });
  await signInAsDeveloper(page, server);
  const api = `${server.baseURL}/api/experiments`;
  const created = await page.request.post(`${api}/`, {
    data: { name: 'Kinase panel, 1536 dose response', plate_type: '1536' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const reagents = [
    {
      name: 'Staurosporine',
      reagent_type: 'chemical',
      solvent: 'DMSO',
      default_concentration_value: 10,
      default_concentration_units: 'mM',
      molecular_weight_g_per_mol: 466.5,
    },
    {
      name: 'Doxorubicin',
      reagent_type: 'chemical',
      solvent: 'DMSO',
      default_concentration_value: 10,
      default_concentration_units: 'mM',
      molecular_weight_g_per_mol: 579.98,
    },
    {
      name: 'DMSO',
      reagent_type: 'solvent',
      default_concentration_value: 100,
      default_concentration_units: '%',
      max_concentration_percent: 1,
    },
    { name: 'Assay medium', slug: 'medium', reagent_type: 'media', ph: 7.4 },
  ];
  for (const data of reagents) {
    const response = await page.request.post(`${api}/${id}/bench/reagents`, { data });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.request.patch(`${api}/${id}/vehicle`, { data: { vehicle_slug: 'medium' } });

  const thread = `exp_${id}_${Date.now()}`;
  for (const message of [
    '3-fold dilution of staurosporine from 30 uM across row B, 10 points',
    '3-fold dilution of doxorubicin from 10 uM across row C, 12 points',
    'add 10 uM staurosporine to column 23',
    'DMSO controls in columns 1 and 2, 0.1 %',
  ]) {
    const response = await page.request.post(`${api}/${id}/chat`, {
      data: { message, thread_id: thread, create_new_thread: false },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  await page.goto(`/experiments/${id}?thread=${thread}`);
  await expect(page.getByTestId('selection-status')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'docs/screenshots/designer.png' });
});
