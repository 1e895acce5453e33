// @vitest-environment happy-dom
// Reagent details (constraints editor) and the well detail dialog. The PATCH goes to a fake
// fetch (a test double of the API client's network layer only, tests/unit/api/fake-fetch.ts).
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReagentDetailsDialog } from '../../../src/panels/dialogs/reagent-details-dialog';
import { WellDetailDialog } from '../../../src/panels/dialogs/well-detail-dialog';
import { DEMO_REAGENTS, bench } from '../../../src/state/bench-store';
import { designer, resetDesignerState, showDocument } from '../../../src/state/designer-store';
import { fakeFetchPerTest } from '../api/fake-fetch';

const net = fakeFetchPerTest();

beforeEach(() => {
  resetDesignerState();
  Object.assign(bench, {
    experimentId: 8,
    reagents: DEMO_REAGENTS.map((r) => ({ ...r })),
    status: 'ready',
    error: null,
    vehicleSlug: 'dmso',
  });
});

afterEach(cleanup);

describe('ReagentDetailsDialog', () => {
  it('shows the reagent and sends only the changed constraint', async () => {
    const onClose = vi.fn();
    render(<ReagentDetailsDialog slug="dmso" onClose={onClose} />);
    const max = screen.getByLabelText('Max concentration (% v/v)') as HTMLInputElement;
    const min = screen.getByLabelText('Min transfer volume (µL)') as HTMLInputElement;
    expect(max.value).toBe('0.1');
    expect([max.min, max.max, max.step]).toEqual(['0', '100', '0.01']);
    expect([min.min, min.step]).toEqual(['0', '0.1']);
    const save = screen.getByRole('button', { name: 'Save constraints' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(min, { target: { value: '0.2' } });
    expect(save.disabled).toBe(false);
    net.respond(200, { ...DEMO_REAGENTS[3], min_transfer_ul: 0.2 });
    await act(async () => {
      fireEvent.click(save);
    });
    expect(net.calls[0].method).toBe('PATCH');
    expect(net.calls[0].url).toMatch(/\/api\/experiments\/8\/bench\/reagents\/dmso$/);
    expect(JSON.parse(String(net.calls[0].body))).toEqual({ min_transfer_ul: 0.2 });
    expect(onClose).toHaveBeenCalled();
    expect(bench.reagents[3].min_transfer_ul).toBe(0.2);
  });

  it('an emptied max concentration clears the limit (null)', async () => {
    render(<ReagentDetailsDialog slug="dmso" onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Max concentration (% v/v)'), { target: { value: '' } });
    net.respond(200, { ...DEMO_REAGENTS[3], max_concentration_percent: null });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save constraints' }));
    });
    expect(JSON.parse(String(net.calls[0].body))).toEqual({ max_concentration_percent: null });
  });

  it('refuses a max concentration above 100 %', () => {
    render(<ReagentDetailsDialog slug="dmso" onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Max concentration (% v/v)'), {
      target: { value: '120' },
    });
    expect(screen.getByText('Max concentration must be between 0 and 100 % v/v')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Save constraints' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('WellDetailDialog', () => {
  it('shows the id, contents, targets against predictions, metrics, tags, label and sample', () => {
    showDocument({
      format: 96,
      wells: {
        B3: {
          targets: {
            'compound-a': { target_nM: 100_000, volume_uL: 1 },
            'hepes-buffer': { target_nM: null, volume_uL: 99 },
          },
          label: 'Top dose',
          sample: 'S-1',
          tags: ['POS', 'TARGET:compound-a@100000'],
        },
      },
    });
    render(<WellDetailDialog index={14} onClose={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Well B3' })).toBeTruthy();
    expect(screen.getByTestId('well-detail-id').textContent).toBe('B3');
    expect(screen.getByText('Top dose')).toBeTruthy();
    expect(screen.getByText('S-1')).toBeTruthy();
    expect(screen.getByText('POS')).toBeTruthy();
    expect(screen.getByText('100 µL')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual([
      'Compound A',
      'HEPES Buffer',
    ]);
    // 1 uL of a DMSO stock in 100 uL is 1 % DMSO, above DMSO's 0.5 % default limit: the well
    // is unmet and not dispensed, so its target is not met (it said Good)
    expect(rows[0].textContent).toContain('Error');
    expect(designer.format).toBe(96);
  });

  it('says when the well is empty', () => {
    render(<WellDetailDialog index={0} onClose={vi.fn()} />);
    expect(screen.getByTestId('well-detail-empty').textContent).toBe('Well A1 is empty.');
  });
});
