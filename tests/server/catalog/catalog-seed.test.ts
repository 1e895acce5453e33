import { describe, expect, it } from 'vitest';
import { CATALOG_SEED, type CatalogReagentType } from '../../../src/server/catalog/catalog-seed';
import { SERVER_REAGENT_TYPES } from '../../../src/domain/reagent-types';
import { isMolarUnit, toMolar } from '../../../src/domain/units';
import { stockLimitError } from '../../../src/domain/stock-limit';
import { elementCounts, molarMass } from '../catalog-formula';

const TYPES: readonly CatalogReagentType[] = SERVER_REAGENT_TYPES;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
// Printable ASCII: what people type into the catalog search box.
const ASCII = /^[\x20-\x7e]+$/;

const ofType = (type: CatalogReagentType) => CATALOG_SEED.filter((r) => r.reagent_type === type);

describe('formula reader', () => {
  it('computes molar masses from standard atomic weights', () => {
    expect(molarMass('H2O')).toBeCloseTo(18.015, 3);
    expect(molarMass('NaCl')).toBeCloseTo(58.44, 3);
    expect(molarMass('MgCl2·6H2O')).toBeCloseTo(203.295, 3);
    expect(molarMass('(NH4)2SO4')).toBeCloseTo(132.134, 3);
    expect(molarMass('Cl2H6N2Pt')).toBeCloseTo(300.042, 3);
  });

  it('multiplies adducts and nested groups', () => {
    expect(Object.fromEntries(elementCounts('C27H28N6O·3HCl·3H2O'))).toEqual({
      C: 27,
      H: 28 + 3 + 6,
      N: 6,
      O: 1 + 3,
      Cl: 3,
    });
    expect(Object.fromEntries(elementCounts('(C17H23NO3)2·H2SO4·H2O'))).toEqual({
      C: 34,
      H: 46 + 2 + 2,
      N: 2,
      O: 6 + 4 + 1,
      S: 1,
    });
    expect(Object.fromEntries(elementCounts('Ca(OH)2'))).toEqual({ Ca: 1, O: 2, H: 2 });
    expect(molarMass('CuSO4·0.5H2O')).toBeCloseTo(63.546 + 32.06 + 4 * 15.999 + 9.0075, 3);
  });

  it('rejects what it cannot read', () => {
    for (const bad of [
      '',
      'Xx2',
      'C6H12O6)',
      '(C6H12O6',
      'H2O·',
      'c6h12o6',
      'C0H4',
      '()2',
      ' H2O',
    ]) {
      expect(() => molarMass(bad), bad).toThrow();
    }
  });
});

describe('reagent catalog seed', () => {
  it('holds at least 80 reagents with unique kebab-case slugs and unique names', () => {
    expect(CATALOG_SEED.length).toBeGreaterThanOrEqual(80);
    const slugs = CATALOG_SEED.map((r) => r.slug);
    expect(slugs.filter((s) => !KEBAB.test(s))).toEqual([]);
    expect(new Set(slugs).size).toBe(slugs.length);
    const names = CATALOG_SEED.map((r) => r.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('has several entries of every reagent type', () => {
    for (const type of TYPES) expect(ofType(type).length, type).toBeGreaterThanOrEqual(5);
    expect(CATALOG_SEED.filter((r) => !TYPES.includes(r.reagent_type))).toEqual([]);
  });

  it('is searchable in plain ASCII and described in one line', () => {
    for (const r of CATALOG_SEED) {
      const typed = [r.name, ...r.aliases].filter((text) => ASCII.test(text));
      expect(typed.length, r.slug).toBeGreaterThan(0);
      expect(new Set(r.aliases).size, r.slug).toBe(r.aliases.length);
      expect(
        r.aliases.every((a) => a.trim() === a && a !== ''),
        r.slug,
      ).toBe(true);
      expect(r.description.length, r.slug).toBeGreaterThan(10);
      expect(r.description, r.slug).not.toMatch(/\n/);
    }
  });

  it('carries ions for salts and pKa for buffers: NaCl I factor 1, HEPES pKa 7.48', () => {
    const bySlug = new Map(CATALOG_SEED.map((r) => [r.slug, r]));
    expect(bySlug.get('sodium-chloride')?.ions).toEqual([
      { charge: 1, count: 1 },
      { charge: -1, count: 1 },
    ]);
    expect(bySlug.get('sodium-chloride')?.default_concentration_value).toBe(5);
    expect(bySlug.get('hepes')).toMatchObject({ pka: 7.48, dpka_dt: -0.014 });
    for (const r of CATALOG_SEED) {
      if (r.reagent_type === 'buffer') expect(r.pka, r.slug).not.toBeNull();
    }
  });

  it('keeps stock value and unit together, positive, and molar stocks within their type limit', () => {
    for (const r of CATALOG_SEED) {
      const value = r.default_concentration_value;
      const unit = r.default_concentration_units;
      expect(value === null, r.slug).toBe(unit === null);
      if (value === null || unit === null) continue;
      expect(value, r.slug).toBeGreaterThan(0);
      // compounds to 1.0 M; salts (they name their ions) and buffers to their solubility
      const facts = {
        type: r.reagent_type,
        hasIons: (r.ions ?? []).length > 0,
        solubilityM: r.solubility_m,
      };
      expect(stockLimitError(value, unit, facts), r.slug).toBeUndefined();
      const salt = facts.hasIons || r.reagent_type === 'buffer';
      if (isMolarUnit(unit)) {
        if (!salt) expect(toMolar(value, unit), r.slug).toBeLessThanOrEqual(1.0);
      } else expect(value, r.slug).toBeLessThanOrEqual(100);
    }
  });

  it('gives every formula a molecular weight within 0.1 % of its molar mass', () => {
    const withFormula = CATALOG_SEED.filter((r) => r.formula !== null);
    expect(withFormula.length).toBeGreaterThanOrEqual(80);
    for (const r of withFormula) {
      const computed = molarMass(r.formula!);
      const stated = r.molecular_weight_g_per_mol;
      expect(stated, r.slug).not.toBeNull();
      expect(Math.abs(stated! - computed) / computed, `${r.slug} ${r.formula}`).toBeLessThan(0.001);
    }
  });

  it('gives compounds a solvent and a molecular weight', () => {
    for (const r of ofType('chemical')) {
      expect(r.solvent?.trim(), r.slug).toBeTruthy();
      expect(r.molecular_weight_g_per_mol, r.slug).toBeGreaterThan(0);
      expect(r.default_concentration_value, r.slug).not.toBeNull();
    }
  });

  it('gives buffers a pH and a stock', () => {
    for (const r of ofType('buffer')) {
      expect(r.ph, r.slug).toBeGreaterThan(0);
      expect(r.ph, r.slug).toBeLessThan(14);
      expect(r.default_concentration_value, r.slug).not.toBeNull();
    }
  });

  it('gives solvents a load ceiling and no solvent of their own', () => {
    for (const r of ofType('solvent')) {
      expect(r.max_concentration_percent, r.slug).toBeGreaterThan(0);
      expect(r.max_concentration_percent, r.slug).toBeLessThanOrEqual(100);
      expect(r.solvent, r.slug).toBeNull();
    }
    // the plan's limit for DMSO off the bench: one number
    expect(CATALOG_SEED.find((r) => r.slug === 'dmso')?.max_concentration_percent).toBe(0.5);
  });

  it('gives media a pH and leaves them without formula or load limit', () => {
    for (const r of ofType('media')) {
      expect(r.ph, r.slug).toBeGreaterThan(6.5);
      expect(r.ph, r.slug).toBeLessThan(8);
      expect(r.formula, r.slug).toBeNull();
      expect(r.solvent, r.slug).toBeNull();
      expect(r.max_concentration_percent, r.slug).toBeNull();
    }
  });

  it('gives biologicals a medium and either cells per mL or a molecular weight', () => {
    for (const r of ofType('biological')) {
      expect(r.solvent?.trim(), r.slug).toBeTruthy();
      const cells = r.cells_per_ml ?? 0;
      const mw = r.molecular_weight_g_per_mol ?? 0;
      expect(cells > 0 || mw > 0, r.slug).toBe(true);
      expect(r.formula, r.slug).toBeNull();
    }
    expect(ofType('biological').filter((r) => (r.cells_per_ml ?? 0) > 0).length).toBeGreaterThan(3);
  });
});
