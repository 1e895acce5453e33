// @vitest-environment happy-dom
// The reagent picker in a DOM. Catalog and bench requests go to a fake fetch (a test double
// of the API client's network layer only, tests/unit/api/fake-fetch.ts).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notePathname, setUnauthorizedHandler } from '../../../src/api/http-client';
import { isOnBench } from '../../../src/panels/dialogs/picker-rules';
import { ReagentPickerDialog } from '../../../src/panels/dialogs/reagent-picker-dialog';
import { DEMO_REAGENTS, bench } from '../../../src/state/bench-store';
import { installFakeFetch, type FakeFetch } from '../api/fake-fetch';

let net: FakeFetch;

const catalogItem = (slug: string, name: string, extra: Record<string, unknown> = {}) => ({
  slug,
  name,
  reagent_type: 'chemical',
  default_concentration_value: 10,
  default_concentration_units: 'mM',
  solvent: 'DMSO',
  molecular_weight_g_per_mol: 300,
  ph: null,
  max_concentration_percent: null,
  cells_per_ml: null,
  description: null,
  aliases: [],
  ...extra,
});

beforeEach(() => {
  vi.useFakeTimers();
  net = installFakeFetch();
  // the paste list offers the user's library plates: this user has none (answered beside the
  // queue, so the catalog's canned answers stay in order; tests/e2e/bench-library.spec.ts
  // adds a library plate's compounds against the real server)
  const queued = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    String(input).startsWith('/api/libraries')
      ? Promise.resolve(new Response(JSON.stringify({ libraries: [] }), { status: 200 }))
      : queued(input, init),
  );
  setUnauthorizedHandler(vi.fn());
  notePathname('/login');
  Object.assign(bench, {
    experimentId: 4,
    reagents: [{ ...DEMO_REAGENTS[3], slug: 'dmso', name: 'DMSO' }],
    status: 'ready',
    error: null,
    vehicleSlug: 'dmso',
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

function renderPicker() {
  const onClose = vi.fn();
  const onCustom = vi.fn();
  render(<ReagentPickerDialog open experimentId={4} onClose={onClose} onCustom={onCustom} />);
  return { onClose, onCustom };
}

const catalogCalls = () => net.calls.filter((c) => c.url.includes('/api/reagents/catalog'));

describe('isOnBench', () => {
  it('matches by slug or by name in any case', () => {
    const benchList = [{ slug: 'dmso', name: 'DMSO' }];
    expect(isOnBench({ slug: 'dmso', name: 'Dimethyl sulfoxide' }, benchList)).toBe(true);
    expect(isOnBench({ slug: 'other', name: 'dmso' }, benchList)).toBe(true);
    expect(isOnBench({ slug: 'water', name: 'Water' }, benchList)).toBe(false);
  });
});

describe('ReagentPickerDialog', () => {
  it('is titled "Select reagents to add to bench fridge"', async () => {
    net.respond(200, []);
    renderPicker();
    expect(
      screen.getByRole('heading', { name: 'Select reagents to add to bench fridge' }),
    ).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(200));
  });

  it('searches 200 ms after the last keystroke, once', async () => {
    net.respond(200, []);
    net.respond(200, [catalogItem('staurosporine', 'Staurosporine')]);
    renderPicker();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(catalogCalls()).toHaveLength(1);
    const box = screen.getByLabelText('Search reagents');
    for (const q of ['s', 'st', 'sta', 'stau']) {
      fireEvent.change(box, { target: { value: q } });
      await act(() => vi.advanceTimersByTimeAsync(150));
    }
    expect(catalogCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(49));
    expect(catalogCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(catalogCalls()).toHaveLength(2);
    expect(catalogCalls()[1].url).toMatch(/\/api\/reagents\/catalog\?q=stau&limit=51$/);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Staurosporine')).toBeTruthy();
  });

  it('sends the type filter and omits an empty query', async () => {
    net.respond(200, []);
    net.respond(200, []);
    renderPicker();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(catalogCalls()[0].url).toMatch(/\/api\/reagents\/catalog\?limit=51$/);
    fireEvent.change(screen.getByLabelText('Reagent type'), { target: { value: 'buffer' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(catalogCalls()[1].url).toMatch(
      /\/api\/reagents\/catalog\?reagent_type=buffer&limit=51$/,
    );
  });

  it('shows reagents already on the bench as not selectable', async () => {
    net.respond(200, [
      catalogItem('dmso', 'DMSO', {
        reagent_type: 'solvent',
        default_concentration_units: '%',
        default_concentration_value: 100,
        max_concentration_percent: 0.1,
      }),
      catalogItem('staurosporine', 'Staurosporine'),
    ]);
    renderPicker();
    await act(() => vi.advanceTimersByTimeAsync(200));
    const dmso = screen.getByRole('checkbox', { name: /^DMSO/ }) as HTMLInputElement;
    expect(dmso.disabled).toBe(true);
    expect(dmso.checked).toBe(true);
    expect(screen.getByText('On bench')).toBeTruthy();
    const st = screen.getByRole('checkbox', { name: /Staurosporine/ }) as HTMLInputElement;
    expect(st.disabled).toBe(false);
  });

  it('shows a search error', async () => {
    net.respond(503, { detail: 'Catalog unavailable' }, 'Service Unavailable');
    renderPicker();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByText('Catalog unavailable')).toBeTruthy();
  });

  it('adds the chosen reagents and closes', async () => {
    net.respond(200, [
      catalogItem('staurosporine', 'Staurosporine'),
      catalogItem('taxol', 'Taxol'),
    ]);
    const { onClose } = renderPicker();
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.click(screen.getByRole('checkbox', { name: /Staurosporine/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Taxol/ }));
    net.respond(201, { ...DEMO_REAGENTS[0], slug: 'staurosporine', name: 'Staurosporine' });
    net.respond(201, { ...DEMO_REAGENTS[0], slug: 'taxol', name: 'Taxol' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add 2 to bench' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    const posts = net.calls.filter((c) => c.method === 'POST');
    expect(posts.map((p) => JSON.parse(String(p.body)).slug)).toEqual(['staurosporine', 'taxol']);
    expect(onClose).toHaveBeenCalled();
    expect(bench.reagents.map((r) => r.slug)).toEqual(['dmso', 'staurosporine', 'taxol']);
  });

  it('opens the custom reagent form', async () => {
    net.respond(200, []);
    const { onCustom, onClose } = renderPicker();
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.click(screen.getByRole('button', { name: 'Custom reagent' }));
    expect(onClose).toHaveBeenCalled();
    expect(onCustom).toHaveBeenCalled();
  });
});

const many = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    catalogItem(`c${i}`, `Compound ${String(i).padStart(3, '0')}`),
  );

describe('ReagentPickerDialog: long lists and reopening', () => {
  it('says when the list stops at 50 and shows the next 50 on request', async () => {
    net.respond(200, many(51));
    net.respond(200, many(80));
    renderPicker();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getAllByRole('checkbox')).toHaveLength(50);
    expect(screen.getByTestId('picker-more').textContent).toContain(
      'Showing the first 50 matches. Type more of the name to narrow the list, or show 50 more.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'show 50 more' }));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(catalogCalls()[1].url).toMatch(/limit=101$/);
    expect(screen.getAllByRole('checkbox')).toHaveLength(80);
    expect(screen.queryByTestId('picker-more')).toBeNull();
  });

  it('says nothing more when every match is shown', async () => {
    net.respond(200, many(50));
    renderPicker();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getAllByRole('checkbox')).toHaveLength(50);
    expect(screen.queryByTestId('picker-more')).toBeNull();
  });

  it('reopens with a fresh search', async () => {
    net.respond(200, []);
    net.respond(200, []);
    net.respond(200, []);
    const onClose = vi.fn();
    const view = render(
      <ReagentPickerDialog open experimentId={4} onClose={onClose} onCustom={vi.fn()} />,
    );
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(screen.getByLabelText('Search reagents'), { target: { value: 'stau' } });
    fireEvent.change(screen.getByLabelText('Reagent type'), { target: { value: 'buffer' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    view.rerender(
      <ReagentPickerDialog open={false} experimentId={4} onClose={onClose} onCustom={vi.fn()} />,
    );
    view.rerender(
      <ReagentPickerDialog open experimentId={4} onClose={onClose} onCustom={vi.fn()} />,
    );
    expect((screen.getByLabelText('Search reagents') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Reagent type') as HTMLSelectElement).value).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(catalogCalls().at(-1)?.url).toMatch(/\/api\/reagents\/catalog\?limit=51$/);
  });
});

describe('ReagentPickerDialog: paste a list', () => {
  it('adds every listed name the catalog knows in one action and lists the unknown ones', async () => {
    net.respond(200, []);
    const { onClose } = renderPicker();
    await act(() => vi.advanceTimersByTimeAsync(200));
    const box = screen.getByLabelText('Names or catalog ids, one a line') as HTMLTextAreaElement;
    fireEvent.change(box, {
      target: { value: 'Staurosporine\n  taxol\t12\nNot-a-compound\nDMSO\nstaurosporine\n' },
    });
    net.respond(200, [catalogItem('staurosporine', 'Staurosporine')]);
    net.respond(200, [catalogItem('taxol-2', 'Taxol derivative'), catalogItem('taxol', 'Taxol')]);
    net.respond(200, [catalogItem('not-a-compound-x', 'Not a compound X')]);
    net.respond(200, [catalogItem('dmso', 'DMSO', { reagent_type: 'solvent' })]);
    net.respond(201, { ...DEMO_REAGENTS[0], slug: 'staurosporine', name: 'Staurosporine' });
    net.respond(201, { ...DEMO_REAGENTS[0], slug: 'taxol', name: 'Taxol' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add the 4 listed' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    const searches = catalogCalls()
      .slice(1)
      .map((c) => new URL(c.url, 'http://x').searchParams);
    expect(searches.map((q) => q.get('q'))).toEqual([
      'Staurosporine',
      'taxol',
      'Not-a-compound',
      'DMSO',
    ]);
    const posts = net.calls.filter((c) => c.method === 'POST');
    expect(posts.map((p) => JSON.parse(String(p.body)).slug)).toEqual(['staurosporine', 'taxol']);
    expect(bench.reagents.map((r) => r.slug)).toEqual(['dmso', 'staurosporine', 'taxol']);
    const outcome = screen.getByTestId('paste-outcome').textContent;
    expect(outcome).toContain('Added to the bench: Staurosporine, taxol.');
    expect(outcome).toContain('Already on the bench: DMSO.');
    expect(outcome).toContain('Not found in the catalog');
    expect(outcome).toContain(': Not-a-compound.');
    // The unknown name stays in the box; the dialog stays open for it.
    expect(box.value).toBe('Not-a-compound');
    expect(onClose).not.toHaveBeenCalled();
  });
});
