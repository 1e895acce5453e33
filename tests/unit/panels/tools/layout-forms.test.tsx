// @vitest-environment happy-dom
// The template tool's "Apply to other experiments…": opened from the tool's dialog, beside
// it (its Escape closes only itself), focus back on the opener when it closes.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ref } from 'valtio/vanilla';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notePathname, setUnauthorizedHandler } from '../../../../src/api/http-client';
import { WellSet } from '../../../../src/domain/plate/well-set';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { TemplateForm } from '../../../../src/panels/tools/layout-forms';
import { designer } from '../../../../src/state/designer-store';
import {
  plateSelection,
  resetSelection,
  setSelection,
} from '../../../../src/state/selection-store';
import { closeTool, openTool, toolState } from '../../../../src/state/tool-actions';
import { installFakeFetch, type FakeFetch } from '../../api/fake-fetch';

let net: FakeFetch;

beforeEach(() => {
  net = installFakeFetch();
  setUnauthorizedHandler(vi.fn());
  notePathname('/login');
  designer.format = 96;
  designer.wells = ref({
    B2: { targets: { staurosporine: { target_nM: 1000 } }, tags: ['POS'] },
  } as unknown as WireWells);
  resetSelection(plateSelection, 96);
  // B2 and C2 selected (row-major indices 13 and 25): one filled well, one empty
  setSelection(plateSelection, WellSet.of(96, [13, 25]));
  openTool('template');
});

afterEach(() => {
  cleanup();
  closeTool();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  designer.wells = ref({} as WireWells);
  resetSelection(plateSelection, 96);
});

const opener = () =>
  screen.getByRole('button', { name: 'Apply to other experiments…' }) as HTMLButtonElement;

describe('TemplateForm: Apply to other experiments…', () => {
  it('needs the well to place at, then opens the list; Escape closes it alone, focus back', async () => {
    render(<TemplateForm />);
    expect(screen.getByText('Template of 1 wells from the selection.')).toBeTruthy();
    expect(opener().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Place at (top-left well)'), {
      target: { value: 'd4' },
    });
    expect(opener().disabled).toBe(false);

    net.respond(200, []);
    await act(async () => {
      fireEvent.click(opener());
    });
    const dialog = screen.getByTestId('apply-to-experiments');
    expect(dialog.textContent).toContain('top-left at D4 on each plate');
    expect(dialog.textContent).toContain('You have no other experiments.');
    // not inside the tool's dialog: an Escape there never reaches the tool
    expect(screen.getByTestId('tool-panel').contains(dialog)).toBe(false);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));

    expect(screen.queryByTestId('apply-to-experiments')).toBeNull();
    expect(toolState.open).toBe('template');
    expect(document.activeElement).toBe(opener());
  });
});
