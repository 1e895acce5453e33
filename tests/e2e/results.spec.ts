// Results end to end on a 1536 plate: a dose-response series and controls laid out through the
// API, then the reader's files brought back in the Results tab - a long CSV onto the open plate
// and a 1536 grid (rows A..Z then a..f, as BMG MARS writes them) matched by the plate's
// barcode - with the QC and the fit read off the panel. With SCREENSHOTS=1 it writes the
// README's screenshot (docs/screenshots/results-panel.png).
import { signInAsDeveloper } from './fixtures/developer-login';
import {
  addStaurosporineAndMedium,
  createExperiment,
  deleteCreated,
} from './fixtures/experiment-api';
import { expect, test } from './fixtures/server';

test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));

// Vehicle (NEG) reads about 1000, the top dose (POS) about 100; IC50 100 nM, Hill slope 1.
const POS = [95, 105, 110, 90, 100, 102, 98, 100, 95, 105, 110, 90, 100, 102, 98, 100];
const NEG = [
  980, 1020, 1000, 1010, 990, 1000, 1030, 970, 980, 1020, 1000, 1010, 990, 1000, 1030, 970,
];
const curve = (nM: number) => 100 + 900 / (1 + nM / 100);

test('a 1536 plate: long CSV and an a-f grid import, QC and the fit read off the results panel', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Results (e2e)');
  await addStaurosporineAndMedium(page.request, server, id);
  const api = `${server.baseURL}/api/experiments/${id}`;
  const patch = await page.request.patch(`${api}/plate`, {
    data: {
      version: 0,
      ops: [
        {
          op: 'series',
          compounds: [{ reagent: 'staurosporine' }],
          top: { value: 10, unit: 'uM' },
          factor: 3,
          points: 10,
          replicates: 2,
          direction: 'rows',
          region: ['AA3:AB12'],
        },
        {
          op: 'controls',
          controls: [
            {
              kind: 'POS',
              reagent: 'staurosporine',
              target: { value: 10, unit: 'uM' },
              wells: ['A1:P1'],
            },
            { kind: 'NEG', wells: ['A2:P2'] },
          ],
        },
      ],
    },
  });
  expect(patch.status(), await patch.text()).toBe(200);
  const plate = (await (await page.request.get(`${api}/plate`)).json()) as {
    wells: Record<string, { tags: string[]; predicted: Record<string, { nM: number }> }>;
  };
  const readings: Record<string, number> = {};
  for (const [well, w] of Object.entries(plate.wells)) {
    const row = well.charCodeAt(0) - 65;
    if (w.tags.includes('POS')) readings[well] = POS[row];
    else if (w.tags.includes('NEG')) readings[well] = NEG[row];
    else readings[well] = curve(w.predicted.staurosporine.nM);
  }
  expect(Object.keys(readings)).toHaveLength(52);

  await page.goto(`/experiments/${id}`);
  await page.getByRole('tab', { name: 'Results' }).click();
  const panel = page.getByRole('region', { name: 'Results' });
  await expect(panel.getByText('No readouts yet')).toBeVisible();
  // Before any data: 16 + 16 controls and the default window (100 +- 10 %, 1000 +- 10 %):
  // Z' = 1 - 3 (10 + 100) / 900 = 0.633, and 1.96 x 3 x 0.02067 = 0.122 either side
  await expect(panel.getByTestId('expected-z-prime')).toHaveText(
    "With 16 POS and 16 NEG wells: Z' 0.63 (95 %: 0.51 to 0.75)",
  );

  // 1. A long CSV without a barcode: the open plate.
  const long =
    'Well,Value\n' +
    Object.entries(readings)
      .map(([w, v]) => `${w},${v}`)
      .join('\n');
  await panel.getByLabel('Import reader file').setInputFiles({
    name: 'reader-long.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(long),
  });
  // by hand: POS sd sqrt(516 / 15) = 5.865; NEG sd sqrt(5600 / 15) = 19.322;
  // Z' = 1 - 3 (25.187) / 900 = 0.916
  await expect(panel.getByTestId('qc-z-prime')).toHaveText('0.916');
  await expect(panel.getByTestId('qc-pass')).toHaveText('passes');
  const row = panel.getByTestId('fit-table').locator('tr[data-compound="staurosporine"]');
  await expect(row.getByTestId('fit-ic50')).toHaveText('100 nM');

  // 2. A 1536 grid, rows A..Z then a..f, matched by the plate's barcode.
  const put = await page.request.put(`${api}/dispensing`, {
    data: { destination_barcode: 'E2E-1536' },
  });
  expect(put.status(), await put.text()).toBe(200);
  const labels = Array.from({ length: 32 }, (_, r) =>
    r < 26 ? String.fromCharCode(65 + r) : String.fromCharCode(97 + r - 26),
  );
  const ids = Array.from({ length: 32 }, (_, r) =>
    r < 26 ? String.fromCharCode(65 + r) : 'A' + String.fromCharCode(65 + r - 26),
  );
  const grid = [
    'Plate: ="E2E-1536"',
    ',' + Array.from({ length: 48 }, (_, c) => String(c + 1).padStart(2, '0')).join(','),
    ...labels.map((label, r) =>
      [label, ...Array.from({ length: 48 }, (__, c) => readings[`${ids[r]}${c + 1}`] ?? '')].join(
        ',',
      ),
    ),
  ].join('\n');
  await panel.getByLabel('Import reader file').setInputFiles({
    name: 'reader-grid.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(grid),
  });
  const select = panel.getByLabel('Readout');
  await expect(select.locator('option')).toHaveText([
    'Run 1: open plate, 52 wells',
    'Run 2: E2E-1536, 52 wells',
  ]);
  await expect(select).toHaveValue(/\d+/);
  await expect(panel.getByTestId('qc-z-prime')).toHaveText('0.916');
  await expect(row.getByTestId('fit-ic50')).toHaveText('100 nM');
  await expect(panel.locator('svg.dose-curve circle')).toHaveCount(20);

  // The plate coloured by the readout: percent effect from -3.33 (NEG 1030) to 101 (POS 90);
  // hits at >= 50 % are the 16 POS wells and the 5 doses of 123 nM and up, twice.
  await page.getByTestId('colour-by').getByLabel('Colour by').selectOption('readout');
  const legend = page.getByTestId('plate-legend');
  await expect(legend.getByTestId('legend-value-scale')).toHaveText(
    '% effect (normalised to the controls):-3.33101(linear)',
  );
  await expect(legend).toContainText('Hits (effect ≥ 50 %) (26)');
  await expect(legend).toContainText('Read wells, by value (26)');
  // at >= 90 % only 1.11 uM and up (3 doses) are hits besides the controls
  await page.getByLabel('Hit at effect ≥').fill('90');
  await expect(legend).toContainText('Hits (effect ≥ 90 %) (22)');
  await page.getByLabel('Readout scale').selectOption('raw');
  await expect(legend.getByTestId('legend-value-scale')).toHaveText('Raw reading:901030(linear)');
  // back to percent effect and 50 %, as the README's screenshot shows it
  await page.getByLabel('Readout scale').selectOption('normalised');
  await page.getByLabel('Hit at effect ≥').fill('50');
  await expect(legend).toContainText('Hits (effect ≥ 50 %) (26)');

  // A file naming another plate is refused, each problem said.
  await panel.getByLabel('Import reader file').setInputFiles({
    name: 'other.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Barcode,Well,Value\nOTHER-1,A1,5\n'),
  });
  await expect(panel.getByRole('alert')).toContainText('Barcode "OTHER-1" matches no plate');
  if (process.env.SCREENSHOTS) {
    await page.getByRole('alert').evaluate((e) => e.remove());
    await page.screenshot({ path: 'docs/screenshots/results-panel.png' });
  }
});
