// The plate hits the well drawn under the pointer, whatever happened to the layout before:
// at 2560x1440 and 1920x1080 on a 1536 plate, the zoomed block is hidden and shown and the
// colour modes stepped (the legend below the plate changes its height) and the block docked
// beside or below in turn, between 50 clicks on
// random wells of either grid; each click must select exactly the well whose centre was
// clicked, as the pure geometry places it for the size, zoomed block and subsection the
// canvas reports having drawn. No frame of an old layout (the zoomed block's outline) stays
// drawn. Then the keyboard (Shift+Space, Ctrl+Space, Shift+Home/End, Enter, the "?" sheet)
// and where the screening tools are found (the Tools menu and the toolbar, keys shown).
import type { Locator, Page } from '@playwright/test';
import { plateDefn, subsectionBounds } from '../../src/domain/plate-format';
import { idOfIndex } from '../../src/domain/well-id';
import { computeLayout, wellCenter } from '../../src/plate-canvas/plate-geometry';
import { signInAsDeveloper } from './fixtures/developer-login';
import {
  addStaurosporineAndMedium,
  createExperiment,
  deleteCreated,
  plateOnServer,
} from './fixtures/experiment-api';
import { expect, test, type ServerInfo } from './fixtures/server';

test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));

const DEFN = plateDefn(1536);
const wellIdOf = (i: number) => idOfIndex(DEFN, i);

/** A small seeded generator, so a failure can be replayed. */
function random(start: number): () => number {
  let s = start >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Drawn {
  layout: ReturnType<typeof computeLayout>;
  box: { x: number; y: number };
}

/** The layout the canvas reports having drawn: its size, and the zoomed block if any. */
/**
 * The drawn size once it has held for two frames: a change of colouring can change the legend
 * and so the plate's size, and the scene lays the plate out again on the next frame; a
 * pointer placed from the size of the frame before would aim at the old layout.
 */
async function settledSize(plate: Locator): Promise<string> {
  let size = (await plate.getAttribute('data-drawn-size')) ?? '0x0';
  for (let i = 0; i < 50; i++) {
    await plate.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const now = (await plate.getAttribute('data-drawn-size')) ?? '0x0';
    if (now === size) return size;
    size = now;
  }
  return size;
}

async function drawn(plate: Locator): Promise<Drawn> {
  const size = await settledSize(plate);
  const zoom = (await plate.getAttribute('data-drawn-zoom')) ?? 'hidden';
  const dock = (await plate.getAttribute('data-drawn-dock')) === 'below' ? 'below' : 'beside';
  const [w, h] = size.split('x').map(Number);
  let subsection = 0;
  if (zoom !== 'hidden') {
    const [row0, col0] = zoom.split(',').map(Number);
    subsection = (row0 / 8) * (DEFN.cols / 12) + col0 / 12;
    expect(subsectionBounds(1536, subsection)).toMatchObject({ row0, col0 });
  }
  const box = (await plate.boundingBox())!;
  const shown = zoom !== 'hidden';
  return { layout: computeLayout(1536, w, h, subsection, shown, dock), box };
}

async function seed(page: Page, server: ServerInfo, id: number) {
  await addStaurosporineAndMedium(page.request, server, id);
  const current = await plateOnServer(page.request, server, id);
  const wells: Record<string, unknown> = {};
  for (let r = 0; r < 32; r += 3) {
    wells[`${wellIdOf(r * 48 + 5)}`] = {
      targets: { staurosporine: { target_nM: 1000 * (r + 1), volume_uL: 5 } },
      tags: r % 2 ? ['POS'] : [],
    };
  }
  const put = await page.request.put(`${server.baseURL}/api/experiments/${id}/plate`, {
    data: { version: current.version, defn: { format: 1536, rows: 32, cols: 48 }, wells },
  });
  expect(put.status(), await put.text()).toBe(200);
}

for (const viewport of [
  { width: 2560, height: 1440 },
  { width: 1920, height: 1080 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('50 clicks on random wells hit the wells drawn, through zoom and colour changes', async ({
      page,
      server,
    }) => {
      // Fifty clicks, ten relayouts of 1536 wells at up to 2560x1440 on a shared machine.
      test.setTimeout(240_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signInAsDeveloper(page, server);
      const id = await createExperiment(page.request, server, 'Plate hit-testing (e2e)');
      await seed(page, server, id);
      await page.goto(`/experiments/${id}`);
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      const plate = page.getByTestId('plate-view');
      const status = page.getByTestId('selection-status');
      const block = plate.locator('.plate-view__block');
      await expect(plate).toHaveAttribute('data-drawn-size', /^[1-9]\d*x[1-9]\d*$/);
      await expect(plate).not.toHaveAttribute('data-drawn-zoom', 'hidden');

      const next = random(viewport.width);
      let zoomShown = true;
      for (let n = 0; n < 50; n++) {
        if (n % 5 === 4) {
          // Every fifth click comes right after a change of the layout or of the colouring.
          await plate.focus();
          if (n % 10 === 4) {
            await page.keyboard.press('z');
            zoomShown = !zoomShown;
            await expect(plate).toHaveAttribute(
              'data-drawn-zoom',
              zoomShown ? /^\d+,\d+$/ : 'hidden',
            );
            // The outline of the zoomed block is drawn only when the block is.
            if (zoomShown) await expect(block).toBeVisible();
            else await expect(block).toBeHidden();
          } else {
            await page.keyboard.press('c');
          }
        }
        if (n % 15 === 7 && zoomShown) {
          // The zoomed block docked the other way.
          const now = await plate.getAttribute('data-drawn-dock');
          const other = now === 'below' ? 'beside' : 'below';
          await page.getByTestId('zoom-dock').selectOption(other);
          await expect(plate).toHaveAttribute('data-drawn-dock', other);
        }
        const d = await drawn(plate);
        // Three clicks in four on the whole plate, the rest in the zoomed block when shown.
        const viewIndex = d.layout.views.length > 1 && next() < 0.25 ? 1 : 0;
        const view = d.layout.views[viewIndex];
        const row = view.row0 + Math.floor(next() * view.viewRows);
        const col = view.col0 + Math.floor(next() * view.viewCols);
        const well = row * 48 + col;
        const at = wellCenter(view, well);
        // Read before the click: read after it, a slow render could still show the state
        // before, and a new selection be taken for a cleared one.
        const before = await status.getAttribute('data-selected-ids');
        await page.mouse.click(d.box.x + at.x, d.box.y + at.y);
        // A click on the sole selected well clears it; either way it is the well hit.
        if (before === wellIdOf(well)) {
          await expect(status).toHaveText('No wells selected');
        } else {
          await expect(
            status,
            `click ${n} on ${wellIdOf(well)} (view ${viewIndex})`,
          ).toHaveAttribute('data-selected-ids', wellIdOf(well));
        }
      }

      // A right-click opens the details of the well under the pointer.
      const d = await drawn(plate);
      const target = 17 * 48 + 33;
      const at = wellCenter(d.layout.views[0], target);
      await page.mouse.click(d.box.x + at.x, d.box.y + at.y, { button: 'right' });
      const detail = page.getByTestId('well-detail');
      await expect(detail).toBeVisible();
      await expect(detail.getByRole('heading', { name: `Well ${wellIdOf(target)}` })).toBeVisible();
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
    });

    test('rows and columns from the keyboard, Enter for details, tools from the menu and toolbar', async ({
      page,
      server,
    }) => {
      await signInAsDeveloper(page, server);
      const id = await createExperiment(page.request, server, 'Plate keys and tools (e2e)');
      await page.goto(`/experiments/${id}`);
      const plate = page.getByTestId('plate-view');
      const status = page.getByTestId('selection-status');
      await expect(plate).toHaveAttribute('data-drawn-size', /^[1-9]\d*x[1-9]\d*$/);
      await plate.focus();
      // Focus on A1; down to C1, right to C3.
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight']) {
        await page.keyboard.press(key);
      }
      await page.keyboard.press('Shift+Space');
      await expect(status).toHaveAttribute('data-count', '48');
      await expect(status).toContainText('48 wells selected: C1, C2, C3');
      await page.keyboard.press('ControlOrMeta+Space');
      await expect(status).toHaveAttribute('data-count', '32');
      await expect(status).toContainText('32 wells selected: A3, B3, C3');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Shift+End');
      await expect(status).toHaveAttribute('data-count', '46'); // C3 to C48
      await page.keyboard.press('Shift+Home');
      await expect(status).toHaveAttribute('data-count', '3'); // C1 to C3
      await expect(status).toHaveText('3 wells selected: C1, C2, C3');

      // Enter opens the focused well's details (C1 after Shift+Home).
      await page.keyboard.press('Enter');
      const detail = page.getByTestId('well-detail');
      await expect(detail.getByRole('heading', { name: 'Well C1' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();

      // The "?" sheet lists the new keys.
      await plate.focus();
      await page.keyboard.press('?');
      const sheet = page.getByTestId('shortcut-sheet');
      await expect(sheet).toContainText('Select the focused well’s whole row');
      await expect(sheet).toContainText('Select the focused well’s whole column');
      await expect(sheet).toContainText('Extend the selection to the last well of the row');
      await expect(sheet).toContainText('Show the focused well’s details');
      await expect(sheet).toContainText('Dose-response series…');
      await page.keyboard.press('Escape');

      // The Tools menu names each tool with its key; choosing one opens its dialog.
      await page.getByRole('button', { name: 'Tools', exact: true }).click();
      const menu = page.getByRole('menu', { name: 'Tools' });
      await expect(menu.getByRole('menuitem')).toHaveText([
        'Dose-response series…D',
        'Controls…K',
        'Template from the selection…T',
        'Randomise the layout…R',
        'Edge avoidance…E',
        'Quadrant reformat…Q',
        'Import a plate map…I',
      ]);
      await menu.getByRole('menuitem', { name: /Dose-response series/ }).click();
      await expect(page.getByTestId('tool-panel')).toHaveAttribute('data-tool', 'series');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('tool-panel')).toBeHidden();

      // The toolbar above the plate opens the same dialogs.
      const toolbar = page.getByRole('toolbar', { name: 'Screening tools' });
      await toolbar.getByRole('button', { name: /^Controls/ }).click();
      await expect(page.getByTestId('tool-panel')).toHaveAttribute('data-tool', 'controls');
      await expect(toolbar.getByRole('button', { name: /^Controls/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });
  });
}
