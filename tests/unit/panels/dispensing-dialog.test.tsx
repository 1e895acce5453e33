// @vitest-environment happy-dom
// The dispensing dialog's backfill solvent is a choice of the bench's solvents, not free text.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DispensingDialog } from '../../../src/panels/dialogs/dispensing-dialog';
import { DEMO_REAGENTS, bench } from '../../../src/state/bench-store';

const dmso = DEMO_REAGENTS[3];
const water = { ...dmso, slug: 'water', name: 'Water', max_concentration_percent: null };

beforeEach(() => {
  Object.assign(bench, { reagents: [DEMO_REAGENTS[0], dmso, water], status: 'ready' });
});

afterEach(() => {
  cleanup();
  bench.reagents = [];
});

const options = (select: HTMLSelectElement) =>
  Array.from(select.options).map((o) => [o.value, o.textContent]);

describe('DispensingDialog: backfill solvent', () => {
  it('offers the bench solvents only', () => {
    render(<DispensingDialog open onClose={vi.fn()} />);
    fireEvent.click(screen.getByLabelText('Backfill every well to the same solvent %'));
    const select = screen.getByLabelText('Backfill solvent') as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(options(select)).toEqual([
      ['dmso', 'DMSO'],
      ['water', 'Water'],
    ]);
    expect(select.value).toBe('dmso');
    fireEvent.change(select, { target: { value: 'water' } });
    expect(select.value).toBe('water');
  });

  it('says how to get a solvent when the bench has none', () => {
    bench.reagents = [DEMO_REAGENTS[0]];
    render(<DispensingDialog open onClose={vi.fn()} />);
    fireEvent.click(screen.getByLabelText('Backfill every well to the same solvent %'));
    const select = screen.getByLabelText('Backfill solvent') as HTMLSelectElement;
    expect(options(select)).toEqual([['dmso', 'dmso (not on the bench)']]);
    expect(
      screen.getByText('No solvent is on the bench: add one (e.g. DMSO) to backfill with it.'),
    ).toBeTruthy();
  });
});
