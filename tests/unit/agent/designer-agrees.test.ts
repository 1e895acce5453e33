// The designer and the assistant make the same plate for the same layout: a random layout (a
// dilution series in a block, positive and negative controls in the outer columns) is said
// as the request text the assistant reads, and as the plate ops the designer's tools send
// (series, controls); the designer's ops are applied as the plate writer applies them, the
// assistant's turns as a turn does; the wells must be the same, byte for byte.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/domain/canonical-json';
import { expandWireOp } from '../../../src/domain/layout';
import { applyToolOps } from '../../../src/domain/layout/tool-apply';
import type { PrimitiveOp } from '../../../src/domain/plate/ops';
import type { WireWells } from '../../../src/domain/plate-wire';
import { wellId } from '../../../src/domain/well-id';
import { decideTurn } from '../../../src/server/agent/plan/decide-turn';
import { runCalls } from '../../../src/server/agent/run-calls';
import type { ToolContext } from '../../../src/server/agent/tools/tool-types';
import { context } from './agent-fixtures';

/** The designer's ops on a plate, expanded and applied as its tools apply them. */
function designerApplies(ctx: ToolContext, ops: Record<string, unknown>[]): WireWells {
  const benchSlugs = new Set(ctx.bench.map((b) => b.slug));
  const primitive: PrimitiveOp[] = [];
  for (const op of ops) {
    const expanded = expandWireOp(op, { defn: ctx.defn, wells: ctx.wells, benchSlugs });
    if (!expanded.ok) throw new Error(expanded.message);
    primitive.push(...expanded.ops);
  }
  // the designer's own apply: the tools' ops with the bench, settings and chosen vehicle
  const r = applyToolOps(ctx.defn, ctx.wells, primitive, [...ctx.bench], {
    dispensing: null,
    vehicle: ctx.vehicleSlug ?? null,
  });
  if (!r.ok) throw new Error(r.message);
  return r.wells;
}

/** The assistant's turn on a plate: the wells it writes, or the reply that wrote nothing. */
function assistantWrites(ctx: ToolContext, text: string): WireWells | string {
  const d = decideTurn(text, ctx);
  if (d.calls.length === 0) return d.reply ?? d.question?.text ?? 'no calls';
  const r = runCalls(ctx, d.calls);
  return r.error ?? r.wells ?? 'nothing written';
}

const REAGENTS = [
  ['compound A', 'compound-a'],
  ['cpd B', 'compound-b'],
  ['stauro', 'staurosporine'],
] as const;
const FACTORS = [
  ['2-fold', 2],
  ['1:3', 3],
  ['half-log', 'half-log'],
] as const;
// the designer's direction and the words that say it
const DIRECTIONS = [
  ['rows', 'across'],
  ['rows-reverse', 'going left'],
  ['columns', 'down'],
  ['columns-reverse', 'going up'],
] as const;
const row = (r: number) => wellId(r, 0).replace(/\d+$/, '');

const layout = fc.record({
  format: fc.constantFrom(96 as const, 384 as const),
  reagent: fc.constantFrom(...REAGENTS),
  factor: fc.constantFrom(...FACTORS),
  // uM, within every stock's DMSO limit
  top: fc.constantFrom(1, 2, 5),
  direction: fc.constantFrom(...DIRECTIONS),
  // the block: rows r0..r0+h-1, columns c0..c0+w-1 (inside the control columns)
  r0: fc.nat(4),
  h: fc.integer({ min: 1, max: 3 }),
  c0: fc.integer({ min: 2, max: 4 }),
  w: fc.integer({ min: 2, max: 6 }),
  positive: fc.option(fc.constantFrom(500, 1000, 2000), { nil: undefined }),
  negative: fc.boolean(),
});

describe('the designer and the assistant', () => {
  it('make the same plate of the same series and controls', () => {
    fc.assert(
      fc.property(layout, (l) => {
        const ctx = context(l.format);
        const last = ctx.defn.cols;
        const dir = l.direction[0];
        const dirWords = l.direction[1];
        const byRow = dir === 'rows' || dir === 'rows-reverse';
        // a single line along the other way is not a block the series runs along
        const h = byRow ? l.h : Math.max(l.h, 2);
        const w = byRow ? l.w : Math.min(l.w, 3);
        const from = `${row(l.r0)}${l.c0}`;
        const to = `${row(l.r0 + h - 1)}${l.c0 + w - 1}`;
        const points = byRow ? w : h;
        const factorWords = l.factor[0];
        const factor = l.factor[1];
        const name = l.reagent[0];
        const slug = l.reagent[1];
        const requests = [
          `${factorWords} dilution of ${name} from ${l.top} uM ${dirWords} in ${from}-${to}, ${points} points`,
        ];
        const ops: Record<string, unknown>[] = [
          {
            op: 'series',
            compounds: [{ reagent: slug }],
            top: { value: l.top, unit: 'uM' },
            factor,
            points,
            replicates: byRow ? h : w,
            direction: dir,
            region: [`${from}:${to}`],
          },
        ];
        if (l.positive !== undefined) {
          requests.push(`positive controls in column 1: ${l.positive} nM staurosporine`);
          ops.push({
            op: 'controls',
            controls: [
              {
                kind: 'POS',
                reagent: 'staurosporine',
                target: { value: l.positive, unit: 'nM' },
                wells: [`A1:${row(ctx.defn.rows - 1)}1`],
              },
            ],
          });
        }
        if (l.negative) {
          requests.push(`negative controls in column ${last}`);
          ops.push({
            op: 'controls',
            controls: [
              {
                kind: 'NEG',
                reagent: 'dmem',
                wells: [`A${last}:${row(ctx.defn.rows - 1)}${last}`],
              },
            ],
          });
        }
        // each request a turn of its own, each op a designer's edit of its own
        let assistant = ctx;
        let designer = ctx;
        requests.forEach((text, k) => {
          const wells = assistantWrites(assistant, text);
          if (typeof wells === 'string') throw new Error(`"${text}": ${wells}`);
          assistant = { ...assistant, wells };
          designer = { ...designer, wells: designerApplies(designer, [ops[k]]) };
        });
        expect(canonicalJson(assistant.wells)).toBe(canonicalJson(designer.wells));
        expect(Object.keys(designer.wells).length).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('tells apart layouts that differ (a 1:3 series is not a 2-fold one)', () => {
    const ctx = context(96);
    const assistant = assistantWrites(
      ctx,
      '1:3 dilution of compound A from 5 uM across in B2-B7, 6 points',
    );
    const designer = designerApplies(ctx, [
      {
        op: 'series',
        compounds: [{ reagent: 'compound-a' }],
        top: { value: 5, unit: 'uM' },
        factor: 2,
        points: 6,
        direction: 'rows',
        region: ['B2:B7'],
      },
    ]);
    expect(typeof assistant).not.toBe('string');
    expect(canonicalJson(assistant)).not.toBe(canonicalJson(designer));
  });
});
