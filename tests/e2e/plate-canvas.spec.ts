// The WebGL plate on a real 1536 plate, against the real server and the built client: pointer
// selection (click, shift-click, drags with each modifier, row and column labels), the
// keyboard (arrows across subsections, extend, toggle, select all, clear, F2, ?, the ARIA
// mirror), right-click, what the screen shows (pixels of the screenshot), and the canvas
// renderer when WebGL is unavailable. Pointer positions come from the same pure geometry the
// canvas uses, for the size it reports having drawn.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { computeLayout, wellCenter, type PlateLayout } from '../../src/plate-canvas/plate-geometry';
import { signInAsDeveloper } from './fixtures/developer-login';
import { expect, test } from './fixtures/server';
import type { ServerInfo } from './fixtures/server';

test.use({ viewport: { width: 1600, height: 1000 } });

const COLS = 48;
const index = (row: number, col: number) => row * COLS + col;

async function createPlate(page: Page, server: ServerInfo, name: string): Promise<number> {
  const response = await page.request.post(`${server.baseURL}/api/experiments/`, {
    data: { name, plate_type: '1536' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A compound in A1 and a medium in B2 (each alone, so each is the well's colour). */
async function seedWells(request: APIRequestContext, server: ServerInfo, id: number) {
  const base = `${server.baseURL}/api/experiments/${id}`;
  for (const data of [
    {
      name: 'Staurosporine',
      slug: 'staurosporine',
      reagent_type: 'chemical',
      solvent: 'DMSO',
      default_concentration_value: 10,
      default_concentration_units: 'mM',
      molecular_weight_g_per_mol: 466.5,
    },
    { name: 'Assay medium', slug: 'medium', reagent_type: 'media', ph: 7.4 },
  ]) {
    const r = await request.post(`${base}/bench/reagents`, { data });
    expect(r.status(), await r.text()).toBe(201);
  }
  const plate = (await (await request.get(`${base}/plate`)).json()) as { version: number };
  const put = await request.put(`${base}/plate`, {
    data: {
      version: plate.version,
      defn: { format: 1536, rows: 32, cols: 48 },
      wells: {
        A1: { targets: { staurosporine: { target_nM: 10_000, volume_uL: 5 } } },
        B2: { targets: { medium: { target_nM: null, volume_uL: 5 } } },
      },
    },
  });
  expect(put.status(), await put.text()).toBe(200);
}

interface Plate {
  view: Locator;
  status: Locator;
  layout: PlateLayout;
  box: { x: number; y: number };
}

/** Opens the designer and waits until the canvas has drawn its layout. */
async function openPlate(page: Page, id: number): Promise<Plate> {
  // The pixel checks read the reagent type colours (a compound, a medium): colour by type.
  await page.addInitScript(() =>
    localStorage.setItem('designer.colour-by', JSON.stringify({ mode: 'type', reagent: null })),
  );
  await page.goto(`/experiments/${id}`);
  const view = page.getByTestId('plate-view');
  await expect(view).toHaveAttribute('data-drawn-size', /^\d+x\d+$/);
  const [w, h] = (await view.getAttribute('data-drawn-size'))!.split('x').map(Number);
  const box = (await view.boundingBox())!;
  return {
    view,
    status: page.getByTestId('selection-status'),
    layout: computeLayout(1536, w, h, 0),
    box,
  };
}

/** Page coordinates of a well's centre in a view (0: whole plate, 1: zoomed subsection). */
function at(p: Plate, well: number, view = 0, offset = 0) {
  const c = wellCenter(p.layout.views[view], well);
  // An offset moves down-left, clear of the id at the centre and of the status ring.
  return { x: p.box.x + c.x - offset, y: p.box.y + c.y + offset };
}

async function click(
  page: Page,
  p: Plate,
  well: number,
  modifiers: ('Shift' | 'ControlOrMeta')[] = [],
) {
  for (const m of modifiers) await page.keyboard.down(m);
  const { x, y } = at(p, well);
  await page.mouse.click(x, y);
  for (const m of modifiers) await page.keyboard.up(m);
}

async function drag(
  page: Page,
  p: Plate,
  from: number,
  to: number,
  modifiers: ('Shift' | 'ControlOrMeta')[] = [],
) {
  const a = at(p, from);
  const b = at(p, to);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
  for (const m of modifiers) await page.keyboard.up(m);
}

async function selectedIds(p: Plate): Promise<string[]> {
  const ids = (await p.status.getAttribute('data-selected-ids')) ?? '';
  return ids === '' ? [] : ids.split(',');
}

/** RGB of screen pixels, read from a screenshot of the page (what the user sees). */
async function pixels(page: Page, points: { x: number; y: number }[]): Promise<number[][]> {
  const png = (await page.screenshot()).toString('base64');
  return page.evaluate(
    async ({ data, pts }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return pts.map((p) =>
        Array.from(ctx.getImageData(Math.round(p.x), Math.round(p.y), 1, 1).data.slice(0, 3)),
      );
    },
    { data: png, pts: points },
  );
}

/** True when two colours are within `tol` on every channel. */
function near(rgb: number[], hex: string, tol = 40): boolean {
  const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return rgb.every((v, i) => Math.abs(v - want[i]) <= tol);
}

test('pointer selection on a 1536 plate: click, shift-click, drags, row and column labels', async ({
  page,
  server,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInAsDeveloper(page, server);
  const p = await openPlate(page, await createPlate(page, server, 'Plate canvas pointer (e2e)'));
  await expect(p.status).toHaveText('No wells selected');

  await click(page, p, index(0, 0));
  await expect(p.status).toHaveText('1 well selected: A1');
  await click(page, p, index(0, 0)); // the sole selected well: clears
  await expect(p.status).toHaveText('No wells selected');

  await click(page, p, index(1, 1));
  await click(page, p, index(1, 3), ['Shift']);
  await expect(p.status).toHaveText('2 wells selected: B2, B4');
  await click(page, p, index(1, 1), ['Shift']); // shift-click toggles off
  await expect(p.status).toHaveText('1 well selected: B4');

  await drag(page, p, index(2, 2), index(4, 4)); // plain drag replaces
  await expect(p.status).toHaveText('9 wells selected: C3, C4, C5, D3, D4, D5, E3, E4, E5');
  await drag(page, p, index(31, 46), index(30, 47), ['Shift']); // shift adds
  await expect
    .poll(() => selectedIds(p))
    .toEqual([
      'C3',
      'C4',
      'C5',
      'D3',
      'D4',
      'D5',
      'E3',
      'E4',
      'E5',
      'AE47',
      'AE48',
      'AF47',
      'AF48',
    ]);
  await drag(page, p, index(4, 4), index(5, 5), ['ControlOrMeta']); // ctrl/meta toggles
  await expect
    .poll(() => selectedIds(p))
    .toEqual([
      'C3',
      'C4',
      'C5',
      'D3',
      'D4',
      'D5',
      'E3',
      'E4',
      'E6',
      'F5',
      'F6',
      'AE47',
      'AE48',
      'AF47',
      'AF48',
    ]);

  // Row letter AF and column number 48 of the whole-plate view.
  const plate = p.layout.views[0];
  await page.mouse.click(
    p.box.x + plate.x - plate.gutter / 2,
    p.box.y + plate.y + 31.5 * plate.pitch,
  );
  await expect
    .poll(() => selectedIds(p))
    .toEqual(Array.from({ length: 48 }, (_, c) => `AF${c + 1}`));
  await page.mouse.click(
    p.box.x + plate.x + 47.5 * plate.pitch,
    p.box.y + plate.y - plate.gutter / 2,
  );
  await expect(p.status).toHaveAttribute('data-count', '32');
  const col48 = await selectedIds(p);
  expect(col48).toHaveLength(32);
  expect(col48[0]).toBe('A48');
  expect(col48.at(-1)).toBe('AF48');

  // A drag over the whole plate selects all 1536 wells.
  await drag(page, p, index(0, 0), index(31, 47));
  await expect(p.status).toHaveAttribute('data-count', '1536');
  expect(errors).toEqual([]);
});

test('keyboard on a 1536 plate: arrows across subsections, extend, toggle, all, clear, F2, ?', async ({
  page,
  server,
}) => {
  await signInAsDeveloper(page, server);
  const p = await openPlate(page, await createPlate(page, server, 'Plate canvas keys (e2e)'));
  const picker = page.getByTestId('subsection-picker');

  await click(page, p, index(7, 10)); // H11
  await expect(p.status).toHaveText('1 well selected: H11');
  await page.keyboard.press('ArrowRight'); // H12, still subsection 1
  await page.keyboard.press('Space');
  await expect(p.status).toHaveText('2 wells selected: H11, H12');
  await page.keyboard.press('ArrowRight'); // H13: the next subsection
  await expect(picker.getByRole('button', { name: 'Subsection A13–H24' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const focused = async () => {
    const id = await p.view.getAttribute('aria-activedescendant');
    return page.locator(`[id="${id}"]`);
  };
  await expect(await focused()).toHaveText('H13');
  await page.keyboard.press('ArrowDown'); // I13: subsection 6 (second block row)
  await expect(picker.getByRole('button', { name: 'Subsection I13–P24' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(await focused()).toHaveText('I13');

  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(p.status).toHaveText('6 wells selected: H11, H12, I13, I14, J13, J14');
  await expect(await focused()).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('ControlOrMeta+a');
  await expect(p.status).toHaveAttribute('data-count', '1536');
  await page.keyboard.press('Escape');
  await expect(p.status).toHaveText('No wells selected');

  // F2 opens the well editor (with the Chat tab showing first).
  await page.getByRole('tab', { name: 'Chat' }).click();
  await p.view.focus();
  await page.keyboard.press('F2');
  await expect(page.getByRole('tab', { name: 'Well editor' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await p.view.focus();
  await page.keyboard.press('?');
  const sheet = page.getByTestId('shortcut-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Select all wells');
  await expect(sheet).toContainText('Undo the last plate edit');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test("select wells by typing them: a block of rows by columns, less a reagent's wells", async ({
  page,
  server,
}) => {
  await signInAsDeveloper(page, server);
  const id = await createPlate(page, server, 'Plate canvas typed selection (e2e)');
  await seedWells(page.request, server, id);
  const p = await openPlate(page, id);
  const field = page.getByLabel('Select wells by name');
  await field.fill('rows A-B in columns 1-3 except the staurosporine wells');
  await field.press('Enter');
  await expect(p.status).toHaveAttribute('data-selected-ids', 'A2,A3,B1,B2,B3');
  await field.fill('rows Q-ZZ');
  await field.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Try e.g.' })).toBeVisible();
  await expect(p.status).toHaveAttribute('data-count', '5');
});

test('what the screen shows: well colours, selection, the zoomed subsection, right-click', async ({
  page,
  server,
}) => {
  await signInAsDeveloper(page, server);
  const id = await createPlate(page, server, 'Plate canvas pixels (e2e)');
  await seedWells(page.request, server, id);
  const p = await openPlate(page, id);
  await expect(p.view).toHaveAttribute('data-renderer', 'webgl');
  const zoom = p.layout.views[1];
  const belowId = zoom.radius * 0.35;
  // The worker's answer arrives after the first frame: wait for the compound's colour.
  await expect
    .poll(async () => near((await pixels(page, [at(p, index(0, 0))]))[0], '#D55E00'))
    .toBe(true);
  const [a1, b2, c3, a1zoom, b2zoom, outside] = await pixels(page, [
    at(p, index(0, 0)),
    at(p, index(1, 1)),
    at(p, index(2, 2)),
    at(p, index(0, 0), 1, belowId),
    at(p, index(1, 1), 1, belowId),
    { x: p.box.x + 2, y: p.box.y + 2 },
  ]);
  expect(near(a1, '#D55E00'), `A1 ${a1}`).toBe(true); // compound
  expect(near(b2, '#CC79A7'), `B2 ${b2}`).toBe(true); // media
  expect(near(c3, '#FFFFFF', 12), `C3 ${c3}`).toBe(true); // empty
  expect(near(a1zoom, '#D55E00'), `A1 zoomed ${a1zoom}`).toBe(true);
  expect(near(b2zoom, '#CC79A7'), `B2 zoomed ${b2zoom}`).toBe(true);
  expect(near(outside, '#FFFFFF', 12)).toBe(true);

  // A selected empty well turns blue in both views; the hover tooltip names the well.
  await click(page, p, index(2, 2));
  await expect(p.status).toHaveText('1 well selected: C3');
  // Blue minus red of the pixel: about 45 for the selection tint over white, 0 for white.
  await expect
    .poll(async () =>
      (await pixels(page, [at(p, index(2, 2)), at(p, index(2, 2), 1, belowId)])).map(
        (px) => px[2] - px[0] > 25,
      ),
    )
    .toEqual([true, true]);
  const a1z = at(p, index(0, 0), 1);
  await page.mouse.move(a1z.x, a1z.y);
  await expect(page.locator('.plate-view__tooltip')).toHaveText(/^A1 · Staurosporine/);

  // Right-click opens the well detail dialog.
  await page.mouse.click(a1z.x, a1z.y, { button: 'right' });
  await expect(page.getByTestId('well-detail')).toBeVisible();
  await expect(page.getByTestId('well-detail-id')).toHaveText('A1');
});

test('without WebGL the plate draws with the canvas renderer', async ({ playwright, server }) => {
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-webgl', '--disable-3d-apis'],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 1600, height: 1000 },
      baseURL: server.baseURL,
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInAsDeveloper(page, server);
    const id = await createPlate(page, server, 'Plate canvas fallback (e2e)');
    await seedWells(page.request, server, id);
    const p = await openPlate(page, id);
    await expect(p.view).toHaveAttribute('data-renderer', 'canvas');
    await expect
      .poll(async () => near((await pixels(page, [at(p, index(0, 0))]))[0], '#D55E00'))
      .toBe(true);
    await click(page, p, index(1, 1));
    await expect(p.status).toHaveText('1 well selected: B2');
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});
