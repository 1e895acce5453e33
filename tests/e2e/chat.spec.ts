// The Chat tab end to end against the real server (built-in interpreter, no language model)
// and the built client: a request typed in the chat changes a 1536 plate (seen in the Well
// editor and in the stored plate), the thread goes into ?thread=, and after a reload with it
// the conversation and the change are still there; then the conversation is deleted. An
// ambiguous request gets a question with choices; picking one applies it; undo takes it back.
import type { APIRequestContext, Page } from '@playwright/test';
import { signInAsDeveloper } from './fixtures/developer-login';
import {
  addStaurosporineAndMedium,
  createExperiment,
  deleteCreated,
  plateOnServer,
} from './fixtures/experiment-api';
import { expect, test } from './fixtures/server';
import type { ServerInfo } from './fixtures/server';

// What a test creates it deletes: the server is shared with other spec files.
test.afterEach(async ({ page, server }) => deleteCreated(page.request, server));

/** Staurosporine and a medium on the bench, the medium as default vehicle. */
async function addBench(request: APIRequestContext, server: ServerInfo, id: number) {
  await addStaurosporineAndMedium(request, server, id);
  const vehicle = await request.patch(`${server.baseURL}/api/experiments/${id}/vehicle`, {
    data: { vehicle_slug: 'medium' },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(200);
}

/** Selects well A23 from the keyboard and expects staurosporine in the Well editor. */
async function expectStaurosporineInA23(page: Page) {
  const plate = page.getByTestId('plate-view');
  await expect(plate).toHaveAttribute('data-format', '1536');
  await plate.focus();
  for (let i = 0; i < 22; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  const editor = page.getByTestId('well-editor');
  await expect(editor.getByRole('button', { name: 'Apply to 1 well' })).toBeVisible();
  const row = editor.getByRole('row').filter({ hasText: 'Staurosporine' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(0)).toHaveText('A23');
}

test('chat: a typed request changes the plate; the thread survives a reload; delete it', async ({
  page,
  server,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Chat journey (e2e)');
  await addBench(page.request, server, id);

  await page.goto(`/experiments/${id}`);
  await expect(page.getByRole('heading', { name: 'Chat journey (e2e)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByTestId('chat-panel');
  await expect(page.getByRole('button', { name: 'Clear plate' })).toBeDisabled();

  // Suggestions fit the plate and the bench; one fills the input.
  await panel.getByRole('button', { name: 'add 10 uM Staurosporine to column 47' }).click();
  const input = panel.getByLabel('Message the assistant');
  await expect(input).toHaveValue('add 10 uM Staurosporine to column 47');
  await expect(input).toBeFocused();

  // Whitespace is not sent; Shift+Enter adds a newline; Enter sends.
  await input.fill('   ');
  await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();
  await input.fill('add 10 uM staurosporine');
  await input.press('Shift+Enter');
  await input.pressSequentially('to column 23');
  await expect(input).toHaveValue('add 10 uM staurosporine\nto column 23');
  await input.fill('add 10 uM staurosporine to column 23');
  await input.press('Enter');

  const log = panel.getByRole('log', { name: 'Conversation' });
  await expect(log.getByTestId('chat-message-user')).toHaveText(
    /add 10 uM staurosporine to column 23/,
  );
  await expect(log.getByTestId('chat-message-assistant')).toHaveCount(1, { timeout: 15_000 });
  await expect(input).toBeEnabled();
  await expect(input).toHaveValue('');

  // Both bubbles are readable: WCAG AA contrast (4.5:1) of text on its own background.
  for (const role of ['user', 'assistant']) {
    const ratio = await log.getByTestId(`chat-message-${role}`).first().evaluate(contrastRatio);
    expect(ratio, `${role} message contrast`).toBeGreaterThanOrEqual(4.5);
  }

  // The thread id went into the address (replace: the history did not grow).
  await expect(page).toHaveURL(new RegExp(`[?&]thread=exp_${id}_\\d+`));
  const threadId = new URL(page.url()).searchParams.get('thread') ?? '';
  expect(threadId).toMatch(new RegExp(`^exp_${id}_\\d{13}$`));

  // The plate changed: on the server (32 wells of column 23) and on the page.
  const stored = await plateOnServer(page.request, server, id);
  const withStauro = Object.entries(stored.wells)
    .filter(([, w]) => w.targets.staurosporine?.target_nM === 10_000)
    .map(([wid]) => wid);
  expect(withStauro).toHaveLength(32);
  expect(withStauro.every((wid) => /^[A-Z]{1,2}23$/.test(wid))).toBe(true);
  await expect(page.getByRole('button', { name: 'Clear plate' })).toBeEnabled();
  await expectStaurosporineInA23(page);

  // A reload with ?thread= shows the conversation and the change again.
  await page.goto(`/experiments/${id}?thread=${threadId}`);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(log.getByTestId('chat-message-user')).toHaveText(
    /add 10 uM staurosporine to column 23/,
  );
  await expect(log.getByTestId('chat-message-assistant')).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`thread=${threadId}`));

  // The conversations menu lists it (keyboard only).
  const menuButton = panel.getByRole('button', { name: /Conversations/ });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const conversations = page.getByRole('region', { name: 'Conversations' });
  const item = conversations.getByTestId('chat-thread');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-thread-id', threadId);
  await expect(item).toContainText('2 messages');
  await expect(item).toContainText('add 10 uM staurosporine to column 23');
  await page.keyboard.press('Escape');
  await expect(conversations).toBeHidden();
  await expect(menuButton).toBeFocused();

  await expectStaurosporineInA23(page);

  // Delete the conversation (confirmation); the plate keeps the change.
  await page.getByRole('tab', { name: 'Chat' }).click();
  await menuButton.click();
  await conversations.getByRole('button', { name: /^Delete conversation/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete conversation' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(conversations.getByTestId('chat-thread')).toHaveCount(0);
  await expect(log.getByTestId('chat-message-user')).toHaveCount(0);
  await expect(page).not.toHaveURL(/thread=/);
  const threads = await page.request.get(`${server.baseURL}/api/experiments/${id}/threads`);
  expect(((await threads.json()) as { threads: unknown[] }).threads).toEqual([]);
  expect(Object.keys((await plateOnServer(page.request, server, id)).wells)).toHaveLength(32);
  expect(pageErrors).toEqual([]);
});

test('chat: an ambiguous request asks with choices; picking one applies it; undo takes it back', async ({
  page,
  server,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAsDeveloper(page, server);
  const id = await createExperiment(page.request, server, 'Chat question (e2e)');
  await addBench(page.request, server, id);
  await page.goto(`/experiments/${id}`);
  const panel = page.getByTestId('chat-panel');
  const input = panel.getByLabel('Message the assistant');
  const log = panel.getByRole('log', { name: 'Conversation' });

  // "quadrant 1" of a 1536 plate reads two ways: the assistant asks and writes nothing.
  await input.fill('add 1 uM staurosporine to quadrant 1');
  await input.press('Enter');
  await expect(log.getByTestId('chat-message-assistant')).toHaveCount(1, { timeout: 15_000 });
  await expect(log.getByTestId('chat-message-assistant')).toContainText('reads two ways');
  const choices = log.getByTestId('chat-choice');
  await expect(choices).toHaveText([
    'interleaved quadrant 1 (A1, A3, ...)',
    'block quadrant 1 (A1 to P24)',
  ]);
  expect(Object.keys((await plateOnServer(page.request, server, id)).wells)).toHaveLength(0);

  // Picking the block reading writes rows A-P of columns 1-24 (384 wells), once.
  await choices.nth(1).click();
  await expect(log.getByTestId('chat-message-assistant')).toHaveCount(2, { timeout: 15_000 });
  await expect(choices).toHaveCount(0);
  const stored = await plateOnServer(page.request, server, id);
  const ids = Object.keys(stored.wells);
  expect(ids).toHaveLength(384);
  expect(ids).toContain('P24');
  expect(ids).not.toContain('Q1');
  expect(ids).not.toContain('A25');
  expect(stored.wells.P24.targets.staurosporine?.target_nM).toBe(1000);

  // Undo takes the whole change back in one step.
  await input.fill('undo');
  await input.press('Enter');
  await expect(log.getByTestId('chat-message-assistant')).toHaveCount(3, { timeout: 15_000 });
  await expect(log.getByTestId('chat-message-assistant').nth(2)).toContainText('Undone');
  expect(Object.keys((await plateOnServer(page.request, server, id)).wells)).toHaveLength(0);
  expect(pageErrors).toEqual([]);
});

/** Contrast ratio (WCAG 2) of an element's text colour against its background colour. */
function contrastRatio(element: Element): number {
  const style = getComputedStyle(element);
  // Defined inside: evaluate() sends only this function's source to the page.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].toSorted(
    (a, b) => b - a,
  );
  return (light + 0.05) / (dark + 0.05);
}
