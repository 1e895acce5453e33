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
