// @vitest-environment happy-dom
// Tool dialogs keep what was entered between openings (per experiment): the controls dialog
// closed and opened again shows the columns typed before; another experiment starts from the
// defaults.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Experiment } from '../../../../src/api/types';
import { ControlsForm } from '../../../../src/panels/tools/controls-form';
import { designer } from '../../../../src/state/designer-store';
import { closeTool, openTool } from '../../../../src/state/tool-actions';

const columns = () => screen.getByLabelText('Columns') as HTMLInputElement;

beforeEach(() => {
  designer.format = 384;
  designer.experiment = { id: 71, name: 'Remembered' } as unknown as Experiment;
  openTool('controls');
});

afterEach(() => {
  cleanup();
  closeTool();
  designer.experiment = null;
});

describe('useRememberedForm', () => {
  it('reopens a dialog with the values entered last, per experiment', () => {
    const first = render(<ControlsForm />);
    expect(columns().value).toBe('1, 2, 47, 48');
    fireEvent.change(columns(), { target: { value: '23, 24' } });
    first.unmount();

    render(<ControlsForm />);
    expect(columns().value).toBe('23, 24');
    cleanup();

    designer.experiment = { id: 72, name: 'Other' } as unknown as Experiment;
    render(<ControlsForm />);
    expect(columns().value).toBe('1, 2, 47, 48');
  });
});
