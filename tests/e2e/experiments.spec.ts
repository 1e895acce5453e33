// A new user's first visit, end to end against the real server and the built client:
// developer-mode sign-in, create, open, search, delete; the login form by keyboard alone;
// Google sign-in without credentials.
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { signInAsDeveloper } from './fixtures/developer-login';
import { expect, test } from './fixtures/server';
import type { ServerInfo } from './fixtures/server';

async function enableDeveloperMode(page: Page, secret: string): Promise<void> {
  await page.getByRole('switch', { name: 'Developer mode' }).click();
  await page.getByLabel('Developer secret').fill(secret);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

// The server is shared by every spec file of the worker: start this journey from an empty
// list, whatever earlier files left, through a request context of its own (the page stays
// signed out).
async function deleteAllExperiments(
  playwright: PlaywrightWorkerArgs['playwright'],
  server: ServerInfo,
) {
  const api = await playwright.request.newContext({ baseURL: server.baseURL });
  try {
    expect((await api.post('/api/dev/login', { data: { secret: server.devSecret } })).ok()).toBe(
      true,
    );
    const list = (await (await api.get('/api/experiments/')).json()) as { id: number }[];
    for (const { id } of list) await api.delete(`/api/experiments/${id}`);
  } finally {
    await api.dispose();
  }
}

test('a new user signs in with developer mode, creates, finds and deletes an experiment', async ({
  page,
  server,
  playwright,
}) => {
  await deleteAllExperiments(playwright, server);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('/experiments');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await enableDeveloperMode(page, server.devSecret);
  await expect(page).toHaveURL(/\/experiments$/);
  await expect(page.getByRole('heading', { name: /Experiments/ })).toBeVisible();
  await expect(page.getByText('Dev Mode')).toBeVisible();
  await expect(page.getByText('Welcome back, Developer.')).toBeVisible();
  await expect(page.getByText('No experiments yet')).toBeVisible();

  // The developer cookie survives a reload.
  await page.reload();
  await expect(page.getByText('Dev Mode')).toBeVisible();

  const name = 'Enzyme kinetics sweep (e2e)';
  await page.getByRole('button', { name: 'New Experiment', exact: true }).click();
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  await page.getByPlaceholder('e.g. Enzyme kinetics sweep').fill(name);
  await page.getByLabel('Plate type').selectOption('1536');
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page).toHaveURL(/\/experiments\/\d+\?onboard=add-reagents$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByLabel('Plate type')).toHaveValue('1536');
  await expect(page.getByTestId('designer')).toBeVisible();
  // Onboarding opens the reagent picker; close it to go back.
  const picker = page.getByRole('dialog', { name: 'Select reagents to add to bench fridge' });
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();

  await page.getByRole('link', { name: 'Back to experiments' }).click();
  await expect(page).toHaveURL(/\/experiments$/);
  await expect(page.getByTestId('experiment-row')).toHaveCount(1);

  const search = page.getByLabel('Search experiments');
  await search.fill('KINETICS');
  await expect(page.getByRole('link', { name: `Open ${name}` })).toBeVisible();
  await search.fill('qzxv-no-such-plate');
  await expect(page.getByText('No matches for “qzxv-no-such-plate”')).toBeVisible();
  await search.fill('');

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Delete experiment “${name}”? This action cannot be undone.`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No experiments yet')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(pageErrors).toEqual([]);
});

test('the login form works with the keyboard alone', async ({ page, server }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  // The Google button is disabled (no credentials), so the switch is the first stop.
  const toggle = page.getByRole('switch', { name: 'Developer mode' });
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  const secret = page.getByLabel('Developer secret');
  await expect(secret).toBeFocused();
  await page.keyboard.type('not-the-secret');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Invalid secret key');
  await expect(secret).toBeFocused();

  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(server.devSecret);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/experiments$/);
  await expect(page.getByText('Dev Mode')).toBeVisible();

  // The account menu opens and closes from the keyboard too.
  const account = page.getByRole('button', { name: /^Account:/ });
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Signed in', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Signed in', { exact: true })).toBeHidden();
  await expect(account).toBeFocused();
});

test('Google sign-in without credentials is disabled and says what is missing', async ({
  page,
}) => {
  await page.goto('/login');
  const google = page.getByRole('button', { name: 'Google sign-in requires credentials' });
  await expect(google).toBeVisible();
  await expect(google).toBeDisabled();
  const hint = page.locator('#google-credentials-hint');
  await expect(hint).toContainText('SUPABASE_URL');
  await expect(hint).toContainText('SUPABASE_ANON_KEY');
  await expect(page.getByText('Need access?')).toBeVisible();
});

// Regenerates the README's screenshots: SCREENSHOTS=1 npm run test:e2e -- -g screenshots
test('screenshots for the README', async ({ page, server }) => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write docs/screenshots');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/login.png' });

  await signInAsDeveloper(page, server);
  await page.goto('/experiments');
  await expect(page.getByText('Dev Mode')).toBeVisible();
  const plates = [
    { name: 'Kinase inhibitor dose response', plate_type: '384' },
    { name: 'DMSO tolerance, HEK293', plate_type: '96' },
    { name: 'Enzyme kinetics sweep', plate_type: '1536' },
  ];
  for (const body of plates) {
    const response = await page.request.post('/api/experiments/', { data: body });
    expect(response.ok()).toBe(true);
  }
  await page.reload();
  await expect(page.getByTestId('experiment-row')).toHaveCount(3);
  await page.screenshot({ path: 'docs/screenshots/experiments.png' });
});
