import { describe, expect, it } from 'vitest';
import {
  concentrationProblem,
  concentrationUM,
  editorAmount,
} from '../../../../src/panels/well-editor/well-editor-form';

describe('the well editor and a target past any solution', () => {
  it('says why 1e308 nM (or 1e308 µM, Infinity nM) is not applied instead of sending it', () => {
    expect(concentrationUM('1e308', 'nM')).toBeNull();
    expect(editorAmount({ uM: '1e308', unit: 'nM', volumeUl: '10' })).toBeNull();
    expect(concentrationProblem({ uM: '1e308', unit: 'nM' })).toBe(
      'That target (1.00e+308 nM) is more than any solution holds: enter one of at most 1e15 nM (1,000,000 M).',
    );
    expect(concentrationProblem({ uM: '1e308 uM' })).toContain('more than a number can hold');
  });

  it('takes a target up to the bound', () => {
    // 1e6 M is 1e15 nM, the bound itself
    expect(concentrationUM('1000000 M')).toBe(1e12);
    expect(concentrationProblem({ uM: '10', unit: 'uM' })).toBeNull();
    expect(concentrationProblem({ uM: '' })).toBeNull();
  });
});

describe('the well editor and a mass target', () => {
  it('makes 5 ug/mL molar through the reagent molecular weight', () => {
    // 5 ug/mL of a 500 g/mol compound: 1000 x 5000 ng/mL / 500 = 10,000 nM = 10 uM
    expect(concentrationUM('5 ug/mL', 'uM', 500)).toBeCloseTo(10, 9);
    expect(concentrationProblem({ uM: '5 ug/mL' }, 500, 'Compound A')).toBeNull();
  });

  it('says the reagent has no molecular weight, as the plate ops do, instead of a generic hint', () => {
    expect(editorAmount({ uM: '5 ug/mL', volumeUl: '10' }, null)).toBeNull();
    expect(concentrationProblem({ uM: '5 ug/mL' }, null, 'Compound A')).toBe(
      'Compound A has no molecular weight, so a target in ug/mL cannot be made molar: add its ' +
        'molecular weight (g/mol) to the reagent on the bench, or give the target in nM, uM, mM or M.',
    );
    // a molar target needs no molecular weight
    expect(concentrationProblem({ uM: '5 uM' }, null, 'Compound A')).toBeNull();
  });
});

describe('the well editor reads units as the assistant does', () => {
  it('takes a unit spelt out ("50 nanomolar", "2 millimolar") as its own unit', () => {
    expect(concentrationUM('50 nanomolar')).toBe(0.05);
    expect(concentrationUM('2 millimolar', 'nM')).toBe(2000);
    expect(concentrationUM('250 picomolar')).toBe(0.00025);
    expect(concentrationUM('50 nM')).toBe(0.05);
  });

  it('reads a thousands separator and refuses a decimal comma, saying how to write it', () => {
    expect(concentrationUM('10,000 nM')).toBe(10);
    expect(concentrationUM('1,5 uM')).toBeNull();
    expect(concentrationProblem({ uM: '1,5 uM' })).toBe(
      '"1,5" reads two ways: write a decimal with a point ("1.5") and a thousand without a comma',
    );
  });
});
