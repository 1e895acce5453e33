import { describe, expect, it } from 'vitest';
import type { BenchReagent } from '../../../src/api/bench';
import { metricsSummary, wellViews } from '../../../src/panels/well-editor/selected-wells';
import {
  concentrationUM,
  editorAmount,
  initialEditorValues,
} from '../../../src/panels/well-editor/well-editor-form';
import { DEMO_REAGENTS } from '../../../src/state/bench-store';

const reagents = DEMO_REAGENTS as readonly BenchReagent[];

describe('wellViews', () => {
  it('predicts from the volume the instrument dispenses, as the server and the plan do', () => {
    // 0.055 uL of Compound A (10 mM) written into 100 uL. A 96 plate with no saved settings
    // dispenses with a pipette in 0.1 uL steps: 0.1 uL of compound and 99.9 uL of buffer,
    // 0.1 uL x 10 mM / 100 uL = 10 uM (the 5.5 uM the written volume would give is never made).
    const wells = {
      A1: {
        targets: {
          'compound-a': { target_nM: 5_500, volume_uL: 0.055 },
          'hepes-buffer': { target_nM: null, volume_uL: 99.945 },
        },
      },
    };
    const [a1] = wellViews(wells, 96, [0], reagents, null);
    expect(a1.state!.predicted['compound-a'].nM).toBeCloseTo(10_000, 6);
    expect(a1.state!.metrics.volumeUl).toBeCloseTo(100, 9);
    expect(a1.entries.find((e) => e.slug === 'compound-a')!.status).not.toBe('good');
  });

  it('predicts, rates and formats each reagent of the wells', () => {
    // Compound A 10 mM stock, 1 uL into 100 uL -> 100 uM predicted against a 100 uM target.
    const wells = {
      A1: {
        targets: {
          'compound-a': { target_nM: 100_000, volume_uL: 1 },
          'hepes-buffer': { target_nM: null, volume_uL: 99 },
        },
        tags: ['POS'],
      },
    };
    const [a1, a2] = wellViews(wells, 96, [0, 1], reagents);
    expect(a1.id).toBe('A1');
    expect(a2.state).toBeNull();
    const compound = a1.entries.find((e) => e.slug === 'compound-a')!;
    expect(compound).toMatchObject({
      name: 'Compound A',
      volume: '1.00 µL',
      target: '100 µM',
      predicted: '100 µM',
      error: '+0.0 %',
      // 1 uL of a stock in DMSO in 100 uL is 1 % DMSO, above DMSO's 0.5 % default limit:
      // the plan does not dispense the well, so its target is not met (it said good)
      status: 'error',
      accuracy: 'poor (±10–20%)',
    });
    const buffer = a1.entries.find((e) => e.slug === 'hepes-buffer')!;
    expect(buffer).toMatchObject({ target: '—', volume: '99 µL', accuracy: 'good' });
    expect(a1.state!.broken).toEqual(['solvent_load']);
    const summary = metricsSummary([a1]);
    expect(summary.volume).toBe('100 µL');
    // The one buffer (HEPES made at pH 7.4) diluted 99:100 keeps its pH.
    expect(summary.pH).toBe('7.40');
  });

  it('shows ranges over several wells', () => {
    const wells = {
      A1: { targets: { 'compound-a': { target_nM: 1000, volume_uL: 5 } } },
      A2: { targets: { 'compound-a': { target_nM: 1000, volume_uL: 50 } } },
    };
    expect(metricsSummary(wellViews(wells, 96, [0, 1], reagents)).volume).toBe('5.0 µL – 50 µL');
  });
});

describe('well editor amounts', () => {
  it('defaults to 1000 µM and 10 µL', () => {
    expect(editorAmount(initialEditorValues())).toEqual({ uM: 1000, volumeUl: 10 });
  });
  it('refuses volumes outside 0–100 µL and non-numbers', () => {
    expect(editorAmount({ uM: '1', volumeUl: '101' })).toBeNull();
    expect(editorAmount({ uM: 'x', volumeUl: '1' })).toBeNull();
    expect(editorAmount({ uM: '-1', volumeUl: '1' })).toBeNull();
    expect(editorAmount({ uM: '0', volumeUl: '100' })).toEqual({ uM: 0, volumeUl: 100 });
  });
});

describe('the well editor concentration with mass units', () => {
  it('converts ug/mL, mg/mL and ng/mL through the molecular weight, by hand', () => {
    // 4.6653 ug/mL of staurosporine (466.53 g/mol): 1000 x 4665.3 ng/mL / 466.53 = 10,000 nM.
    expect(concentrationUM('4.6653 ug/mL', 'uM', 466.53)).toBeCloseTo(10, 9);
    // 50 ng/mL of a 50 kDa protein is 1 nM.
    expect(concentrationUM('50 ng/mL', 'uM', 50_000)).toBeCloseTo(0.001, 12);
    // 1 mg/mL of a 400 g/mol compound: 2.5 mM.
    expect(concentrationUM('1 mg/mL', 'uM', 400)).toBeCloseTo(2500, 9);
    expect(concentrationUM('250 pM')).toBeCloseTo(0.00025, 12);
  });

  it('refuses a mass unit without a molecular weight, and units that are not concentrations of a solute', () => {
    expect(concentrationUM('5 ug/mL', 'uM', null)).toBeNull();
    expect(concentrationUM('1e6 cells/mL', 'uM', 400)).toBeNull();
    expect(editorAmount({ uM: '2 mg/mL', volumeUl: '1' }, 400)).toEqual({ uM: 5000, volumeUl: 1 });
    expect(editorAmount({ uM: '2 mg/mL', volumeUl: '1' })).toBeNull();
  });
});
