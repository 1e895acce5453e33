import { describe, expect, it } from 'vitest';
import {
  boundedEditDistance,
  buildCatalogIndex,
  normalizeSearchText,
  searchCatalog,
  type CatalogItem,
} from '../../../src/server/catalog/catalog-search';
import { catalogItemOfSeed } from '../../../src/server/catalog/reagent-catalog';
import { CATALOG_SEED } from '../../../src/server/catalog/catalog-seed';

const index = buildCatalogIndex(CATALOG_SEED.map(catalogItemOfSeed));
const slugs = (q: string, reagentType?: CatalogItem['reagent_type']) =>
  searchCatalog(index, { q, reagentType }).map((i) => i.slug);

describe('catalog search', () => {
  it('folds case, accents and subscripts', () => {
    expect(normalizeSearchText('  MgCl₂·6H₂O ')).toBe('mgcl2·6h2o');
    expect(normalizeSearchText('Café  Crème')).toBe('cafe creme');
  });

  it('counts edits, swaps included, and gives up beyond the bound', () => {
    expect(boundedEditDistance('dmso', 'dmso', 2)).toBe(0);
    expect(boundedEditDistance('dmos', 'dmso', 2)).toBe(1);
    expect(boundedEditDistance('staurosporin', 'staurosporine', 2)).toBe(1);
    expect(boundedEditDistance('abc', 'xyzuvw', 2)).toBe(3);
  });

  it('ranks an exact name first, then prefixes, then words, then substrings', () => {
    expect(slugs('DMSO')[0]).toBe(CATALOG_SEED.find((e) => e.name === 'DMSO')!.slug);
    const tris = searchCatalog(index, { q: 'tris' }).map((i) => i.name);
    // "Tris" is an alias of Tris base (exact alias) and starts Tris-HCl; Bis-Tris has it as a word.
    expect(tris.slice(0, 2)).toEqual(['Tris base', 'Tris-HCl']);
    expect(tris.indexOf('Bis-Tris')).toBeGreaterThan(1);
    const sodium = searchCatalog(index, { q: 'chloride' }).map((i) => i.name);
    expect(sodium).toContain('Sodium chloride');
    expect(sodium).toContain('Potassium chloride');
  });

  it('finds a subscripted formula by its plain spelling', () => {
    expect(searchCatalog(index, { q: 'mgcl2' }).map((i) => i.name)).toContain('MgCl₂·6H₂O');
  });

  it('tolerates a typo or two', () => {
    expect(searchCatalog(index, { q: 'staurosporin' })[0].name).toBe('Staurosporine');
    expect(searchCatalog(index, { q: 'stuarosporine' })[0].name).toBe('Staurosporine');
    expect(searchCatalog(index, { q: 'hepse' })[0].name).toBe('HEPES');
  });

  it('filters by type, lists everything by name for a blank query, and limits', () => {
    const solvents = searchCatalog(index, { q: '', reagentType: 'solvent' });
    expect(solvents.length).toBeGreaterThan(3);
    expect(solvents.every((s) => s.reagent_type === 'solvent')).toBe(true);
    expect(slugs('dmso', 'buffer')).toEqual([]);
    expect(searchCatalog(index, { q: '', limit: 5 })).toHaveLength(5);
    expect(searchCatalog(index, { q: 'zzzzqqq' })).toEqual([]);
  });
});
