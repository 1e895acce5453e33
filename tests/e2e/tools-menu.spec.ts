// The 16-compound x 10-point x 2-replicate dose-response on 1536 with 32 positive and 32
// blank controls, the compounds already on the bench, with the tools found from the Tools
// menu (no single-letter keys) in at most 20 counted actions, at 2560x1440 and 1920x1080.
import type { Page } from '@playwright/test';
import { signInAsDeveloper } from './fixtures/developer-login';
import { createExperiment, deleteCreated, plateOnServer } from './fixtures/experiment-api';
import { expect, test, type ServerInfo } from './fixtures/server';

test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));

async function stockBench(page: Page, server: ServerInfo, id: number): Promise<string[]> {
  const url = `${server.baseURL}/api/experiments/${id}/bench/reagents`;
  const slugs: string[] = [];
  for (let k = 1; k <= 16; k++) {
    const slug = `cpd-${String(k).padStart(2, '0')}`;
    const r = await page.request.post(url, {
      data: {
        name: `Compound ${String(k).padStart(2, '0')}`,
        slug,
        reagent_type: 'chemical',
        solvent: 'DMSO',
        default_concentration_value: 10,
        default_concentration_units: 'mM',
        molecular_weight_g_per_mol: 400,
      },
    });
    expect(r.status(), await r.text()).toBe(201);
    slugs.push(slug);
  }
  const dmso = await page.request.post(url, {
    data: {
      name: 'DMSO',
      slug: 'dmso',
      reagent_type: 'solvent',
      default_concentration_value: 100,
      default_concentration_units: '%',
      max_concentration_percent: 1,
    },
  });
  expect(dmso.status(), await dmso.text()).toBe(201);
  return slugs;
}

type Wells = Record<
  string,
  { targets: Record<string, { target_nM: number | null }>; tags?: string[] }
>;

for (const viewport of [
  { width: 2560, height: 1440 },
  { width: 1920, height: 1080 },
]) {
  test(`tools from the menu at ${viewport.width}x${viewport.height}: a 1536 screen in at most 20 actions`, async ({
    page,
    server,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signInAsDeveloper(page, server);
    const id = await createExperiment(page.request, server, 'Dose response from the menu (e2e)');
    const slugs = await stockBench(page, server, id);
    await page.goto(`/experiments/${id}`);
    await expect(page.getByTestId('plate-view')).toHaveAttribute('data-format', '1536');
    let actions = 0;
    const act = async (step: () => Promise<unknown>) => {
      actions++;
      await step();
    };
    const tool = async (item: RegExp) => {
      await act(() => page.getByRole('button', { name: 'Tools', exact: true }).click());
      await act(() =>
        page.getByRole('menu', { name: 'Tools' }).getByRole('menuitem', { name: item }).click(),
      );
    };
    const panel = page.getByTestId('tool-panel');
    const saved = () =>
      expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

    // Controls: 32 positive (compound 01 at 10 uM) and 32 blanks over columns 1, 2, 47, 48.
    await tool(/^Controls/);
    await expect(panel).toHaveAttribute('data-tool', 'controls');
    await act(() => panel.getByLabel('Positive control').selectOption('cpd-01'));
    await act(() => panel.getByLabel('Negative control (vehicle)').selectOption(''));
    await act(() => panel.getByLabel('Blank wells (ZERO) too').check());
    await act(() => panel.getByLabel('Wells per control').fill('32'));
    await expect(panel.getByTestId('tool-outcome')).toContainText('64 wells change');
    await act(() => panel.getByRole('button', { name: 'Apply' }).click());
    await expect(panel).toBeHidden();
    await saved();

    // Series: every compound of the bench, the dialog's defaults.
    await tool(/^Dose-response series/);
    await expect(panel).toHaveAttribute('data-tool', 'series');
    await expect(panel.getByTestId('tool-outcome')).toContainText('320 wells change');
    await act(() => panel.getByRole('button', { name: 'Apply' }).click());
    await expect(panel).toBeHidden();
    await saved();
    expect(actions).toBeLessThanOrEqual(20);

    const wells = (await plateOnServer(page.request, server, id)).wells as unknown as Wells;
    const tagged = (tag: string) => Object.values(wells).filter((w) => w.tags?.includes(tag));
    expect(tagged('POS')).toHaveLength(32);
    expect(tagged('ZERO')).toHaveLength(32);
    for (const slug of slugs) {
      const series = Object.values(wells).filter(
        (w) => !w.tags?.includes('POS') && w.targets[slug]?.target_nM != null,
      );
      expect(series, slug).toHaveLength(20);
    }
  });
}
