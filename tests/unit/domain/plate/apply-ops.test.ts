import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { applyOps, applyOpsDelta } from '../../../../src/domain/plate/apply-ops';
import type { PrimitiveOp } from '../../../../src/domain/plate/ops';
import { expandWellList } from '../../../../src/domain/plate/well-list';
import { plateDiff } from '../../../../src/domain/plate/plate-diff';
import { computeWellStates } from '../../../../src/domain/plate/well-states';
import { plateDefn } from '../../../../src/domain/plate-format';
import {
  computePlateState,
  type BenchReagentInfo,
  type WireWells,
} from '../../../../src/domain/plate-state';
import { canonicalizeWells } from '../../../../src/domain/plate-wells';
import { idOfIndex } from '../../../../src/domain/well-id';

const defn = plateDefn(96);
const slugs = new Set(['cpd', 'dmso']);
const blank = { label: '', sample: '', tags: [], targets: {} };

describe('well lists', () => {
  it('expands ids and rectangles (corners in any order) once each, row-major', () => {
    expect(expandWellList(defn, ['b2:a1', 'a01', 'H12'])).toEqual({
      ok: true,
      ids: ['A1', 'A2', 'B1', 'B2', 'H12'],
    });
    expect(expandWellList(plateDefn(1536), ['AF47:AF48'])).toEqual({
      ok: true,
      ids: ['AF47', 'AF48'],
    });
  });

  it('names the item that is not a well of the plate', () => {
    expect(expandWellList(defn, ['A1', 'I1'])).toMatchObject({ ok: false, item: 'I1' });
    expect(expandWellList(defn, ['A1:B2:C3'])).toMatchObject({ ok: false, item: 'A1:B2:C3' });
  });
});

describe('applyOps', () => {
  it('agrees with applyOpsDelta on what changed; a well put back as it was is no change', () => {
    const wells: WireWells = {
      A1: { ...blank, targets: { cpd: { target_nM: 10, tol_pct: 5, volume_uL: 1 } } },
      A2: { ...blank, tags: ['POS'], targets: { dmso: { target_nM: null, volume_uL: 2 } } },
      A3: { ...blank, label: 'gone' },
    };
    const ops: PrimitiveOp[] = [
      // the same well spelled with its keys in another order
      {
        op: 'put',
        wells: { A1: { targets: { cpd: { volume_uL: 1, tol_pct: 5, target_nM: 10 } } } },
      },
      { op: 'tag', wells: ['A2'], add: ['NEG'] },
      { op: 'clear', wells: ['A3'] },
      { op: 'set', wells: ['B1'], reagent: 'dmso', volume_uL: 1 },
    ];
    const r = applyOps(defn, wells, ops, { benchSlugs: slugs });
    const d = applyOpsDelta(defn, (id) => wells[id], ops, { benchSlugs: slugs });
    if (!r.ok || !d.ok) throw new Error('refused');
    expect(r.changed).toEqual(['A2', 'B1']);
    expect(r.removed).toEqual(['A3']);
    expect([d.changed, d.removed]).toEqual([r.changed, r.removed]);
    expect(r.wells.A1).toBe(wells.A1);
    for (const id of d.changed) expect(r.wells[id]).toEqual(d.updated[id]);
  });

  it('lists changed and removed wells in row-major order, whatever order the ops took', () => {
    const p1536 = plateDefn(1536);
    const full: WireWells = {};
    for (const id of ['AF48', 'B2', 'A10', 'A2']) full[id] = { ...blank, label: id };
    const r = applyOps(
      p1536,
      full,
      [
        { op: 'set', wells: ['AF1'], reagent: 'dmso', volume_uL: 1 },
        { op: 'label', wells: ['B1', 'A11'], label: 'x' },
        { op: 'clear', wells: ['AF48', 'A2'] },
        { op: 'label', wells: ['A1'], label: 'y' },
      ],
      { benchSlugs: slugs },
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.changed).toEqual(['A1', 'A11', 'B1', 'AF1']);
    expect(r.removed).toEqual(['A2', 'AF48']);
    // new wells were added: the record is keyed row-major too
    expect(Object.keys(r.wells)).toEqual(['A1', 'A10', 'A11', 'B1', 'B2', 'AF1']);
  });

  it('applies ops in order without touching the input, sharing untouched wells', () => {
    const wells: WireWells = {
      A1: { ...blank, label: 'keep' },
      A2: { ...blank, targets: { cpd: { target_nM: 10, tol_pct: 5, volume_uL: 1 } } },
    };
    const frozen = JSON.stringify(wells);
    const r = applyOps(
      defn,
      wells,
      [
        { op: 'set', wells: ['B1'], reagent: 'dmso', volume_uL: 2 },
        {
          op: 'set',
          wells: ['A2'],
          reagent: 'cpd',
          target: { value: 2, unit: 'uM' },
          volume_uL: 1,
        },
        { op: 'tag', wells: ['B1'], add: ['x', 'x', 'y'] },
        { op: 'tag', wells: ['B1'], remove: ['x'] },
      ],
      { benchSlugs: slugs },
    );
    expect(JSON.stringify(wells)).toBe(frozen);
    if (!r.ok) throw new Error(r.message);
    expect(r.wells.A1).toBe(wells.A1);
    expect(r.wells.A2.targets.cpd).toEqual({ target_nM: 2000, tol_pct: 5, volume_uL: 1 });
    expect(r.wells.B1).toEqual({
      label: '',
      sample: '',
      tags: ['y'],
      targets: { dmso: { target_nM: null, tol_pct: 5, volume_uL: 2 } },
    });
    expect(r.changed).toEqual(['A2', 'B1']);
    expect(Object.keys(r.wells)).toEqual(['A1', 'A2', 'B1']);
  });

  it('keeps the volume of a reagent whose tolerance alone changes', () => {
    const wells: WireWells = {
      A1: { ...blank, targets: { cpd: { target_nM: 10, tol_pct: 5, volume_uL: 3 } } },
    };
    const r = applyOps(defn, wells, [{ op: 'set', wells: ['A1'], reagent: 'cpd', tol_pct: 20 }], {
      benchSlugs: slugs,
    });
    expect(r.ok && r.wells.A1.targets.cpd).toEqual({ target_nM: 10, tol_pct: 20, volume_uL: 3 });
  });

  it('removes a well left empty and reports no change for an op that changes nothing', () => {
    const wells: WireWells = { A1: { ...blank, label: 'x' } };
    const r = applyOps(
      defn,
      wells,
      [
        { op: 'label', wells: ['A1'], label: '' },
        { op: 'label', wells: ['A2'], label: '' },
      ],
      { benchSlugs: slugs },
    );
    expect(r).toEqual({ ok: true, wells: {}, changed: [], removed: ['A1'] });
  });

  it('plans a volume for a new target through the planner, and refuses without one', () => {
    const ops = [{ op: 'set' as const, wells: ['A1'], reagent: 'cpd', target_nM: 100 }];
    const planned = applyOps(defn, {}, ops, {
      benchSlugs: slugs,
      planVolume: ({ target_nM, wellVolume_uL }) => ({
        ok: true,
        volume_uL: target_nM / 100 + wellVolume_uL,
        dilution: 10,
      }),
    });
    expect(planned.ok && planned.wells.A1.targets.cpd).toEqual({
      target_nM: 100,
      tol_pct: 5,
      volume_uL: 1,
      dilution: 10,
    });
    expect(applyOps(defn, {}, ops, { benchSlugs: slugs })).toMatchObject({
      ok: false,
      opIndex: 0,
      op: 'set',
      well: 'A1',
    });
  });

  it('drops a well’s earlier working stock when the new target is planned from the stock itself', () => {
    // a series point at 5 nM from a 1:1000 working stock, then 5 uM set over it: 20 nL of
    // the 10 mM stock itself (5 uM x 40 uL / 10 mM), so no dilution is left on the target
    const wells: WireWells = {
      A1: {
        ...blank,
        targets: { cpd: { target_nM: 5, tol_pct: 5, volume_uL: 0.02, dilution: 1000 } },
      },
    };
    const r = applyOps(
      defn,
      wells,
      [{ op: 'set', wells: ['A1'], reagent: 'cpd', target_nM: 5000 }],
      {
        benchSlugs: slugs,
        planVolume: ({ target_nM }) => ({ ok: true, volume_uL: (target_nM * 40) / 1e7 }),
      },
    );
    expect(r.ok && r.wells.A1.targets.cpd).toEqual({
      target_nM: 5000,
      tol_pct: 5,
      volume_uL: 0.02,
    });
  });

  it('refuses with the op index, name and well: unknown reagent, bad unit, bad well, bad put', () => {
    const ctx = { benchSlugs: slugs };
    expect(
      applyOps(
        defn,
        {},
        [
          { op: 'label', wells: ['A1'], label: 'a' },
          { op: 'set', wells: ['A3'], reagent: 'nope', volume_uL: 1 },
        ],
        ctx,
      ),
    ).toMatchObject({ ok: false, opIndex: 1, op: 'set', well: 'A3' });
    expect(
      applyOps(
        defn,
        {},
        [
          {
            op: 'set',
            wells: ['A1'],
            reagent: 'cpd',
            target: { value: 1, unit: 'ng/mL' },
            volume_uL: 1,
          },
        ],
        ctx,
      ),
    ).toMatchObject({ ok: false, op: 'set', message: expect.stringMatching(/ng\/mL/) });
    expect(applyOps(defn, {}, [{ op: 'clear', wells: ['Q1'] }], ctx)).toMatchObject({
      ok: false,
      op: 'clear',
      well: 'Q1',
    });
    expect(
      applyOps(
        defn,
        {},
        [{ op: 'put', wells: { A1: { targets: { cpd: { target_nM: 1, volume_uL: -1 } } } } }],
        ctx,
      ),
    ).toMatchObject({ ok: false, op: 'put', well: 'A1' });
  });
});

// one contents, a new object each time (as wells parsed from a request are)
const same = () => ({ targets: { dmso: { target_nM: null, volume_uL: 0.5 } }, tags: ['NEG'] });

describe('put of many wells with the same contents', () => {
  const ctx = { benchSlugs: slugs };

  it('checks and canonicalises each contents once: the wells share one canonical well', () => {
    const given: WireWells = {};
    for (let i = 0; i < 24; i++) given[idOfIndex(defn, i)] = same();
    given.c3 = { label: 'other', tags: [], targets: {} };
    const r = applyOps(defn, {}, [{ op: 'put', wells: given }], ctx);
    if (!r.ok) throw new Error(r.message);
    expect(r.changed).toHaveLength(25);
    expect(r.wells.A1).toEqual({
      label: '',
      sample: '',
      tags: ['NEG'],
      targets: { dmso: { target_nM: null, tol_pct: 5, volume_uL: 0.5 } },
    });
    expect(r.wells.B12).toBe(r.wells.A1);
    expect(r.wells.C3).toEqual({ label: 'other', sample: '', tags: [], targets: {} });
    // the same as putting each well alone
    for (const [id, w] of Object.entries(given)) {
      const alone = applyOps(defn, {}, [{ op: 'put', wells: { [id]: w } }], ctx);
      expect(alone.ok && alone.wells[id.toUpperCase()]).toEqual(r.wells[id.toUpperCase()]);
    }
  });

  it('edits one of the shared wells later in the batch without changing the others', () => {
    const r = applyOps(
      defn,
      {},
      [
        { op: 'put', wells: { A1: same(), A2: same(), A3: same() } },
        { op: 'label', wells: ['A1'], label: 'x' },
        { op: 'set', wells: ['A2'], reagent: 'dmso', volume_uL: 1 },
      ],
      ctx,
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.wells.A1.label).toBe('x');
    expect(r.wells.A2).toMatchObject({ label: '', targets: { dmso: { volume_uL: 1 } } });
    expect(r.wells.A3).toMatchObject({ label: '', targets: { dmso: { volume_uL: 0.5 } } });
  });

  it('names the first refused well, and two ids of one well', () => {
    const bad = { targets: { dmso: { target_nM: null, volume_uL: -1 } } };
    const refused = applyOps(
      defn,
      {},
      [{ op: 'put', wells: { A1: same(), A2: same(), A3: bad, A4: bad } }],
      ctx,
    );
    expect(refused).toMatchObject({ ok: false, op: 'put', well: 'A3' });
    expect(
      applyOps(defn, {}, [{ op: 'put', wells: { A1: same(), a01: same() } }], ctx),
    ).toMatchObject({ ok: false, well: 'a01', message: 'Wells "A1" and "a01" are the same well' });
    expect(
      applyOps(defn, {}, [{ op: 'put', wells: { A1: same(), I1: same() } }], ctx),
    ).toMatchObject({ ok: false, well: 'I1' });
  });
});

describe('plateDiff', () => {
  it('lists wells and reagents added, removed and changed', () => {
    const before: WireWells = {
      A1: { ...blank, targets: { cpd: { target_nM: 1, tol_pct: 5, volume_uL: 1 } } },
      A2: { ...blank, label: 'x' },
    };
    const after: WireWells = {
      A1: {
        ...blank,
        targets: {
          cpd: { target_nM: 2, tol_pct: 5, volume_uL: 1 },
          dmso: { target_nM: null, tol_pct: 5, volume_uL: 1 },
        },
      },
      A3: { ...blank, label: 'y' },
    };
    expect(plateDiff(before, after)).toEqual({
      wells: { added: ['A3'], removed: ['A2'], changed: ['A1'] },
      reagents: {
        cpd: { added: [], removed: [], changed: ['A1'] },
        dmso: { added: ['A1'], removed: [], changed: [] },
      },
      reagents_added: ['dmso'],
      reagents_removed: [],
    });
  });
});

describe('computeWellStates', () => {
  const bench: BenchReagentInfo[] = [
    {
      slug: 'cpd',
      name: 'Cpd',
      type: 'compound',
      stock_nM: 1e6,
      stock_pct: null,
      solvent: 'DMSO',
      max_concentration_percent: null,
      min_transfer_ul: 0.5,
      ionic_strength_mM: null,
    },
    {
      slug: 'dmso',
      name: 'DMSO',
      type: 'solvent',
      stock_nM: null,
      stock_pct: 100,
      solvent: null,
      max_concentration_percent: 1,
      min_transfer_ul: null,
      ionic_strength_mM: null,
    },
  ];
  const target = fc.record({
    target_nM: fc.option(fc.integer({ min: 0, max: 1e6 }), { nil: null }),
    volume_uL: fc.integer({ min: 0, max: 4000 }).map((n) => n / 10),
  });
  it('gives each well what computePlateState gives it on the whole plate (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.integer({ min: 0, max: 1535 }).map((i) => idOfIndex(plateDefn(1536), i)),
          fc.record(
            {
              targets: fc.dictionary(fc.constantFrom('cpd', 'dmso', 'gone'), target, {
                noNullPrototype: true,
              }),
            },
            { noNullPrototype: true },
          ),
          { maxKeys: 60, noNullPrototype: true },
        ),
        (wells) => {
          const d = plateDefn(1536);
          const all = computePlateState({ defn: d, wells, version: 0, bench, hasher: null }).wells;
          expect(computeWellStates(d, wells, bench)).toEqual(all);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('computes wells with the same contents once, with what the whole plate gives (property)', () => {
    const d = plateDefn(1536);
    fc.assert(
      fc.property(
        // a few contents spread over many wells, as a region or a control column is
        fc.array(fc.record({ targets: fc.dictionary(fc.constantFrom('cpd', 'dmso'), target) }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(fc.integer({ min: 0, max: 1535 }), { minLength: 1, maxLength: 200 }),
        (contents, at) => {
          const wells: WireWells = {};
          // each its own object, as wells read from a database are
          at.forEach(
            (i, k) => (wells[idOfIndex(d, i)] = structuredClone(contents[k % contents.length])),
          );
          const all = computePlateState({ defn: d, wells, version: 0, bench, hasher: null });
          const canonical = canonicalizeWells(d, wells);
          const states = computeWellStates(d, canonical, bench, null, true);
          expect(states).toEqual(all.wells);
          const ids = Object.keys(canonical);
          const byContents = new Map(ids.map((id) => [JSON.stringify(canonical[id]), states[id]]));
          for (const id of ids)
            expect(states[id]).toBe(byContents.get(JSON.stringify(canonical[id])));
        },
      ),
      { numRuns: 100 },
    );
  });
});
