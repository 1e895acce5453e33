// @vitest-environment happy-dom
// The Well editor against the real stores (no save pipeline started, so nothing is sent).
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WellSet } from '../../../src/domain/plate/well-set';
import { WellEditorPanel } from '../../../src/panels/well-editor/well-editor-panel';
import { DEMO_REAGENTS, bench } from '../../../src/state/bench-store';
import { designer, resetDesignerState } from '../../../src/state/designer-store';
import { closeDesignerSession, openDesignerSession } from '../../../src/state/designer-document';
import { plateSelection, resetSelection, setSelection } from '../../../src/state/selection-store';

beforeEach(() => {
  resetDesignerState();
  // edits commit to the open experiment's session; its saves are not under test here
  openDesignerSession(1, 0, { send: () => new Promise(() => {}) });
  resetSelection(plateSelection, 96);
  Object.assign(bench, {
    experimentId: 1,
    reagents: DEMO_REAGENTS.map((r) => ({ ...r })),
    status: 'ready',
    error: null,
    vehicleSlug: 'dmso',
  });
});

afterEach(() => {
  cleanup();
  closeDesignerSession();
});

// valtio notifies subscribers in a microtask: let React see the store change.
async function select(indices: number[]) {
  await act(async () => setSelection(plateSelection, WellSet.of(96, indices)));
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('WellEditorPanel', () => {
  it('starts at 1000 µM and 10 µL with the first bench reagent, and asks for wells', () => {
    render(<WellEditorPanel />);
    expect((screen.getByLabelText('Concentration') as HTMLInputElement).value).toBe('1000');
    expect((screen.getByLabelText('Volume (µL)') as HTMLInputElement).value).toBe('10');
    const slider = screen.getByLabelText('Volume slider (µL)') as HTMLInputElement;
    expect([slider.min, slider.max, slider.step]).toEqual(['0', '100', '1']);
    expect((screen.getByLabelText('Reagent') as HTMLSelectElement).value).toBe('compound-a');
    expect(screen.getByText('Select wells on the plate to edit them.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('applies the reagent to every selected well and shows targets against predictions', async () => {
    render(<WellEditorPanel />);
    await select([0, 13]);
    fireEvent.change(screen.getByLabelText('Concentration'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Volume slider (µL)'), { target: { value: '5' } });
    expect((screen.getByLabelText('Volume (µL)') as HTMLInputElement).value).toBe('5');
    expect(screen.getByTestId('well-editor-preview').textContent).toBe(
      // three figures whatever the band (it said 50 µM)
      '50.0 µM with 5.0 µL · pipetting moderate (±5–10%)',
    );
    await click('Apply to 2 wells');
    expect(Object.keys(designer.wells).toSorted()).toEqual(['A1', 'B2']);
    expect(designer.wells.A1.targets['compound-a']).toEqual({ target_nM: 50_000, volume_uL: 5 });
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // 10 mM stock, 5 uL in a 5 uL well: 10 mM predicted against 50 uM -> error.
    expect(rows[0].textContent).toContain('A1');
    expect(rows[0].textContent).toContain('10.0 mM');
    expect(within(rows[0]).getByText('Error').className).toContain('status-text--error');
    expect(screen.getByText('5.0 µL', { selector: 'dd' })).toBeTruthy();
  });

  it('removes the reagent from the selected wells', async () => {
    render(<WellEditorPanel />);
    await select([0]);
    await click('Apply to 1 well');
    expect(designer.wells.A1).toBeTruthy();
    await click('Remove from selected wells');
    expect(designer.wells.A1).toBeUndefined();
  });

  it('refuses a volume above 100 µL', async () => {
    render(<WellEditorPanel />);
    await select([0]);
    fireEvent.change(screen.getByLabelText('Volume (µL)'), { target: { value: '150' } });
    expect(
      (screen.getByRole('button', { name: 'Apply to 1 well' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
