// Mass concentrations become molar through the molecular weight of the reagent on the bench
// (a free base is not its salt), the catalog entry's only when the bench gives none.
import { describe, expect, it } from 'vitest';
import { readAmounts } from '../../../src/server/agent/parse/amounts';
import { buildCandidates } from '../../../src/server/agent/reagent-match';
import { CATALOG_SEED } from '../../../src/server/catalog/catalog-seed';
import { BENCH } from './agent-fixtures';

const withMw = (slug: string, mw: number | null) =>
  BENCH.map((b) => (b.slug === slug ? { ...b, molecular_weight_g_per_mol: mw } : b));

function read(text: string, bench = BENCH) {
  return readAmounts(text, buildCandidates(bench, CATALOG_SEED), CATALOG_SEED);
}

describe('mass units', () => {
  it("uses the bench reagent's molecular weight before the catalog's", () => {
    // 1 ug/mL = 1 mg/L; / 500 g/mol = 2 uM (the catalog's 466.53 would give 2.1435 uM)
    const r = read('add 1 ug/mL staurosporine to A1', withMw('staurosporine', 500));
    expect(r).toEqual({ kind: 'text', text: 'add 2000 nM staurosporine to A1' });
  });

  it("falls back on the catalog's when the bench has none", () => {
    const r = read('add 1 ug/mL staurosporine to A1');
    expect(r.kind === 'text' && r.text).toMatch(/^add 2143\.4848\d* nM staurosporine to A1$/);
  });

  it('converts a bench compound the catalog does not know, by its own weight', () => {
    // 10 ng/uL = 10 mg/L; / 400 g/mol = 25 uM
    const r = read('add 10 ng/uL compound A to A1', withMw('compound-a', 400));
    expect(r).toEqual({ kind: 'text', text: 'add 25000 nM compound A to A1' });
  });

  it('asks for a molar amount when neither has a weight', () => {
    const r = read('add 10 ng/uL compound A to A1');
    expect(r.kind).toBe('ask');
  });
});
