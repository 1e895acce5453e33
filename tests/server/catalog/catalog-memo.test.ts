// The catalog keeps the answers of repeated queries, and forgets them when the public
// definitions change: a search answers what the current catalog holds.
import { describe, expect, it } from 'vitest';
import { ReagentCatalog } from '../../../src/server/catalog/reagent-catalog';
import type { DefinitionRow } from '../../../src/server/repositories/definitions';

const definition = (slug: string, name: string): DefinitionRow => ({
  id: 1,
  ownerId: null,
  visibility: 'public',
  slug,
  name,
  reagentType: 'chemical',
  defaultConcentrationValue: 10,
  defaultConcentrationUnits: 'mM',
  solvent: 'DMSO',
  molecularWeightGPerMol: 300,
  data: {},
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

describe('catalog answers', () => {
  it('repeats an answer without searching again, and forgets it when definitions change', async () => {
    let rows: DefinitionRow[] = [];
    let loads = 0;
    const catalog = new ReagentCatalog(async () => {
      loads += 1;
      return rows;
    });
    const first = await catalog.search({ q: 'quuxamide', limit: 50 });
    expect(first).toEqual([]);
    expect(await catalog.search({ q: 'quuxamide', limit: 50 })).toBe(first);
    expect(loads).toBe(1);

    rows = [definition('quuxamide', 'Quuxamide')];
    catalog.invalidate();
    const after = await catalog.search({ q: 'quuxamide', limit: 50 });
    expect(after.map((i) => i.slug)).toEqual(['quuxamide']);
    expect(loads).toBe(2);
    // Another type or limit is another question.
    expect(await catalog.search({ q: 'quuxamide', reagentType: 'buffer', limit: 50 })).toEqual([]);
    expect(await catalog.search({ q: 'DMSO', limit: 1 })).toHaveLength(1);
    expect((await catalog.search({ q: 'DMSO', limit: 1 }))[0].name).toBe('DMSO');
  });
});
