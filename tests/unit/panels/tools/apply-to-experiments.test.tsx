// @vitest-environment happy-dom
// "Apply to other experiments…" of the template tool: the experiments listed with checkboxes,
// one save and one apply request, a result line per plate; the network is a fake fetch (the
// API client's network layer only, tests/unit/api/fake-fetch.ts).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notePathname, setUnauthorizedHandler } from '../../../../src/api/http-client';
import {
  ApplyToExperimentsDialog,
  resultLine,
} from '../../../../src/panels/tools/apply-to-experiments';
import { installFakeFetch, type FakeFetch } from '../../api/fake-fetch';

const template = {
  name: 'Selection',
  wells: [
    { dr: 0, dc: 0, targets: { staurosporine: { target_nM: 1000 } }, tags: ['POS'] },
    { dr: 1, dc: 0, targets: { staurosporine: { target_nM: 10 } } },
  ],
};

const experiment = (id: number, name: string, plate_type = '384') => ({
  id,
  name,
  description: null,
  plate_type,
  vehicle_slug: null,
  default_vehicle_slug: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

let net: FakeFetch;

beforeEach(() => {
  net = installFakeFetch();
  setUnauthorizedHandler(vi.fn());
  notePathname('/login');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

/** The dialog over three experiments of which 7 is the one open in the designer. */
async function open(onClose = vi.fn()) {
  net.respond(200, [
    experiment(7, 'Open plate'),
    experiment(8, 'Plate A'),
    experiment(9, 'Plate B', '96'),
  ]);
  await act(async () => {
    render(
      <ApplyToExperimentsDialog template={template} at="B5" currentId={7} onClose={onClose} />,
    );
  });
  return onClose;
}

const box = (name: RegExp) => screen.getByRole('checkbox', { name, hidden: true });
const applyButton = () => screen.getByRole('button', { name: 'Apply', hidden: true });

describe('resultLine', () => {
  it('counts the wells changed, or gives the plate’s failure in words', () => {
    const ok = { experiment_id: 8, ok: true as const, version: 3, changed: 352 };
    expect(resultLine(ok, 'Plate A')).toBe('Plate A: 352 wells changed');
    expect(resultLine({ ...ok, changed: 1 }, 'Plate A')).toBe('Plate A: 1 well changed');
    expect(
      resultLine(
        {
          experiment_id: 9,
          ok: false,
          detail:
            'Op 0 (template) (well H1): Template "Selection" at H1 runs off the plate (offset 1, 0)',
        },
        'Plate B',
      ),
    ).toBe('Plate B: Template "Selection" at H1 runs off the plate (offset 1, 0)');
    expect(
      resultLine(
        { experiment_id: 12, ok: false, detail: 'Experiment 12 is not yours or does not exist' },
        undefined,
      ),
    ).toBe('Experiment 12: Experiment 12 is not yours or does not exist');
  });
});

describe('ApplyToExperimentsDialog', () => {
  it('lists the other experiments, the first box focused, and applies only when one is ticked', async () => {
    await open();
    expect(net.calls[0].url).toMatch(/\/api\/experiments\/$/);
    const boxes = screen.getAllByRole('checkbox', { hidden: true });
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'Plate A (384 wells)',
      'Plate B (96 wells)',
    ]);
    expect(document.activeElement).toBe(boxes[0]);
    expect((applyButton() as HTMLButtonElement).disabled).toBe(true);
    // Enter with nothing ticked sends nothing
    fireEvent.keyDown(boxes[0], { key: 'Enter' });
    expect(net.calls).toHaveLength(1);
  });

  it('Enter saves the template and applies it with one request, then shows a line per plate', async () => {
    const onClose = await open();
    // Space on a focused checkbox is the browser's click
    fireEvent.click(box(/Plate A/));
    fireEvent.click(box(/Plate B/));
    fireEvent.click(box(/Plate B/));
    fireEvent.click(box(/Plate B/));
    expect(screen.getByText('2 selected.')).toBeTruthy();

    net.respond(201, { template: { id: 41, name: 'Selection', wells: template.wells } });
    const answer = net.respondLater();
    await act(async () => {
      fireEvent.keyDown(box(/Plate B/), { key: 'Enter' });
    });
    // progress while the request runs; Escape does nothing meanwhile
    expect(screen.getByText('Applying to 2 plates…')).toBeTruthy();
    expect(applyButton().getAttribute('aria-busy')).toBe('true');
    fireEvent(
      screen.getByTestId('apply-to-experiments'),
      new Event('cancel', { cancelable: true }),
    );
    expect(onClose).not.toHaveBeenCalled();

    expect(net.calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`)).toEqual([
      'GET /api/experiments/',
      'POST /api/templates',
      'POST /api/templates/41/apply',
    ]);
    expect(JSON.parse(String(net.calls[1].body))).toEqual(template);
    expect(JSON.parse(String(net.calls[2].body))).toEqual({ experiment_ids: [8, 9], at: 'B5' });

    await act(async () => {
      answer(200, {
        results: [
          { experiment_id: 8, ok: true, version: 4, changed: 352 },
          {
            experiment_id: 9,
            ok: false,
            detail: 'Op 0 (template) (well B5): "nope" is not on the bench of this experiment',
          },
        ],
      });
    });
    const lines = screen.getAllByRole('listitem', { hidden: true }).map((li) => li.textContent);
    expect(lines).toEqual([
      'Plate A: 352 wells changed',
      'Plate B: "nope" is not on the bench of this experiment',
    ]);
    const done = screen.getByRole('button', { name: 'Done', hidden: true });
    expect(document.activeElement).toBe(done);
    fireEvent.click(done);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('saves under the name typed and says why a refused request failed', async () => {
    await open();
    fireEvent.change(screen.getByLabelText('Save the template as'), {
      target: { value: '  Controls  ' },
    });
    fireEvent.click(box(/Plate A/));
    net.respond(409, { detail: 'You keep 500 templates: delete one first' });
    await act(async () => {
      fireEvent.click(applyButton());
    });
    expect(JSON.parse(String(net.calls[1].body)).name).toBe('Controls');
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe(
      'You keep 500 templates: delete one first',
    );
    // back to the list, the ticks kept
    expect((box(/Plate A/) as HTMLInputElement).checked).toBe(true);
    expect((applyButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('Escape closes without a request', async () => {
    const onClose = await open();
    fireEvent(
      screen.getByTestId('apply-to-experiments'),
      new Event('cancel', { cancelable: true }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(net.calls).toHaveLength(1);
  });
});
