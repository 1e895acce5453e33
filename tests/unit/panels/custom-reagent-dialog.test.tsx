// @vitest-environment happy-dom
// The custom reagent form in a DOM. The add request goes to a fake fetch (a test double of
// the API client's network layer only, tests/unit/api/fake-fetch.ts).
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CustomReagentDialog } from '../../../src/panels/dialogs/custom-reagent-dialog';
import { bench } from '../../../src/state/bench-store';
import { fakeFetchPerTest } from '../api/fake-fetch';

const net = fakeFetchPerTest();

beforeEach(() => {
  Object.assign(bench, { experimentId: 3, reagents: [], status: 'ready', error: null });
});

afterEach(cleanup);

function renderForm(experimentId: number | null = 3) {
  const onClose = vi.fn();
  render(<CustomReagentDialog open experimentId={experimentId} onClose={onClose} />);
  return { onClose };
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const chooseType = (value: string) => fireEvent.change(field('Type'), { target: { value } });

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add to bench' }));
  });
}

function summary(): string[] {
  const box = screen.getByRole('alert', { name: 'Problems to fix' });
  return within(box)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

describe('CustomReagentDialog', () => {
  it('is titled "Add reagent to bench fridge" and starts as a compound with its defaults', () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Add reagent to bench fridge' })).toBeTruthy();
    expect(field('Solvent').value).toBe('DMSO');
    expect(field('Stock concentration').value).toBe('10000');
    expect((screen.getByLabelText('Stock concentration unit') as HTMLSelectElement).value).toBe(
      'uM',
    );
  });

  it('shows the fields of each type', () => {
    renderForm();
    chooseType('media');
    expect(screen.getByLabelText('Supplements')).toBeTruthy();
    expect(field('pH').value).toBe('7.4');
    expect(screen.queryByLabelText('Solvent')).toBeNull();
    chooseType('solvent');
    expect(field('Max concentration %').value).toBe('0.1');
    expect(field('Purity grade').value).toBe('Cell culture grade');
    chooseType('buffer');
    expect(field('pH').value).toBe('7.4');
    expect(screen.getByLabelText('Ionic strength')).toBeTruthy();
  });

  it('shows each message next to its field and in the summary, and sends nothing', async () => {
    renderForm();
    type('Solvent', '');
    await submit();
    expect(summary()).toEqual([
      'Name is required',
      'Solvent is required for chemical reagents',
      'Molecular weight is required for chemical reagents',
    ]);
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    const nameError = document.getElementById(field('Name').getAttribute('aria-describedby')!);
    expect(nameError?.textContent).toBe('Name is required');
    expect(net.calls).toHaveLength(0);
  });

  it.each([
    [
      'biological',
      [
        'Name is required',
        'Media is required for biological reagents',
        'Either Cells/mL or Molecular weight is required for biological reagents',
      ],
    ],
    ['buffer', ['Name is required', 'pH is required for buffer reagents']],
    ['solvent', ['Name is required', 'Max concentration % is required for solvent reagents']],
  ])('%s: the spec messages', async (t, messages) => {
    renderForm();
    chooseType(t);
    if (t === 'buffer') type('pH', '');
    if (t === 'solvent') type('Max concentration %', '');
    await submit();
    expect(summary()).toEqual(messages);
  });

  it('refuses a stock above 1.0 M with the spec message', async () => {
    renderForm();
    type('Name', 'Salt');
    type('Molecular weight (g/mol)', '58.44');
    type('Stock concentration', '1500');
    fireEvent.change(screen.getByLabelText('Stock concentration unit'), {
      target: { value: 'mM' },
    });
    await submit();
    expect(summary()).toEqual([
      'Stock molarity cannot exceed 1.0 M (entered 1.5 M). Please use a smaller concentration or different unit.',
    ]);
  });

  it('needs an experiment context', async () => {
    renderForm(null);
    chooseType('other');
    type('Name', 'Water');
    await submit();
    expect(summary()).toEqual(['Bench reagents require an experiment context.']);
  });

  it('a fixed field loses its message at once', async () => {
    renderForm();
    await submit();
    expect(summary()).toContain('Name is required');
    type('Name', 'X');
    expect(summary()).not.toContain('Name is required');
  });

  it('keeps every value when the server refuses, and shows its message', async () => {
    const { onClose } = renderForm();
    type('Name', 'Staurosporine');
    type('Molecular weight (g/mol)', '466.5');
    net.respond(409, { detail: 'Staurosporine is already on the bench' }, 'Conflict');
    await submit();
    expect(screen.getByText('Staurosporine is already on the bench')).toBeTruthy();
    expect(field('Name').value).toBe('Staurosporine');
    expect(field('Molecular weight (g/mol)').value).toBe('466.5');
    expect(onClose).not.toHaveBeenCalled();
    const body = JSON.parse(String(net.calls[0].body));
    expect(body).toMatchObject({
      name: 'Staurosporine',
      reagent_type: 'chemical',
      solvent: 'DMSO',
      default_concentration_value: 10000,
      default_concentration_units: 'uM',
      molecular_weight_g_per_mol: 466.5,
    });
    expect(net.calls[0].url).toMatch(/\/api\/experiments\/3\/bench\/reagents$/);
  });

  it('marks the field a 400 answer names', async () => {
    renderForm();
    type('Name', 'Staurosporine');
    type('Molecular weight (g/mol)', '466.5');
    net.respond(
      400,
      {
        detail: 'Solvent is required',
        issues: [{ path: 'solvent', message: 'Solvent is required' }],
      },
      'Bad Request',
    );
    await submit();
    expect(field('Solvent').getAttribute('aria-invalid')).toBe('true');
  });

  it('adds the reagent and closes', async () => {
    const { onClose } = renderForm();
    chooseType('other');
    type('Name', 'Water');
    net.respond(201, {
      id: 'water',
      slug: 'water',
      name: 'Water',
      reagent_type: 'other',
      type: 'other',
      max_concentration_percent: null,
      min_transfer_ul: null,
    });
    await submit();
    expect(onClose).toHaveBeenCalled();
    expect(bench.reagents.map((r) => r.slug)).toEqual(['water']);
  });
});

describe('CustomReagentDialog time-out', () => {
  it('says "Request timed out" after 10 s and keeps what was typed', async () => {
    vi.useFakeTimers();
    try {
      renderForm();
      chooseType('other');
      type('Name', 'Slow water');
      type('Description', 'kept');
      net.hang();
      await submit();
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(screen.getByText('Request timed out')).toBeTruthy();
      expect(field('Name').value).toBe('Slow water');
      expect(field('Description').value).toBe('kept');
    } finally {
      vi.useRealTimers();
    }
  });
});
