import { describe, expect, it } from 'vitest';
import { benchWithFill } from '../../../src/domain/dispensing/fill-liquid';
import { computePlateState } from '../../../src/domain/plate-state';
import { runCalls } from '../../../src/server/agent/run-calls';
import { replyText } from '../../../src/server/agent/turn-reply';
import { editDistance } from '../../../src/domain/edit-distance';
import { findReagents } from '../../../src/domain/reagent-names';
import { buildCandidates } from '../../../src/server/agent/reagent-match';
import { runTool, toolSchemas } from '../../../src/server/agent/tools/tool-registry';
import type { ToolChange } from '../../../src/server/agent/tools/tool-types';
import { BENCH, context } from './agent-fixtures';
import { CATALOG_SEED } from '../../../src/server/catalog/catalog-seed';

function change(outcome: ReturnType<typeof runTool>): ToolChange {
  if (outcome.kind !== 'change')
    throw new Error(`expected a change, got ${JSON.stringify(outcome)}`);
  return outcome;
}

describe('reagent matching', () => {
  const candidates = buildCandidates(BENCH, CATALOG_SEED);
  const found = (text: string) => findReagents(text, candidates).map((m) => m.ref.slug);

  it('measures typos with transpositions', () => {
    expect(editDistance('dsmo', 'dmso')).toBe(1);
    expect(editDistance('staurosporin', 'staurosporine')).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });

  it('prefers the bench, tolerates typos, keeps short words exact', () => {
    expect(found('10 uM staurosporin')).toEqual(['staurosporine']);
    expect(found('add dsmo')).toEqual(['dmso']);
    expect(found('compound A and compound B')).toEqual(['compound-a', 'compound-b']);
    expect(found('HEPES')).toEqual(['hepes-buffer']);
    expect(found('stauro sporine')).toEqual(['staurosporine']);
  });

  it('proposes catalog reagents that are not on the bench', () => {
    expect(findReagents('tamoxifen', candidates)[0].ref.source).toBe('catalog');
  });

  it('never takes request words or units for names', () => {
    expect(found('fill the column with media to 10 uM')).toEqual([]);
  });

  it('reads a text once per candidate list: a turn asks again for the same reading', () => {
    const text = 'add 10 uM staurosporine and 1 uM compound B to column 3';
    const first = findReagents(text, candidates);
    expect(findReagents(text, candidates)).toBe(first);
    // the same bench again is the same (cached) candidate list
    expect(findReagents(text, buildCandidates([...BENCH], CATALOG_SEED))).toBe(first);
    // another bench, or another text, is read afresh
    const small = buildCandidates(BENCH.slice(0, 2), CATALOG_SEED);
    expect(findReagents(text, small)).not.toBe(first);
    // staurosporine is on the first bench, only in the catalog for the second
    expect(first.map((m) => m.ref.source)).toEqual(['bench', 'bench']);
    expect(findReagents(text, small).map((m) => m.ref.source)).toEqual(['catalog', 'bench']);
    expect(findReagents(`${text} `, candidates)).not.toBe(first);
    expect(findReagents(`${text} `, candidates)).toEqual(first);
  });
});

describe('plate tools', () => {
  it('plans the volume from the target so the prediction meets it', () => {
    const ctx = context(384);
    const r = change(
      runTool(ctx, {
        name: 'set_reagent',
        args: { wells: ['A1'], reagent: 'staurosporine', target_nM: 100 },
      }),
    );
    // 100 nM * 40 uL / 1 mM = 4 nL: 2 droplets give 5 nL (+25 %), off the 5 % tolerance; a
    // 1:10 working stock (100 uM) needs 40 nL, 16 droplets exactly.
    expect(r.wells.A1.targets.staurosporine).toEqual({
      target_nM: 100,
      tol_pct: 5,
      volume_uL: 0.04,
      dilution: 10,
    });
    // the designer's set, applied as the plate writer applies it
    expect(r.plateOps).toEqual([
      { op: 'set', wells: ['A1'], reagent: 'staurosporine', target_nM: 100 },
    ]);
    // the medium's 39.96 uL rest dispensed on the bulk dispenser's 0.1 uL step
    expect(r.wells.A1.targets.dmem.volume_uL).toBeCloseTo(40, 9);
    expect(r.ops).toHaveLength(1);
    expect(r.ops[0]).toMatchObject({
      op: 'add',
      sel: 'OFF',
      reagent: 'staurosporine',
      label: 'Staurosporine working stock 1:10',
    });
    const state = computePlateState({
      defn: ctx.defn,
      wells: r.wells,
      version: 0,
      bench: ctx.bench,
    });
    expect(state.wells.A1.targets.staurosporine.status).toBe('good');
  });

  it('keeps other targets met when a reagent is added to a filled well', () => {
    const ctx = context(96);
    const a = change(
      runTool(ctx, {
        name: 'set_reagent',
        args: { wells: ['B2'], reagent: 'compound-b', target_nM: 5000 },
      }),
    );
    const b = change(
      runTool(
        { ...ctx, wells: a.wells },
        {
          name: 'set_reagent',
          args: { wells: ['B2'], reagent: 'staurosporine', target_nM: 10_000 },
        },
      ),
    );
    // as the server computes it (the format's default instruments): a status is the plan's
    const state = computePlateState({
      defn: ctx.defn,
      wells: b.wells,
      version: 0,
      bench: ctx.bench,
      dispensing: null,
    });
    expect(state.wells.B2.metrics.volumeUl).toBeCloseTo(100, 9);
    // both predictions on target; but 0.5 uL + 1 uL of DMSO stocks in 100 uL is 1.5 % DMSO,
    // above the bench's 1 % limit: the plan does not dispense the well, so neither is met
    expect(Math.abs(state.wells.B2.predicted['compound-b'].err_pct!)).toBeLessThanOrEqual(5);
    expect(Math.abs(state.wells.B2.predicted.staurosporine.err_pct!)).toBeLessThanOrEqual(5);
    expect(state.wells.B2.broken).toEqual(['solvent_load']);
    expect(state.wells.B2.targets['compound-b'].status).toBe('error');
    expect(state.wells.B2.targets.staurosporine.status).toBe('error');
  });

  it('refuses wells off the plate, unknown reagents and missing amounts', () => {
    const ctx = context(96);
    expect(
      runTool(ctx, { name: 'set_reagent', args: { wells: ['I1'], reagent: 'dmso', percent: 1 } }),
    ).toEqual({
      kind: 'error',
      message: 'I1 is not on this 96-well plate.',
    });
    expect(
      runTool(ctx, {
        name: 'set_reagent',
        args: { wells: ['A1'], reagent: 'unobtainium', target_nM: 1 },
      }).kind,
    ).toBe('error');
    expect(
      runTool(ctx, { name: 'set_reagent', args: { wells: ['A1'], reagent: 'dmso' } }).kind,
    ).toBe('error');
    expect(runTool(ctx, { name: 'clear_wells', args: {} })).toEqual({
      kind: 'error',
      message: 'clear_wells needs wells.',
    });
    expect(runTool(ctx, { name: 'nope' as never, args: {} }).kind).toBe('error');
  });

  it('checks arguments against the schema a language model is given', () => {
    const ctx = context(96);
    const run = (args: Record<string, unknown>) =>
      runTool(ctx, {
        name: 'set_reagent',
        args: { wells: ['A1'], reagent: 'staurosporine', ...args },
      });
    expect(run({ target_nM: '10 uM' })).toEqual({
      kind: 'error',
      message: 'set_reagent: target_nM must be a number >= 0.',
    });
    expect(run({ target_nM: -5 })).toEqual({
      kind: 'error',
      message: 'set_reagent: target_nM must be a number >= 0.',
    });
    expect(run({ target_nM: 10, colour: 'red' })).toEqual({
      kind: 'error',
      message: 'set_reagent: unknown argument "colour".',
    });
    expect(
      runTool(ctx, { name: 'set_control', args: { wells: ['A1'], kind: 'sideways' } }),
    ).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/kind must be one of positive/),
    });
    expect(runTool(ctx, { name: 'clear_wells', args: { wells: 'A1' } })).toEqual({
      kind: 'error',
      message: 'clear_wells: wells must be a list of well ids.',
    });
  });

  it('fills with water when the bench holds no medium or buffer, as the server reads the bench', () => {
    // no medium and no buffer (a stock-free buffer fills wells: fill-liquid.ts); the server's bench
    // then holds water, which fills the wells (benchFactsOf)
    const bench = benchWithFill(
      BENCH.filter((b) => !['dmem', 'hepes-buffer'].includes(b.slug)),
      null,
    );
    const r = change(
      runTool(
        { ...context(96), bench, vehicleSlug: null },
        { name: 'set_reagent', args: { wells: ['A1'], reagent: 'staurosporine', target_nM: 1000 } },
      ),
    );
    expect(Object.keys(r.wells.A1.targets).toSorted()).toEqual(['staurosporine', 'water']);
    // never DMSO, a solvent with a limit: the well would be 99 % DMSO
    const { staurosporine, water } = r.wells.A1.targets;
    expect(staurosporine.volume_uL + water.volume_uL).toBeCloseTo(100, 6);
  });

  it('lays out a dilution series with its tags and refuses one that does not fit', () => {
    const ctx = context(96);
    const r = change(
      runTool(ctx, {
        name: 'dilution_series',
        args: { reagent: 'compound-b', wells: ['A10', 'A11', 'A12'], start_nM: 1000, factor: 10 },
      }),
    );
    expect(r.changed).toEqual(['A10', 'A11', 'A12']);
    expect(r.wells.A12.tags).toContain('SERIES:compound-b:3');
    expect(r.wells.A12.targets['compound-b'].target_nM).toBeCloseTo(10, 9);
    const tooLong = runTool(ctx, {
      name: 'dilution_series',
      args: {
        reagent: 'compound-b',
        wells: ['A10', 'A11', 'A12'],
        start_nM: 1000,
        factor: 10,
        points: 4,
      },
    });
    expect(tooLong).toEqual({
      kind: 'error',
      message: '4 points do not fit: the line from A10 has 3 wells.',
    });
    const offPlate = runTool(ctx, {
      name: 'dilution_series',
      args: {
        reagent: 'compound-b',
        wells: ['H1', 'H2'],
        start_nM: 1000,
        factor: 2,
        replicates: 2,
      },
    });
    expect(offPlate.kind).toBe('error');
  });

  it('runs a turn all or nothing', () => {
    const ctx = context(96);
    const r = runCalls(ctx, [
      { name: 'set_reagent', args: { wells: ['A1'], reagent: 'staurosporine', target_nM: 1000 } },
      { name: 'clear_wells', args: { wells: ['Z9'] } },
    ]);
    expect(r.wells).toBeUndefined();
    expect(r.changed).toEqual([]);
    expect(r.error).toBe('Z9 is not on this 96-well plate.');
  });

  it('answers questions without changing anything', () => {
    const ctx = context(96);
    const a = change(
      runTool(ctx, {
        name: 'set_reagent',
        args: { wells: ['A1', 'A2'], reagent: 'dmso', percent: 0.5 },
      }),
    );
    const q = runTool(
      { ...ctx, wells: a.wells },
      { name: 'reagent_amount', args: { reagent: 'dmso', wells: ['A1', 'A2', 'A3'] } },
    );
    expect(q).toEqual({
      kind: 'answer',
      text: 'DMSO in A1, A2, A3: 2 wells, 0.50 µL per well (0.5 % v/v), 1.00 µL in all.',
    });
    expect(runTool({ ...ctx, wells: a.wells }, { name: 'plate_summary', args: {} })).toEqual({
      kind: 'answer',
      text: '2 of 96 wells hold something. Reagents: DMEM (2), DMSO (2). All targets are met.',
    });
  });

  it('describes every tool for a language model', () => {
    const names = toolSchemas().map((t) => t.function.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'set_reagent',
        'dilution_series',
        'set_control',
        'describe_wells',
        'undo',
      ]),
    );
    for (const t of toolSchemas()) expect(t.function.parameters).toMatchObject({ type: 'object' });
  });
});

describe('turn reply', () => {
  it('says once that nothing changed', () => {
    const base = {
      summaries: [],
      answers: [],
      changed: [],
      plateOps: [],
      ops: [],
      benchAdds: [],
      warnings: [],
      undo: false,
    };
    expect(replyText({ ...base, error: 'Z9 is not on this 96-well plate.' }, null)).toBe(
      'Z9 is not on this 96-well plate. Nothing changed.',
    );
    expect(replyText({ ...base, error: 'B3 is already empty; nothing changed.' }, null)).toBe(
      'B3 is already empty; nothing changed.',
    );
    expect(replyText({ ...base, answers: ['A1 is empty.'] }, null)).toBe('A1 is empty.');
  });
});
