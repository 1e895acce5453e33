// The campaign QC table on the campaigns page: a 384 campaign of three plates made through
// the API, two plates read (one with a wide POS spread), and the table read off the page:
// Z' worked by hand, the failing plate marked with why, the unread plate said; a stricter
// threshold typed fails another.
import { signInAsDeveloper } from './fixtures/developer-login';
import { expect, test } from './fixtures/server';

const LIBRARY = [
  'Barcode,Well,Compound ID,Concentration',
  ...Array.from({ length: 12 }, (_, k) => `L1,${String.fromCharCode(65 + k)}1,C-${k + 1},10`),
].join('\n');
const TEMPLATE = {
  name: 'Controls at both edges',
  wells: [0, 1, 22, 23].flatMap((dc) => [
    { dr: 0, dc, targets: { staurosporine: { target_nM: 1000 } }, tags: ['POS'] },
    { dr: 1, dc, targets: { 'assay-buffer': { target_nM: null } }, tags: ['NEG'] },
  ]),
};
const reading = (pos: number[], neg: number[]) =>
  [
    'Well,Value',
    ...['A1', 'A2', 'A23', 'A24'].map((w, i) => `${w},${pos[i]}`),
    ...['B1', 'B2', 'B23', 'B24'].map((w, i) => `${w},${neg[i]}`),
  ].join('\n');

test('the campaign QC table marks the failing plates under the thresholds typed', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  await signInAsDeveloper(page, server);
  const api = server.baseURL;
  const library = await page.request.post(`${api}/api/libraries`, {
    data: { name: 'QC library', file_base64: Buffer.from(LIBRARY).toString('base64') },
  });
  expect(library.status(), await library.text()).toBe(201);
  const made = await page.request.post(`${api}/api/campaigns`, {
    data: {
      name: 'QC screen',
      format: 384,
      library_id: (await library.json()).id,
      barcode: { prefix: 'Q', digits: 3 },
      layout: { template: TEMPLATE, compound_wells: ['E5:E8'] },
      dose: { top: { value: 10, unit: 'uM' } },
      reagents: [
        {
          name: 'Staurosporine',
          reagent_type: 'chemical',
          solvent: 'DMSO',
          default_concentration_value: 1,
          default_concentration_units: 'mM',
        },
        { name: 'Assay buffer', reagent_type: 'media' },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const campaign = (await (
    await page.request.get(`${api}/api/campaigns/${(await made.json()).id}`)
  ).json()) as { plates: { experiment_id: number; barcode: string }[] };
  const upload = async (experiment: number, text: string) => {
    const res = await page.request.post(`${api}/api/experiments/${experiment}/readouts`, {
      multipart: { file: { name: 'reader.csv', mimeType: 'text/csv', buffer: Buffer.from(text) } },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  const [one, two, three] = campaign.plates;
  await upload(one.experiment_id, reading([100, 110, 90, 100], [1000, 1020, 980, 1000]));
  await upload(two.experiment_id, reading([100, 160, 40, 100], [1000, 1020, 980, 1000]));

  await page.goto('/campaigns');
  const card = page.getByRole('region', { name: 'Plate QC of a campaign' });
  const table = card.getByTestId('campaign-qc');
  const verdict = (barcode: string) =>
    table.locator(`tr[data-barcode="${barcode}"]`).getByTestId('campaign-qc-verdict');
  // plate 1: Z' = 1 - 3 (8.165 + 16.33) / 900 = 0.918; plate 2: POS CV 49 %, Z' 0.782
  await expect(table.locator(`tr[data-barcode="${one.barcode}"] td`).nth(3)).toHaveText('0.918');
  await expect(verdict(one.barcode)).toHaveText('passes');
  await expect(verdict(two.barcode)).toHaveText('fails: CV POS 49 % > 20 %');
  await expect(verdict(three.barcode)).toHaveText('not known: No readout imported');
  await expect(card.getByTestId('campaign-qc-summary')).toHaveText('1 of 3 plates fail.');

  await card.getByLabel('Control CV at most (%)').fill('60');
  await card.getByLabel("Pass at Z' ≥").fill('0.8');
  await expect(verdict(two.barcode)).toHaveText("fails: Z' 0.78 < 0.8");
  await expect(verdict(one.barcode)).toHaveText('passes');
});
