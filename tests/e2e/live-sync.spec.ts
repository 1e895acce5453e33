// Two tabs on one 1536-well plate: an edit in one shows in the other within a second, with
// no whole-plate download. The editing tab sends one small PATCH of the well it changed; the
// other tab applies the plate_changed event it hears (one version behind) with no request.
// Requests are counted with page.on('request').
import type { Page, Request } from '@playwright/test';
import { signInAsDeveloper } from './fixtures/developer-login';
import {
  addStaurosporineAndMedium as addReagents,
  createExperiment,
  deleteCreated,
  plateOnServer,
} from './fixtures/experiment-api';
import { expect, test } from './fixtures/server';

test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));

/** Plate requests of a page (GET/PUT/PATCH .../plate with any query), as "METHOD path?query". */
function plateRequests(page: Page, id: number): string[] {
  const seen: string[] = [];
  const path = `/api/experiments/${id}/plate`;
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === path) seen.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** Opens the designer and waits until the plate is shown, saved, and the event stream is open. */
async function openDesigner(page: Page, id: number): Promise<void> {
  const stream = page.waitForResponse((r) => r.url().endsWith(`/api/experiments/${id}/events`));
  await page.goto(`/experiments/${id}`);
  await expect(page.getByTestId('plate-view')).toHaveAttribute('data-format', '1536');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  expect((await stream).ok()).toBe(true);
}

/** Selects A2 (one step right of the focused A1) and shows the well editor. */
async function selectA2(page: Page): Promise<void> {
  await page.getByTestId('plate-view').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  await expect(page.getByTestId('selection-status')).toHaveAttribute('data-selected-ids', 'A2');
  await page.getByRole('tab', { name: 'Well editor' }).click();
}

test('live sync: an edit in one tab shows in the other within a second, without a reload', async ({
  page,
  server,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Live sync (e2e)');
  await addReagents(page.request, server, id);
  // A filled plate: A1, B2 and I13 hold staurosporine in medium.
  const target = { target_nM: 10_000, volume_uL: 0.5 };
  const medium = { target_nM: null, volume_uL: 9.5 };
  const seeded = await page.request.put(`${server.baseURL}/api/experiments/${id}/plate`, {
    data: {
      version: (await plateOnServer(page.request, server, id)).version,
      defn: { format: 1536, rows: 32, cols: 48 },
      wells: Object.fromEntries(
        ['A1', 'B2', 'I13'].map((w) => [w, { targets: { staurosporine: target, medium } }]),
      ),
    },
  });
  expect(seeded.status(), await seeded.text()).toBe(200);

  const tabA = page;
  const tabB = await page.context().newPage();
  tabB.on('pageerror', (error) => pageErrors.push(error.message));
  await openDesigner(tabA, id);
  await openDesigner(tabB, id);
  await selectA2(tabA);
  await selectA2(tabB);
  const editorB = tabB.getByTestId('well-editor');
  const mediumInB = editorB.getByRole('row').filter({ hasText: 'Assay medium' });
  await expect(mediumInB).toHaveCount(0);

  // Count from here on: what one edit costs each tab.
  const requestsA = plateRequests(tabA, id);
  const requestsB = plateRequests(tabB, id);
  const bodies: number[] = [];
  const patchTimes: number[] = [];
  tabA.on('request', (r) => {
    if (r.method() !== 'PATCH') return;
    bodies.push(Buffer.byteLength(r.postData() ?? ''));
    patchTimes.push(Date.now());
  });
  tabA.on('requestfinished', (r) => {
    if (r.method() === 'PATCH') patchTimes.push(Date.now());
  });

  const editorA = tabA.getByTestId('well-editor');
  await editorA.getByLabel('Reagent', { exact: true }).selectOption('medium');
  await editorA.getByLabel('Concentration', { exact: true }).fill('1');
  await editorA.getByLabel('Volume (µL)', { exact: true }).fill('9');
  // Both tabs stamp with the same clock: A when the Apply click lands, B when its editor
  // first shows the medium row.
  await tabA.evaluate(() => {
    const w = window as unknown as { editAt?: number };
    document.addEventListener('click', () => (w.editAt ??= Date.now()), { capture: true });
  });
  await tabB.evaluate(() => {
    const w = window as unknown as { seenAt?: number };
    // (the test of the row lives inside the callback: this function runs in the page)
    new MutationObserver(() => {
      if (w.seenAt !== undefined) return;
      const rows = document.querySelectorAll('[data-testid="well-editor"] tr');
      if ([...rows].some((row) => row.textContent?.includes('Assay medium'))) w.seenAt = Date.now();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await editorA.getByRole('button', { name: 'Apply to 1 well' }).click();

  // Tab B shows the new well within one second of the edit.
  await expect(mediumInB).toHaveCount(1);
  const editAt = await tabA.evaluate(() => (window as unknown as { editAt?: number }).editAt);
  const seenAt = await tabB.evaluate(() => (window as unknown as { seenAt?: number }).seenAt);
  expect(editAt).toBeDefined();
  expect(seenAt).toBeDefined();
  const elapsed = seenAt! - editAt!;
  test.info().annotations.push({ type: 'edit to other tab', description: `${elapsed} ms` });
  const [sent, answered] = patchTimes.map((t) => t - editAt!);
  console.log(
    `live sync: tab B showed tab A's edit after ${elapsed} ms (PATCH sent at ${sent} ms, answered at ${answered} ms)`,
  );
  expect(elapsed).toBeLessThan(1000);
  await expect(mediumInB.getByRole('cell').nth(0)).toHaveText('A2');

  // Tab A sent one PATCH of one well; tab B asked for nothing (no plate, no changes).
  await expect(tabA.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  expect(requestsA).toEqual([`PATCH /api/experiments/${id}/plate`]);
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toBeLessThan(400);
  expect(requestsB).toEqual([]);
  await expect(tabB.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

  // The server holds the four wells; both tabs are on its version and tab B edits on top.
  const onServer = await plateOnServer(page.request, server, id);
  expect(Object.keys(onServer.wells).toSorted()).toEqual(['A1', 'A2', 'B2', 'I13']);
  await editorB.getByLabel('Reagent', { exact: true }).selectOption('staurosporine');
  await editorB.getByLabel('Concentration', { exact: true }).fill('100');
  await editorB.getByLabel('Volume (µL)', { exact: true }).fill('1');
  await editorB.getByRole('button', { name: 'Apply to 1 well' }).click();
  const stauroInA = editorA.getByRole('row').filter({ hasText: 'Staurosporine' });
  await expect(stauroInA).toHaveCount(1, { timeout: 1000 });
  await expect(tabB.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  expect(requestsB).toEqual([`PATCH /api/experiments/${id}/plate`]);
  expect(requestsA).toEqual([`PATCH /api/experiments/${id}/plate`]);
  const after = await plateOnServer(page.request, server, id);
  expect(after.version).toBe(onServer.version + 1);
  expect(after.wells.A2.targets).toMatchObject({
    medium: { target_nM: 1000, volume_uL: 9 },
    staurosporine: { target_nM: 100_000, volume_uL: 1 },
  });
  expect(pageErrors).toEqual([]);
});
