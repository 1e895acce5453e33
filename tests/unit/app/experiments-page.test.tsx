// @vitest-environment happy-dom
// The experiment list page with a fake fetch (a test double of the API client's network layer
// only, see tests/unit/api/fake-fetch.ts) and a hand-written auth context (stands in for Supabase).
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthContext } from '../../../src/app/auth/auth-context';
import ExperimentsPage from '../../../src/app/experiments/experiments-page';
import { fakeFetchPerTest } from '../api/fake-fetch';
import { fakeAuth } from './fake-auth';

const net = fakeFetchPerTest();

afterEach(cleanup);

const experiment = (id: number, name: string, updated_at: string) => ({
  id,
  name,
  description: null,
  plate_type: '96',
  vehicle_slug: null,
  default_vehicle_slug: null,
  created_at: updated_at,
  updated_at,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** A promise the test settles by hand. */
function deferred() {
  let resolve: (() => void) | undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve: () => resolve?.() };
}

async function renderPage(devMode = false) {
  const user = {
    id: 'u1',
    email: 'ada@lab.org',
    user_metadata: { full_name: 'Ada Lovelace' },
    app_metadata: {},
    aud: 'authenticated',
    created_at: '2025-01-01T00:00:00Z',
  };
  render(
    <AuthContext.Provider value={fakeAuth({ user, devMode, status: 'signed-in' })}>
      <MemoryRouter initialEntries={['/experiments']}>
        <Routes>
          <Route path="/experiments" element={<ExperimentsPage />} />
          <Route path="/experiments/:id" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  await act(async () => undefined);
}

describe('ExperimentsPage', () => {
  it('shows three skeleton rows while loading, then rows newest first', async () => {
    const gate = deferred();
    net.respond(200, [
      experiment(1, 'Older plate', '2025-01-01T00:00:00Z'),
      experiment(2, 'Newer plate', '2025-02-01T00:00:00Z'),
    ]);
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate.promise;
      return realFetch(...args);
    });
    await renderPage();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
    await act(async () => gate.resolve());
    const rows = screen.getAllByTestId('experiment-row');
    expect(
      rows.map((r) => within(r).getByRole('link', { name: /^Open/ }).getAttribute('aria-label')),
    ).toEqual(['Open Newer plate', 'Open Older plate']);
    expect(within(rows[0]).getByText('#2')).toBeTruthy();
    expect(screen.getByText('Welcome back, Ada.')).toBeTruthy();
    expect(screen.getByText('Create a new experiment or open an existing one.')).toBeTruthy();
    expect(screen.queryByText('Dev Mode')).toBeNull();
  });

  it('filters by search and shows the no-match state', async () => {
    net.respond(200, [experiment(5, 'Enzyme sweep', '2025-01-01T00:00:00Z')]);
    await renderPage(true);
    expect(screen.getByText('Dev Mode')).toBeTruthy();
    const search = screen.getByLabelText('Search experiments');
    fireEvent.change(search, { target: { value: '  qqq ' } });
    expect(screen.getByText('No matches for “qqq”')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New experiment' })).toBeTruthy();
    fireEvent.change(search, { target: { value: '#5' } });
    expect(screen.getAllByTestId('experiment-row')).toHaveLength(1);
  });

  it('shows the empty state', async () => {
    net.respond(200, []);
    await renderPage();
    expect(screen.getByText('No experiments yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a new experiment' })).toBeTruthy();
  });

  it('shows a load error with the message, and Retry loads again', async () => {
    net.respond(500, 'boom', 'Internal Server Error');
    await renderPage();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We ran into an issue loading experiments.');
    expect(alert.textContent).toContain('The server answered 500; try again in a moment.');
    net.respond(200, []);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(screen.getByText('No experiments yet')).toBeTruthy();
  });

  it('creates an experiment and goes to its designer with the onboarding step', async () => {
    net.respond(200, []);
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'New Experiment' }));
    const name = screen.getByPlaceholderText('e.g. Enzyme kinetics sweep');
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(name, { target: { value: ' Dose response ' } });
    expect(create.disabled).toBe(true);
    const select = screen.getByLabelText('Plate type') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.text)).toContain(
      '1536-well (32x48, ultra density)',
    );
    fireEvent.change(select, { target: { value: '1536' } });
    expect(create.disabled).toBe(false);
    net.respond(201, experiment(9, 'Dose response', '2025-03-01T00:00:00Z'));
    await act(async () => fireEvent.click(create));
    expect(JSON.parse(String(net.calls[1].body))).toEqual({
      name: 'Dose response',
      plate_type: '1536',
    });
    expect(screen.getByTestId('where').textContent).toBe('/experiments/9?onboard=add-reagents');
  });

  it('shows "Unable to create experiment" with the message when creation fails', async () => {
    net.respond(200, []);
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'New Experiment' }));
    fireEvent.change(screen.getByPlaceholderText('e.g. Enzyme kinetics sweep'), {
      target: { value: 'X' },
    });
    fireEvent.change(screen.getByLabelText('Plate type'), { target: { value: '96' } });
    net.respond(400, { detail: 'name is too long' }, 'Bad Request');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create' })));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Unable to create experiment');
    expect(alert.textContent).toContain('name is too long');
  });

  it('deletes after confirmation', async () => {
    net.respond(200, [experiment(4, 'Doomed', '2025-01-01T00:00:00Z')]);
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Doomed' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Rename', 'Duplicate', 'Delete']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(
      screen.getByText('Delete experiment “Doomed”? This action cannot be undone.'),
    ).toBeTruthy();
    net.respond(204);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    expect(net.calls[1]).toMatchObject({ method: 'DELETE', url: '/api/experiments/4' });
    expect(screen.getByText('No experiments yet')).toBeTruthy();
  });
});
