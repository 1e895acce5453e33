// @vitest-environment happy-dom
// The series tool offers to add compounds that are not on the bench (from the catalog)
// instead of refusing them; names the catalog does not know are said plainly.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notePathname, setUnauthorizedHandler } from '../../../../src/api/http-client';
import type { Experiment } from '../../../../src/api/types';
import { SeriesForm } from '../../../../src/panels/tools/series-form';
import { DEMO_REAGENTS, bench } from '../../../../src/state/bench-store';
import { designer } from '../../../../src/state/designer-store';
import { closeTool, openTool } from '../../../../src/state/tool-actions';
import { installFakeFetch, type FakeFetch } from '../../api/fake-fetch';

let net: FakeFetch;

beforeEach(() => {
  net = installFakeFetch();
  setUnauthorizedHandler(vi.fn());
  notePathname('/login');
  designer.format = 384;
  designer.experiment = { id: 5, name: 'Series' } as unknown as Experiment;
  Object.assign(bench, {
    experimentId: 5,
    reagents: [DEMO_REAGENTS[0], DEMO_REAGENTS[3]],
    status: 'ready',
    vehicleSlug: 'dmso',
  });
  openTool('series');
});

afterEach(() => {
  cleanup();
  closeTool();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  designer.experiment = null;
});

const taxol = {
  slug: 'paclitaxel',
  name: 'Paclitaxel',
  reagent_type: 'chemical',
  default_concentration_value: 10,
  default_concentration_units: 'mM',
  solvent: 'DMSO',
  molecular_weight_g_per_mol: 853.9,
  ph: null,
  max_concentration_percent: null,
  cells_per_ml: null,
  description: null,
  aliases: ['Taxol'],
};

describe('SeriesForm: names not on the bench', () => {
  it('offers to add them from the catalog and says which the catalog does not know', async () => {
    render(<SeriesForm />);
    const box = screen.getByLabelText('Compounds (one a line)');
    fireEvent.change(box, { target: { value: 'compound a\nTaxol\nNo-such-thing' } });
    expect(screen.getByTestId('not-on-bench').textContent).toContain(
      'Not on the bench: Taxol, No-such-thing.',
    );
    net.respond(200, [taxol]);
    net.respond(200, []);
    net.respond(201, { ...DEMO_REAGENTS[0], slug: 'paclitaxel', name: 'Paclitaxel' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add the 2 from the catalog' }));
    });
    await act(() => Promise.resolve());
    const post = net.calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.body)).slug).toBe('paclitaxel');
    expect(bench.reagents.map((r) => r.slug)).toContain('paclitaxel');
    const offer = screen.getByTestId('not-on-bench').textContent;
    expect(offer).toContain('Added to the bench: Taxol.');
    expect(offer).toContain('Not found in the catalog: No-such-thing.');
    // The alias typed becomes the bench's name: only the unknown name is still offered.
    expect((box as HTMLTextAreaElement).value).toBe('compound a\nPaclitaxel\nNo-such-thing');
    expect(offer).toContain('Not on the bench: No-such-thing.');
  });
});

describe('SeriesForm: a refusal names its rule and offers the fix', () => {
  it('says DMSO’s 0.1 % limit refuses the defaults on 1536 and raises it in place', async () => {
    designer.format = 1536;
    designer.experiment = { id: 6, name: 'Fresh 1536' } as unknown as Experiment;
    render(<SeriesForm />);
    // The defaults: the bench's compound, 10 uM top, 3-fold, 10 points, 2 replicates.
    expect(screen.getByRole('alert').textContent).toContain('of solvent the well may take');
    const rule = screen.getByTestId('solvent-rule');
    expect(rule.textContent).toContain(
      "The rule: DMSO may make up at most 0.1 % of a well's volume (its limit on the bench), which leaves 5 nL of it a well.",
    );
    net.respond(200, { ...DEMO_REAGENTS[3], max_concentration_percent: 1 });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: "Raise DMSO's limit" }));
    });
    await act(() => Promise.resolve());
    const patch = net.calls.find((c) => c.method === 'PATCH');
    expect(patch?.url).toMatch(/\/bench\/reagents\/dmso$/);
    expect(JSON.parse(String(patch?.body))).toEqual({ max_concentration_percent: 1 });
    // Planned again with the new limit: the preview is shown, nothing refused.
    expect(screen.queryByTestId('solvent-rule')).toBeNull();
    expect(screen.getByTestId('tool-outcome').textContent).toContain(
      'Preview on the plate: 20 wells change.',
    );
  });
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const outcome = () => screen.getByTestId('tool-outcome').textContent;

describe('SeriesForm: the dilution factor as screening staff write it', () => {
  // The same preview as "3": the domain's factor reader takes "1:3", "3-fold" and "3x".
  it.each(['1:3', '3-fold', '3x', '1 in 3'])('reads "%s" as a 3-fold series', (typed) => {
    render(<SeriesForm />);
    type('Compounds (one a line)', 'compound a');
    type('Dilution factor', '3');
    const three = outcome();
    expect(three).toContain('Preview on the plate');
    type('Dilution factor', typed);
    expect(outcome()).toBe(three);
  });

  it('refuses a factor it cannot read, saying the spellings it takes', () => {
    render(<SeriesForm />);
    type('Compounds (one a line)', 'compound a');
    type('Dilution factor', '1:3:9');
    expect(outcome()).toContain(
      'The dilution factor is a number above 1 ("3", "1:3", "3-fold"), or half-log.',
    );
  });
});

describe('SeriesForm: compound names read as the assistant reads them', () => {
  it('takes a typo or the first letters of a bench name as that reagent, not a new one', () => {
    render(<SeriesForm />);
    type('Dilution factor', '3');
    type('Compounds (one a line)', 'Compound A');
    const exact = outcome();
    expect(exact).toContain('Preview on the plate');
    for (const typed of ['compund a', 'compound-a']) {
      type('Compounds (one a line)', typed);
      expect(screen.queryByTestId('not-on-bench')).toBeNull();
      expect(outcome()).toBe(exact);
    }
  });
});
