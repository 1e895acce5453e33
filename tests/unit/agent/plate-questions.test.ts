// "Which wells are unmet" reads the plate's unmet marks the server computed with the stored
// plate, and only while the turn's wells are that plate: a question after a change of the
// same turn is answered from the changed wells.
import { describe, expect, it } from 'vitest';
import { computePlateState } from '../../../src/domain/plate-state';
import { runCalls } from '../../../src/server/agent/run-calls';
import { context } from './agent-fixtures';

describe('list_unmet', () => {
  const ctx = context(96);
  // 0.1 uL of DMEM is below the 0.5 uL minimum of the 96-well plate's pipette: unmet
  const stored = runCalls(ctx, [
    { name: 'set_reagent', args: { wells: ['H12'], reagent: 'dmem', volume_uL: 0.1 } },
  ]).wells!;
  // as the server computes it: the format's default instruments (dispensing null)
  const marks = computePlateState({
    defn: ctx.defn,
    wells: stored,
    version: 1,
    bench: ctx.bench,
    dispensing: null,
  }).indices.unmet;

  it('answers the stored plate by its marks', () => {
    expect(marks).toEqual(['H12']);
    const at = { ...ctx, wells: stored, computed: { wells: stored, unmet: marks } };
    expect(runCalls(at, [{ name: 'list_unmet', args: {} }]).answers).toEqual([
      '1 unmet well: H12 (undispensable).',
    ]);
  });

  it('answers a plate the turn changed from its own wells, not the stored marks', () => {
    const at = { ...ctx, wells: stored, computed: { wells: stored, unmet: marks } };
    const r = runCalls(at, [
      { name: 'clear_wells', args: { wells: ['H12'] } },
      { name: 'list_unmet', args: {} },
    ]);
    expect(r.answers).toEqual(['All targets are met: no unmet wells.']);
  });
});
