// @vitest-environment happy-dom
// The controls tool's vehicle: DMSO as the negative control is offered at the compound wells'
// load, its "% v/v" field (a labelled text field, Enter applies) puts it at another, and a
// medium-only control beside compound wells at 0.5 % DMSO is warned about.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ref } from 'valtio/vanilla';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BenchReagent } from '../../../../src/api/bench';
import { notePathname, setUnauthorizedHandler } from '../../../../src/api/http-client';
import { resolveSettings } from '../../../../src/domain/dispensing/settings';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { ControlsForm } from '../../../../src/panels/tools/controls-form';
import { DEMO_REAGENTS, bench } from '../../../../src/state/bench-store';
import { designer } from '../../../../src/state/designer-store';
import { closeDesignerSession, openDesignerSession } from '../../../../src/state/designer-document';
import { closeTool, openTool, toolState } from '../../../../src/state/tool-actions';
import { installFakeFetch } from '../../api/fake-fetch';

const MEDIUM: BenchReagent = {
  ...DEMO_REAGENTS[3],
  id: 'medium',
  slug: 'medium',
  name: 'Medium',
  reagent_type: 'media',
  type: 'media',
  concentration_units: null,
  default_concentration_value: null,
  max_concentration_percent: null,
  molecular_weight_g_per_mol: null,
};
// compound A (10 mM in DMSO), DMSO (its limit 1 %), the medium
const REAGENTS = [DEMO_REAGENTS[0], { ...DEMO_REAGENTS[3], max_concentration_percent: 1 }, MEDIUM];
// 0.5 uL of the 10 mM stock in 100 uL: 50 uM at 0.5 % DMSO
const compound = {
  targets: {
    'compound-a': { target_nM: 50_000, volume_uL: 0.5 },
    medium: { target_nM: null, volume_uL: 99.5 },
  },
};

beforeEach(() => {
  installFakeFetch();
  setUnauthorizedHandler(vi.fn());
  notePathname('/login');
  localStorage.clear();
  designer.format = 96;
  designer.dispensing = { ...resolveSettings(96, {}).settings, assay_volume_uL: 100 };
  designer.wells = ref({ A1: compound, A2: compound, A3: compound } as unknown as WireWells);
  Object.assign(bench, {
    experimentId: 5,
    reagents: REAGENTS,
    status: 'ready',
    vehicleSlug: 'medium',
  });
  // edits commit to the open experiment's session; its saves are not under test here
  openDesignerSession(5, 0, { send: () => new Promise(() => {}) });
  openTool('controls');
});

afterEach(() => {
  cleanup();
  closeTool();
  closeDesignerSession();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  designer.wells = ref({} as WireWells);
  designer.dispensing = null;
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const preview = () => toolState.preview as WireWells | null;

describe('ControlsForm: the vehicle control', () => {
  it('offers DMSO at the compound wells’ load and places it there, or at the % typed', () => {
    render(<ControlsForm />);
    fireEvent.change(field('Columns'), { target: { value: '11, 12' } });
    const neg = screen.getByLabelText('Negative control (vehicle)') as HTMLSelectElement;
    const dmso = [...neg.options].find((o) => o.value === 'dmso');
    expect(dmso?.textContent).toBe('DMSO (vehicle at 0.50 %)');
    fireEvent.change(neg, { target: { value: 'dmso' } });
    expect(field('% v/v').placeholder).toBe('0.5, as the compound wells');
    // 0.5 % of 100 uL: 0.5 uL of DMSO and 99.5 uL of the medium
    expect(preview()?.A11.targets.dmso.volume_uL).toBeCloseTo(0.5, 9);
    expect(preview()?.A11.targets.medium.volume_uL).toBeCloseTo(99.5, 9);

    // from the keyboard: the % field is a labelled text field; Enter in it applies
    const pct = field('% v/v');
    pct.focus();
    fireEvent.change(pct, { target: { value: '1' } });
    expect(preview()?.H12.targets.dmso.volume_uL).toBeCloseTo(1, 9);
    expect(document.activeElement).toBe(pct);
    fireEvent.submit(pct.form!);
    expect(designer.wells.H12.targets.dmso.volume_uL).toBeCloseTo(1, 9);
    expect(designer.wells.H12.tags).toEqual(['NEG']);
    expect(toolState.open).toBeNull();
  });

  it('warns about a medium-only control, and refuses a % for it', () => {
    render(<ControlsForm />);
    fireEvent.change(field('Columns'), { target: { value: '11, 12' } });
    fireEvent.change(screen.getByLabelText('Negative control (vehicle)'), {
      target: { value: 'medium' },
    });
    // the form remembers the % typed before: empty is "none given"
    fireEvent.change(field('% v/v'), { target: { value: '' } });
    expect(screen.getByTestId('vehicle-warning').textContent).toBe(
      'The control holds no DMSO while the compound wells hold 0.50 %: choose DMSO as the negative control to sit at the same load.',
    );
    fireEvent.change(field('% v/v'), { target: { value: '1' } });
    expect(screen.getByTestId('tool-outcome').textContent).toContain(
      'A % v/v is for a solvent control (DMSO); "medium" fills the rest of the well: leave the % empty',
    );
  });
});
