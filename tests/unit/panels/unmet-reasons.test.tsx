// @vitest-environment happy-dom
/**
 * The well editor says why an impossible target is not met, and what would meet it: 100 uM
 * of a 10 mM compound in DMSO in a 100 uL well of a 96-well plate held to 0.5 % DMSO. The
 * designer's set keeps the stock's nearest volume (1 uL, 100 uM, but 1 uL of DMSO: 1.00 %),
 * and whatever the dilution the DMSO comes with the compound: 10 mM x 0.5 uL / 100 uL =
 * 50.0 uM at most. The set said nothing of it; the editor now says the plan's reason with
 * the ceiling, as GET /plate's unmet_reasons and the dispense plan's unmet row do.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BenchReagent } from '../../../src/api/bench';
import { planDispense } from '../../../src/domain/dispensing/plan';
import { plateDefn } from '../../../src/domain/plate-format';
import { SelectedWellsTable } from '../../../src/panels/well-editor/selected-wells-table';
import { STATUS_TEXT, wellViews } from '../../../src/panels/well-editor/selected-wells';
import { CPD, designWells, DMSO, MEDIA } from '../domain/dispensing/fixtures';

const bench = [CPD, { ...DMSO, max_concentration_percent: 0.5 }, MEDIA];
const reagents = bench.map((b) => ({
  slug: b.slug,
  name: b.name,
  reagent_type: b.type,
  type: b.type,
  concentration_units: b.stock_pct == null ? 'mM' : '%',
  default_concentration_value: b.stock_pct,
  stock_uM: b.stock_nM == null ? null : b.stock_nM / 1000,
  solvent: b.solvent,
  max_concentration_percent: b.max_concentration_percent,
  min_transfer_ul: null,
  ionic_strength_mM: null,
})) as unknown as BenchReagent[];
const defn = plateDefn(96);
const wells = designWells(defn, { A4: [{ slug: 'cpd', target_nM: 100_000 }] }, 100, {}, bench);

const REASON =
  "DMSO at 1.00% v/v is above its 0.5% limit; Cpd: the stock's solvent limits it to " +
  '50.0 µM in the well (500 nL of solvent): a more concentrated stock would meet it';

describe('an impossible target in the well editor', () => {
  it('keeps the nearest volume, and the plan says why with the ceiling', () => {
    expect(wells.A4.targets.cpd.volume_uL).toBe(1);
    const plan = planDispense(defn, wells, bench, {});
    expect(plan.unmet).toEqual([
      {
        well: 'A4',
        reagent: 'dmso',
        reason: 'DMSO at 1.00% v/v is above its 0.5% limit',
        proposal: REASON.split('; ')[1],
      },
    ]);
  });

  it('says the reason and the 50.0 µM ceiling beside the status', () => {
    const views = wellViews(wells, 96, [3], reagents, {});
    expect(STATUS_TEXT[views[0].state!.status]).toBe('Error');
    expect(views[0].state!.unmet_reasons).toEqual([REASON]);
    render(<SelectedWellsTable views={views} />);
    expect(screen.getByText(/A4 is unmet:/).parentElement!.textContent).toBe(
      `A4 is unmet: ${REASON}`,
    );
  });
});
