// @vitest-environment happy-dom
// The bench fridge panel; the delete request goes to a fake fetch (a test double of the API
// client's network layer only, tests/unit/api/fake-fetch.ts).
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BenchFridgePanel } from '../../../src/panels/bench/bench-fridge-panel';
import { DEMO_REAGENTS, bench } from '../../../src/state/bench-store';
import { designer, resetDesignerState, showDocument } from '../../../src/state/designer-store';
import { fakeFetchPerTest } from '../api/fake-fetch';

const net = fakeFetchPerTest();

beforeEach(() => {
  Object.assign(bench, {
    experimentId: 2,
    reagents: DEMO_REAGENTS.map((r) => ({ ...r })),
    status: 'ready',
    error: null,
    vehicleSlug: 'dmso',
  });
});

afterEach(() => {
  cleanup();
  resetDesignerState();
});

const rows = () => screen.getAllByTestId('bench-row').map((r) => r.getAttribute('data-slug'));

describe('BenchFridgePanel', () => {
  it('lists the reagents with type, stock and constraints, and marks the vehicle', () => {
    render(<BenchFridgePanel onAdd={vi.fn()} onOpenReagent={vi.fn()} />);
    expect(rows()).toEqual(['compound-a', 'compound-b', 'hepes-buffer', 'dmso']);
    const dmso = screen.getAllByTestId('bench-row')[3];
    expect(within(dmso).getByText('100 %')).toBeTruthy();
    expect(within(dmso).getByText('max 0.1 %')).toBeTruthy();
    expect(within(dmso).getByText('Vehicle')).toBeTruthy();
    expect(within(screen.getAllByTestId('bench-row')[0]).getByText('10.0 mM')).toBeTruthy();
    expect(screen.queryByText('Demo')).toBeNull();
  });

  it('marks the demo set visibly', () => {
    bench.status = 'demo';
    bench.error = 'HTTP 500';
    render(<BenchFridgePanel onAdd={vi.fn()} onOpenReagent={vi.fn()} />);
    expect(screen.getByText('Demo')).toBeTruthy();
    expect(
      screen.getByText(/Demo reagents shown: the bench could not load \(HTTP 500\)/),
    ).toBeTruthy();
  });

  it('opens details with Enter/click and deletes with the Delete key', async () => {
    const onOpen = vi.fn();
    render(<BenchFridgePanel onAdd={vi.fn()} onOpenReagent={onOpen} />);
    const first = screen.getByRole('button', { name: /^Compound A/ });
    fireEvent.click(first);
    expect(onOpen).toHaveBeenCalledWith('compound-a');
    net.respond(204);
    await act(async () => {
      fireEvent.keyDown(first, { key: 'Delete' });
    });
    expect(rows()).toEqual(['compound-b', 'hepes-buffer', 'dmso']);
    expect(net.calls[0].method).toBe('DELETE');
  });

  it('puts a reagent back when the server refuses the delete', async () => {
    render(<BenchFridgePanel onAdd={vi.fn()} onOpenReagent={vi.fn()} />);
    net.respond(500, { detail: 'Database unavailable' }, 'Internal Server Error');
    net.respond(200, DEMO_REAGENTS);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete Compound B' }));
    });
    // Restored, then reloaded from the server (by name).
    expect(rows()).toEqual(['compound-a', 'compound-b', 'dmso', 'hepes-buffer']);
    expect(screen.getByText('Could not delete Compound B: Database unavailable')).toBeTruthy();
  });

  it('asks before deleting a reagent that wells use, names the wells, and returns focus', async () => {
    const target = { target_nM: 1000, volume_uL: 1 };
    showDocument({
      format: 96,
      wells: {
        A1: { targets: { 'compound-b': target } },
        A2: { targets: { 'compound-b': target } },
        C5: { targets: { 'compound-b': target, dmso: target } },
      },
    });
    render(<BenchFridgePanel onAdd={vi.fn()} onOpenReagent={vi.fn()} />);
    const remove = screen.getByRole('button', { name: 'Delete Compound B' });
    remove.focus();
    fireEvent.click(remove);
    const question =
      'Compound B is in 3 wells (A1-A2, C5). Delete it from the bench and leave the wells as they are?';
    expect(screen.getByText(question)).toBeTruthy();
    expect(net.calls).toHaveLength(0);
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Escape (the dialog's cancel event): nothing deleted, focus back on the delete button.
    await act(async () => {
      fireEvent(dialog, new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByText(question)).toBeNull();
    expect(rows()).toContain('compound-b');
    expect(document.activeElement).toBe(remove);

    // Asked again from the keyboard (Delete key on the row), then confirmed.
    const row = screen.getByRole('button', { name: /^Compound B/ });
    row.focus();
    fireEvent.keyDown(row, { key: 'Delete' });
    net.respond(204);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(rows()).toEqual(['compound-a', 'hepes-buffer', 'dmso']);
    expect(net.calls.map((c) => c.method)).toEqual(['DELETE']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^HEPES Buffer/ }));
    expect(designer.wells.A1.targets['compound-b']).toEqual(target);
  });

  it('deletes a reagent no well uses without asking', async () => {
    showDocument({
      format: 96,
      wells: { A1: { targets: { dmso: { target_nM: null, volume_uL: 1 } } } },
    });
    render(<BenchFridgePanel onAdd={vi.fn()} onOpenReagent={vi.fn()} />);
    net.respond(204);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete Compound A' }));
    });
    expect(screen.queryByRole('dialog', { hidden: true })?.hasAttribute('open')).not.toBe(true);
    expect(net.calls.map((c) => c.method)).toEqual(['DELETE']);
  });

  it('the add button asks for the picker', () => {
    const onAdd = vi.fn();
    render(<BenchFridgePanel onAdd={onAdd} onOpenReagent={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add reagent' }));
    expect(onAdd).toHaveBeenCalled();
  });
});
