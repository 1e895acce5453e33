// @vitest-environment happy-dom
// The dispense plan beside the plate: closed, it plans nothing; open, it lists the plan the
// domain makes of the document (transfers, sources, unmet targets with their reasons).
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ref } from 'valtio/vanilla';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { benchReagentInfo } from '../../../../src/api/bench';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { plateDefn } from '../../../../src/domain/plate-format';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { DispensePlanView } from '../../../../src/panels/designer/dispense-plan-view';
import { DEMO_REAGENTS, bench } from '../../../../src/state/bench-store';
import { designer } from '../../../../src/state/designer-store';

// Compound A (10 mM in DMSO) at 1 uM in A1 and B1 in 50 uL of buffer; at 50 mM in C1,
// above its stock: unmet.
const buffer = { target_nM: null, volume_uL: 50 };
const WELLS = {
  A1: { targets: { 'compound-a': { target_nM: 1000, volume_uL: 0.005 }, 'hepes-buffer': buffer } },
  B1: { targets: { 'compound-a': { target_nM: 1000, volume_uL: 0.005 }, 'hepes-buffer': buffer } },
  C1: {
    targets: { 'compound-a': { target_nM: 50_000_000, volume_uL: 0.05 }, 'hepes-buffer': buffer },
  },
} as unknown as WireWells;

beforeEach(() => {
  designer.format = 384;
  designer.wells = ref(WELLS);
  designer.dispensing = null;
  Object.assign(bench, { reagents: [...DEMO_REAGENTS], status: 'ready' });
});

afterEach(() => {
  cleanup();
  designer.wells = ref({} as WireWells);
});

describe('DispensePlanView', () => {
  it('shows the domain’s plan of the document when opened', () => {
    const { container } = render(<DispensePlanView />);
    expect(screen.queryByTestId('dispense-plan')).toBeNull();
    fireEvent.click(screen.getByText('Dispense plan (read-only)'));
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const view = screen.getByTestId('dispense-plan');
    const plan = planDispense(plateDefn(384), WELLS, DEMO_REAGENTS.map(benchReagentInfo), null);
    expect(plan.transfers.length).toBeGreaterThan(0);
    expect(plan.unmet.map((u) => u.well)).toEqual(['C1']);
    expect(view.textContent).toContain(
      `${plan.transfers.length} transfers from ${plan.sources.length} source wells;`,
    );
    const unmet = within(screen.getByRole('table', { name: 'Unmet targets' }));
    expect(unmet.getByText('C1')).toBeTruthy();
    expect(unmet.getByText(plan.unmet[0].reason)).toBeTruthy();
    const transfers = within(screen.getByRole('table', { name: 'Transfers' }));
    expect(transfers.getAllByText('Compound A').length).toBe(plan.transfers.length);
    expect(transfers.getByText('A1')).toBeTruthy();
  });
});
