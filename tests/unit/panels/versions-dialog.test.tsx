// @vitest-environment happy-dom
// Versions are browsable: the list from the server, and what a chosen version changed from
// the one before it.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VersionsDialog } from '../../../src/panels/dialogs/versions-dialog';
import { DEMO_REAGENTS, bench } from '../../../src/state/bench-store';
import { designer } from '../../../src/state/designer-store';
import { fakeFetchPerTest } from '../api/fake-fetch';

const net = fakeFetchPerTest();

beforeEach(() => {
  designer.format = 96;
  Object.assign(bench, { reagents: [...DEMO_REAGENTS], status: 'ready' });
});

afterEach(cleanup);

const summary = (id: number, version: number, label: string | null) => ({
  id,
  experiment_id: 3,
  version,
  summary: null,
  label,
  created_at: '2026-11-27T00:00:00Z',
  has_snapshot: label !== null,
});
const well = (slug: string, nM: number) => ({
  targets: { [slug]: { target_nM: nM, tol_pct: 5, volume_uL: 1 } },
  label: '',
  sample: '',
  tags: [],
});
const detail = (id: number, version: number, wells: Record<string, unknown>) => ({
  ...summary(id, version, null),
  state: { defn: { format: 96, rows: 8, cols: 12 }, wells, version, hash: '' },
  snapshot: null,
});

describe('VersionsDialog', () => {
  it('lists the versions and shows what the chosen one changed', async () => {
    net.respond(200, [summary(12, 2, 'Before dosing'), summary(11, 1, null)]);
    render(<VersionsDialog experimentId={3} onClose={vi.fn()} />);
    await act(() => Promise.resolve());
    const items = screen.getAllByRole('button', { name: /^Version/ });
    const names = items.map((b) => b.querySelector('.versions__name')?.textContent);
    expect(names).toEqual(['Version 2 · Before dosing', 'Version 1']);

    net.respond(200, detail(12, 2, { A1: well('compound-a', 2000), B1: well('compound-b', 10) }));
    net.respond(200, detail(11, 1, { A1: well('compound-a', 1000), C1: well('compound-b', 10) }));
    await act(async () => {
      fireEvent.click(items[0]);
    });
    await act(() => Promise.resolve());
    const diff = screen.getByTestId('version-diff').textContent;
    expect(net.calls.map((c) => c.url.replace(/.*\/versions/, ''))).toEqual(['', '/12', '/11']);
    expect(diff).toContain('Version 2 changed 3 wells: 1 filled, 1 emptied, 1 changed.');
    expect(diff).toContain('A1 Compound A 1.00 µM → 2.00 µM');
    expect(diff).toContain('B1 filled: Compound B 10.0 nM');
    expect(diff).toContain('C1 emptied');
  });
});
