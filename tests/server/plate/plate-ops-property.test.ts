// Property: after random batches of ops through PATCH /plate, the plate the server answers
// equals the plate computed from scratch (computePlateState) from the wells a model reaches
// by applying the same batches with the domain's applyOps: derived values, indices and hash.
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOps } from '../../../src/domain/plate/apply-ops';
import { decodeCompactPlate } from '../../../src/domain/plate/compact';
import type { PrimitiveOp } from '../../../src/domain/plate/ops';
import { plateDefn } from '../../../src/domain/plate-format';
import { planAccuracyOf, withPlanStatus } from '../../../src/domain/dispensing/plan-status';
import {
  computePlateState,
  type BenchReagentInfo,
  type PlateState,
  type StateWell,
  type WireWells,
} from '../../../src/domain/plate-state';
import { idOfIndex } from '../../../src/domain/well-id';
import { benchFacts } from '../../../src/server/plate/plate-service';
import { loadPlate } from '../../../src/server/repositories/plates';
import { sha256HexNode } from '../../../src/server/plate/sha256-hex';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

/** A computed plate with the plan's statuses and unmet reasons, as the server answers it. */
function withPlan(state: PlateState, wells: WireWells, bench: readonly BenchReagentInfo[]) {
  const acc = planAccuracyOf(state.defn, wells, bench, null);
  const out: Record<string, StateWell> = {};
  for (const [id, w] of Object.entries(state.wells)) out[id] = withPlanStatus(w, acc);
  return { ...state, wells: out };
}

const defn = plateDefn(96);
// a few wells, so that batches keep touching the same ones
const wellId = fc.integer({ min: 0, max: 20 }).map((i) => idOfIndex(defn, i));
const wells = fc.array(wellId, { minLength: 1, maxLength: 3 });
const slug = fc.constantFrom('staurosporine', 'dmso', 'assay-medium');
const volume = fc.integer({ min: 0, max: 400 }).map((n) => n / 4);
const op: fc.Arbitrary<PrimitiveOp> = fc.oneof(
  fc.record({
    op: fc.constant('set' as const),
    wells,
    reagent: slug,
    target_nM: fc.option(fc.integer({ min: 0, max: 1e6 }), { nil: null }),
    volume_uL: volume,
    tol_pct: fc.constantFrom(5, 10, 20),
  }),
  fc.record({ op: fc.constant('clear' as const), wells }),
  fc.record({ op: fc.constant('clear' as const), wells, reagent: slug }),
  fc.record({
    op: fc.constant('tag' as const),
    wells,
    add: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 2 }),
    remove: fc.array(fc.constantFrom('a', 'b'), { maxLength: 1 }),
  }),
  fc.record({ op: fc.constant('label' as const), wells, label: fc.constantFrom('', 'x', 'ctrl') }),
  fc.record({ op: fc.constant('sample' as const), wells, sample: fc.constantFrom('', 'S1', 'S2') }),
  fc.record({
    op: fc.constant('put' as const),
    wells: fc.dictionary(
      wellId,
      fc.option(
        fc.record({
          targets: fc.dictionary(
            slug,
            fc.record({ target_nM: fc.constant(null), volume_uL: volume }),
          ),
          label: fc.constantFrom('', 'p'),
        }),
        { nil: null },
      ),
      { maxKeys: 2 },
    ),
  }),
);
// now and then a batch with an op the server refuses: nothing of that batch is written
const batch = fc.tuple(fc.array(op, { minLength: 1, maxLength: 4 }), fc.boolean());

const SEEDS = 200;

describe.each(DB_KINDS)('random op batches on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('property');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it(`equal the plate computed from scratch (${SEEDS} seeds)`, async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    const bench = await benchFacts(t.database.db, id);
    const slugs = new Set(bench.infos.map((b) => b.slug));
    const url = `/api/experiments/${id}/plate`;
    let version = (await call(t.app, 'GET', url, owner)).json().version as number;
    let model: WireWells = decodeCompactPlate(
      (await call(t.app, 'GET', `${url}?form=compact`, owner)).json(),
    ).wells;
    await fc.assert(
      fc.asyncProperty(fc.array(batch, { minLength: 1, maxLength: 4 }), async (batches) => {
        for (const [ops, spoil] of batches) {
          const sent: unknown[] = spoil
            ? [...ops, { op: 'label', wells: ['Z1'], label: 'x' }]
            : ops;
          const res = await call(t.app, 'PATCH', url, owner, { version, ops: sent });
          const expected = applyOps(defn, model, ops, { benchSlugs: slugs });
          if (spoil || !expected.ok) {
            expect(res.statusCode, res.body).toBe(400);
            continue;
          }
          expect(res.statusCode, res.body).toBe(200);
          version = res.json().version;
          model = expected.wells;
        }
        const full = (await call(t.app, 'GET', url, owner)).json();
        const scratch = computePlateState({
          defn,
          wells: model,
          version,
          bench: bench.infos,
          hasher: sha256HexNode,
          // settings never saved: the format's defaults, as the server reads them
          dispensing: null,
        });
        expect(full).toEqual(JSON.parse(JSON.stringify(withPlan(scratch, model, bench.infos))));
        const compact = decodeCompactPlate(
          (await call(t.app, 'GET', `${url}?form=compact`, owner)).json(),
        );
        expect(compact.hash).toBe(scratch.hash);
        // and the plate as stored (by plate row) reads back as the model's wells
        expect((await loadPlate(t.database.db, id))?.wells).toEqual(model);
      }),
      { numRuns: SEEDS },
    );
  }, 300_000);
});
