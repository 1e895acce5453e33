// The plate designer end to end against the real server and the built client: the frame
// (top bar, banners, divider, tabs), edits with undo and redo, snapshots, a plate-type change
// and its revert, what survives a reload, and the CSV and Excel exports.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
// Reading back a workbook this server wrote (never an untrusted one: see ARCHITECTURE.md).
import { read, utils } from '@e965/xlsx';
import { signInAsDeveloper } from './fixtures/developer-login';
import {
  addStaurosporineAndMedium as addReagents,
  createExperiment,
  deleteCreated,
  plateOnServer,
  type PlateJson,
} from './fixtures/experiment-api';
import { expect, test } from './fixtures/server';
import type { ServerInfo } from './fixtures/server';

// What a test creates it deletes: the server is shared with other spec files, and a later
// spec starts from an empty experiment list.
test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));

const wellIds = (plate: PlateJson) => Object.keys(plate.wells).toSorted();

async function seedPlate(request: APIRequestContext, server: ServerInfo, id: number) {
  const current = await plateOnServer(request, server, id);
  const target = { target_nM: 10_000, volume_uL: 0.5 };
  const medium = { target_nM: null, volume_uL: 9.5 };
  const wells = Object.fromEntries(
    ['A1', 'B2', 'I13'].map((w) => [w, { targets: { staurosporine: target, medium } }]),
  );
  const response = await request.put(`${server.baseURL}/api/experiments/${id}/plate`, {
    data: { version: current.version, defn: { format: 1536, rows: 32, cols: 48 }, wells },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
}

test('designer: frame, clear with undo and redo, snapshots, plate type, revert, reload, CSV', async ({
  page,
  server,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Designer journey (e2e)');

  // An empty bench: no medium or buffer, so water fills the wells and the banner says so.
  await page.goto(`/experiments/${id}`);
  await expect(page.getByRole('heading', { name: 'Designer journey (e2e)' })).toBeVisible();
  await expect(page.getByText('Water fills the wells')).toBeVisible();

  await addReagents(page.request, server, id);
  await seedPlate(page.request, server, id);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Designer journey (e2e)' })).toBeVisible();
  await expect(page.getByText('Water fills the wells')).toBeHidden();
  await expect(page.getByTestId('plate-type-select')).toHaveValue('1536');
  await expectSaved(page);
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');

  // Right area: Chat first (the assistant's panel), then the editor tab.
  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await page.getByRole('tab', { name: 'Well editor' }).click();
  await expect(page.getByRole('tab', { name: 'Well editor' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('bench-fridge')).toBeVisible();

  // Snapshots menu before the first snapshot.
  const snapshots = page.getByRole('button', { name: 'Recent snapshots' });
  await snapshots.click();
  const menu = page.getByRole('menu', { name: 'Recent snapshots' });
  await expect(menu.getByText('No snapshots yet')).toBeVisible();
  await expect(
    menu.getByText('Snapshots capture the plate layout and the bench fridge contents.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The snapshot is named first ("Snapshot 1" offered); Enter saves it under the name typed.
  await page.getByRole('button', { name: 'Save snapshot' }).click();
  const naming = page.getByRole('dialog', { name: 'Save snapshot' });
  await expect(naming.getByLabel('Snapshot name')).toHaveValue('Snapshot 1');
  await naming.getByLabel('Snapshot name').fill('Before clearing');
  await page.keyboard.press('Enter');
  await expect(naming).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save snapshot' })).toBeFocused();
  await snapshots.click();
  await expect(menu.getByRole('menuitem', { name: /Before clearing/ })).toBeVisible();
  await page.keyboard.press('Escape');
  const versions = (await (
    await page.request.get(`${server.baseURL}/api/experiments/${id}/versions`)
  ).json()) as { label: string | null; summary: string | null; has_snapshot: boolean }[];
  expect(versions[0]).toMatchObject({
    label: 'Before clearing',
    summary: 'Saved from new_ui',
    has_snapshot: true,
  });

  // Clear plate asks first; the edit is saved; undo and redo go through the server too.
  await page.getByRole('button', { name: 'Clear plate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear plate' });
  await confirm.getByRole('button', { name: 'Clear plate' }).click();
  await expect(confirm).toBeHidden();
  await expectSaved(page);
  await expect.poll(async () => wellIds(await plateOnServer(page.request, server, id))).toEqual([]);

  await page.keyboard.press('Control+z');
  await expect
    .poll(async () => wellIds(await plateOnServer(page.request, server, id)))
    .toEqual(['A1', 'B2', 'I13']);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(async () => wellIds(await plateOnServer(page.request, server, id))).toEqual([]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect
    .poll(async () => wellIds(await plateOnServer(page.request, server, id)))
    .toEqual(['A1', 'B2', 'I13']);
  await expectSaved(page);

  // To 96: the question, then only the current (first) subsection is kept.
  await page.getByTestId('plate-type-select').selectOption('96');
  // The wells outside the kept subsection are named first (here I13), then the spec's question.
  const loss = page.getByTestId('plate-type-loss-dialog');
  await expect(loss.getByText('1 well with contents would be lost: I13.')).toBeVisible();
  await loss.getByRole('button', { name: 'Switch and drop 1 well' }).click();
  const question = page.getByTestId('plate-type-dialog');
  await expect(
    question.getByText('Switching to 96-well will discard other subsections. Save snapshot?'),
  ).toBeVisible();
  await question.getByRole('button', { name: 'Switch without snapshot' }).click();
  await expect(page.getByTestId('plate-type-select')).toHaveValue('96');
  await expectSaved(page);
  await expect
    .poll(async () => {
      const plate = await plateOnServer(page.request, server, id);
      return [plate.defn.format, ...wellIds(plate)];
    })
    .toEqual([96, 'A1', 'B2']);

  // Revert to the snapshot: 1536 wells again, plate type back.
  await snapshots.click();
  await menu.getByRole('menuitem', { name: /Before clearing/ }).click();
  await expect(page.getByTestId('plate-type-select')).toHaveValue('1536');
  await expect
    .poll(async () => {
      const plate = await plateOnServer(page.request, server, id);
      return [plate.defn.format, ...wellIds(plate)];
    })
    .toEqual([1536, 'A1', 'B2', 'I13']);

  // The divider moves by keyboard and is remembered (the plate takes 65 % by default).
  const divider = page.getByRole('separator', { name: 'Resize plate and side panels' });
  await expect(divider).toHaveAttribute('aria-valuenow', '65');
  await divider.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(divider).toHaveAttribute('aria-valuenow', '68');

  // After a reload everything is still there.
  await page.reload();
  await expect(page.getByTestId('plate-type-select')).toHaveValue('1536');
  await expect(divider).toHaveAttribute('aria-valuenow', '68');
  await snapshots.click();
  await expect(menu.getByRole('menuitem', { name: /Before clearing/ })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(wellIds(await plateOnServer(page.request, server, id))).toEqual(['A1', 'B2', 'I13']);

  // CSV export: one row per well and reagent, empty wells once.
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`experiment_${id}.csv`);
  const rows = parse(await readFile((await download.path())!, 'utf8'), {
    bom: true, // the export starts with a BOM so Excel reads it as UTF-8
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
  const a1 = rows.filter((r) => r.Well === 'A1');
  expect(a1.map((r) => r.Slug).toSorted()).toEqual(['medium', 'staurosporine']);
  const stauro = a1.find((r) => r.Slug === 'staurosporine')!;
  // 10 mM stock, 0.5 uL in a 10 uL well: 10,000,000 nM * 0.5 / 10 = 500,000 nM.
  expect(Number(stauro['Predicted (nM)'])).toBeCloseTo(500_000, 3);
  expect(Number(stauro['Target (nM)'])).toBe(10_000);
  expect(rows.filter((r) => r.Well === 'AF48')).toHaveLength(1);
  expect(new Set(rows.map((r) => r.Well)).size).toBe(1536);

  // Excel and the acoustic transfer list download under their names too.
  for (const [item, fileName] of [
    ['Download as Excel', `experiment_${id}.xlsx`],
    ['Download transfer list', `experiment_${id}_transfers.csv`],
  ]) {
    await page.getByRole('button', { name: 'Export' }).click();
    const next = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const file = await next;
    expect(file.suggestedFilename()).toBe(fileName);
    const bytes = await readFile((await file.path())!);
    if (fileName.endsWith('.xlsx')) expectWorkbook(bytes);
    else expect(bytes.length).toBeGreaterThan(0);
  }

  expect(pageErrors).toEqual([]);
});

test('designer: onboarding opens the reagent picker', async ({ page, server }) => {
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Onboarding (e2e)', '96');
  await page.goto(`/experiments/${id}?onboard=add-reagents`);
  const picker = page.getByRole('dialog', { name: 'Select reagents to add to bench fridge' });
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
});

/** Another writer adds P24 to the plate (one op) while the page is open. */
async function otherWriterAddsP24(page: Page, server: ServerInfo, id: number) {
  const before = await plateOnServer(page.request, server, id);
  const other = await page.request.patch(`${server.baseURL}/api/experiments/${id}/plate`, {
    data: {
      version: before.version,
      ops: [
        { op: 'put', wells: { P24: { targets: { medium: { target_nM: null, volume_uL: 5 } } } } },
      ],
    },
  });
  expect(other.status(), await other.text()).toBe(200);
}

/** Another writer puts P24 alone on the plate (a whole-plate PUT) while the page is open. */
async function otherWriterPutsP24(page: Page, server: ServerInfo, id: number) {
  const before = await plateOnServer(page.request, server, id);
  const other = await page.request.put(`${server.baseURL}/api/experiments/${id}/plate`, {
    data: {
      version: before.version,
      defn: { format: 1536 },
      wells: { P24: { targets: { medium: { target_nM: null, volume_uL: 5 } } } },
    },
  });
  expect(other.status()).toBe(200);
  return before.version;
}

async function clearPlate(page: Page) {
  await page.getByRole('button', { name: 'Clear plate' }).click();
  await page
    .getByRole('dialog', { name: 'Clear plate' })
    .getByRole('button', { name: 'Clear plate' })
    .click();
}

test("designer: a save refused as stale is moved onto the other writer's changes", async ({
  page,
  server,
}) => {
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Rebase (e2e)');
  await addReagents(page.request, server, id);
  await seedPlate(page.request, server, id);
  // Without the event stream this page cannot hear of the other write: its save is refused.
  await page.route('**/api/experiments/*/events', (route) => route.abort());
  await page.goto(`/experiments/${id}`);
  await expect(page.getByTestId('plate-type-select')).toHaveValue('1536');
  await expectSaved(page);
  await otherWriterAddsP24(page, server, id);

  // The 409 carries the changes since this page's version: the clear (of A1, B2 and I13) is
  // applied on top of them, so the other writer's P24 stays and no conflict is shown.
  await clearPlate(page);
  await expectSaved(page);
  await expect(page.getByTestId('save-banner')).toBeHidden();
  expect(wellIds(await plateOnServer(page.request, server, id))).toEqual(['P24']);
  await expect(page.getByRole('button', { name: 'Clear plate' })).toBeEnabled();

  // Undo takes back this page's clear only: P24 stays.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expectSaved(page);
  await expect
    .poll(async () => wellIds(await plateOnServer(page.request, server, id)))
    .toEqual(['A1', 'B2', 'I13', 'P24']);
});

test('designer: a stale save whose changes are not known reloads and keeps the edit one Undo away', async ({
  page,
  server,
}) => {
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Conflict (e2e)');
  await addReagents(page.request, server, id);
  await seedPlate(page.request, server, id);
  await page.route('**/api/experiments/*/events', (route) => route.abort());
  // The server's 409 as it answers when its log no longer reaches this page's version.
  await page.route(`**/api/experiments/${id}/plate`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    const response = await route.fetch();
    if (response.status() !== 409) return route.fulfill({ response });
    const body = (await response.json()) as Record<string, unknown>;
    return route.fulfill({ response, json: { ...body, since: null } });
  });
  await page.goto(`/experiments/${id}`);
  await expect(page.getByTestId('plate-type-select')).toHaveValue('1536');
  await expectSaved(page);
  const version = await otherWriterPutsP24(page, server, id);

  await clearPlate(page);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'conflict');
  await expect(page.getByTestId('save-banner')).toContainText(
    `The plate was changed elsewhere (now version ${version + 1}) and has been reloaded.`,
  );
  expect(wellIds(await plateOnServer(page.request, server, id))).toEqual(['P24']);

  // The refused edit (an empty plate) is one Undo away, and then saved on the newer version.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expectSaved(page);
  await expect.poll(async () => wellIds(await plateOnServer(page.request, server, id))).toEqual([]);
  await expect(page.getByTestId('save-banner')).toBeHidden();
});

test('designer: select a column of a 1536 plate, apply, check the prediction, undo and redo', async ({
  page,
  server,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Column apply (e2e)');
  await addReagents(page.request, server, id);
  await page.goto(`/experiments/${id}`);
  const plate = page.getByTestId('plate-view');
  await expect(plate).toBeVisible();
  await expect(plate).toHaveAttribute('data-format', '1536');

  // Column 1: A1 has the focus; Shift+ArrowDown extends across the subsections to AF1.
  await plate.focus();
  for (let i = 0; i < 31; i++) await page.keyboard.press('Shift+ArrowDown');
  const editor = page.getByTestId('well-editor');
  await expect(page.getByRole('tab', { name: 'Well editor' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const apply = editor.getByRole('button', { name: 'Apply to 32 wells' });
  await expect(apply).toBeVisible();

  // 9 uL of medium, then 1 uL of the 10 mM staurosporine stock aiming at 1000 uM.
  await editor.getByLabel('Reagent', { exact: true }).selectOption('medium');
  await editor.getByLabel('Concentration', { exact: true }).fill('1');
  await editor.getByLabel('Volume (µL)', { exact: true }).fill('9');
  await apply.click();
  await editor.getByLabel('Reagent', { exact: true }).selectOption('staurosporine');
  await editor.getByLabel('Concentration', { exact: true }).fill('1000');
  await editor.getByLabel('Volume (µL)', { exact: true }).fill('1');
  await apply.click();

  // Hand calculation: 10,000,000 nM * 1 uL / (9 + 1) uL = 1,000,000 nM = 1 mM, 0 % off the
  // 1000 uM target; but 1 uL of a DMSO stock in 10 uL is 10 % DMSO, over DMSO's limit, so
  // the plan cannot dispense the well: its status is the plan's, Error.
  const row = editor.getByRole('row').filter({ hasText: 'Staurosporine' }).first();
  await expect(row.getByRole('cell').nth(0)).toHaveText('A1');
  await expect(row.getByRole('cell').nth(4)).toContainText('mM');
  await expect(row.getByRole('cell').nth(5)).toHaveText('Error');
  await expectSaved(page);
  const saved = await plateOnServer(page.request, server, id);
  expect(wellIds(saved)).toHaveLength(32);
  expect(saved.wells.AF1.targets.staurosporine).toMatchObject({
    target_nM: 1_000_000,
    volume_uL: 1,
  });
  const predicted = (saved.wells.AF1 as unknown as { predicted: Record<string, { nM: number }> })
    .predicted.staurosporine.nM;
  expect(predicted).toBeCloseTo(1_000_000, 3);

  // Undo takes the staurosporine out again (on the server too); redo puts it back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(editor.getByRole('row').filter({ hasText: 'Staurosporine' })).toHaveCount(0);
  await expectSaved(page);
  await expect
    .poll(
      async () => (await plateOnServer(page.request, server, id)).wells.A1.targets.staurosporine,
    )
    .toBeUndefined();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(row.getByRole('cell').nth(5)).toHaveText('Error');
  await expectSaved(page);
  await expect
    .poll(
      async () =>
        (await plateOnServer(page.request, server, id)).wells.A1.targets.staurosporine?.volume_uL,
    )
    .toBe(1);

  // Copy the column and paste it with its top onto A3 (the focused well).
  await plate.focus();
  await page.keyboard.press('Control+c');
  for (let i = 0; i < 31; i++) await page.keyboard.press('ArrowUp');
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Control+v');
  await expectSaved(page);
  await expect
    .poll(async () => {
      const wells = (await plateOnServer(page.request, server, id)).wells;
      return [wells.A3?.targets.staurosporine?.volume_uL, wells.AF3?.targets.medium?.volume_uL];
    })
    .toEqual([1, 9]);

  // After a reload the plate and its predictions are still there.
  await page.reload();
  await expect(plate).toHaveAttribute('data-format', '1536');
  await plate.focus();
  await page.keyboard.press(' '); // selects the focused well, A1
  await expect(editor.getByRole('button', { name: 'Apply to 1 well' })).toBeVisible();
  const again = editor.getByRole('row').filter({ hasText: 'Staurosporine' });
  await expect(again).toHaveCount(1);
  await expect(again.getByRole('cell').nth(0)).toHaveText('A1');
  await expect(again.getByRole('cell').nth(5)).toHaveText('Error');
  expect(pageErrors).toEqual([]);
});

test("designer: live events show another writer's plate and the agent activity banner", async ({
  page,
  server,
}) => {
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Live events (e2e)');
  await addReagents(page.request, server, id);
  await page.goto(`/experiments/${id}`);
  const clear = page.getByRole('button', { name: 'Clear plate' });
  await expect(clear).toBeDisabled(); // nothing on the plate yet
  await expectSaved(page);

  // Another writer fills a well: the page hears "plate_changed" and shows it.
  const before = await plateOnServer(page.request, server, id);
  const other = await page.request.put(`${server.baseURL}/api/experiments/${id}/plate`, {
    data: {
      version: before.version,
      defn: { format: 1536 },
      wells: { P24: { targets: { medium: { target_nM: null, volume_uL: 5 } } } },
    },
  });
  expect(other.status()).toBe(200);
  await expect(clear).toBeEnabled();

  // The assistant working on this experiment shows the banner.
  const banner = page.getByText('Agent is thinking...');
  const chat = page.request.post(`${server.baseURL}/api/experiments/${id}/chat`, {
    data: { message: 'what is on the plate?', thread_id: null, create_new_thread: true },
  });
  await expect(banner).toBeVisible();
  expect((await chat).ok()).toBe(true);
});

/** The workbook holds the plate map as the grid and the long table with A1's prediction. */
function expectWorkbook(bytes: Buffer): void {
  const book = read(bytes, { type: 'buffer' });
  expect(book.SheetNames).toEqual(
    expect.arrayContaining(['Plate map', 'Wells', 'Bench reagents', 'Protocol']),
  );
  const map = utils.sheet_to_json<unknown[]>(book.Sheets['Plate map'], { header: 1 });
  expect(map).toHaveLength(33); // the column header, then rows A..AF
  expect(map[0]).toHaveLength(49); // the row-letter column, then columns 1..48
  expect(map[32][0]).toBe('AF');
  expect(String(map[1][1])).toMatch(/Staurosporine/);
  const wells = utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Wells);
  const stauro = wells.find((r) => r.Well === 'A1' && r.Slug === 'staurosporine');
  // 10 mM stock, 0.5 uL in a 10 uL well: 500,000 nM, as in the CSV.
  expect(Number(stauro?.['Predicted (nM)'])).toBeCloseTo(500_000, 3);
}
