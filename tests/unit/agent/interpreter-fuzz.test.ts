// Whatever is typed, the interpreter answers without throwing, and it never plans a clear or
// a removal unless the text names wells itself.
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { interpret } from '../../../src/server/agent/interpreter/interpret';
import { runCalls } from '../../../src/server/agent/run-calls';
import { parseWellRanges } from '../../../src/domain/plate/well-set-ranges';
import { context } from './agent-fixtures';

const WORDS = [
  'add',
  'clear',
  'remove',
  'delete',
  'empty',
  'fill',
  'undo',
  'what',
  'is',
  'in',
  'to',
  'from',
  'the',
  'plate',
  'it',
  'everything',
  'all',
  'wells',
  'row',
  'rows',
  'column',
  'columns',
  'B3',
  'A1:H12',
  'Z99',
  'AA',
  'AF',
  'C',
  '1',
  '2',
  '12',
  '48',
  '-',
  'and',
  'then',
  ';',
  '10',
  'uM',
  '%',
  '0.1',
  'nL',
  'µL',
  'staurosporine',
  'dmso',
  'compound',
  'A',
  'B',
  'foobarin',
  'controls',
  'positive',
  'negative',
  'dilution',
  '3-fold',
  'points',
  'triplicate',
  'tag',
  'label',
  '"x"',
  'selection',
  'outer',
  'empty wells',
  '?',
];

describe('interpreter under arbitrary input', () => {
  const filled = (() => {
    const ctx = context(1536);
    const r = runCalls(ctx, interpret('add 1 uM compound B to A1:AF48', ctx).calls);
    return { ...ctx, wells: r.wells! };
  })();

  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const i = interpret(text, filled);
        if (i.reply === undefined) runCalls(filled, i.calls);
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('reads no well phrase across a reagent name (found by the property below)', () => {
    // "column dmso 48" was read as column 48 with the name blanked: a removal from 32 wells
    for (const text of ['empty column dmso 48', 'clear column dmso 48']) {
      const i = interpret(text, filled);
      expect(i.calls).toEqual([]);
      expect(i.reply).toMatch(/^Which wells should I clear\?/);
    }
    // a name beside its wells still reads as before
    const i = interpret('remove dmso from column 48', filled);
    expect(i.calls).toEqual([
      {
        name: 'remove_reagent',
        args: { reagent: 'dmso', wells: expect.arrayContaining(['A48', 'AF48']) },
      },
    ]);
  });

  it('plans clears and removals only for wells the text names', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }), (words) => {
        const text = words.join(' ');
        const i = interpret(text, filled);
        const destructive = i.calls.some(
          (c) => c.name === 'clear_wells' || c.name === 'remove_reagent',
        );
        if (destructive)
          expect(
            parseWellRanges(text, { defn: filled.defn, wells: filled.wells }).matches.length,
          ).toBeGreaterThan(0);
        const r = runCalls(filled, i.calls);
        if (r.error) expect(r.wells).toBeUndefined();
      }),
      { numRuns: 400 },
    );
    // A few seconds of generated requests: give a shared machine room.
  }, 30_000);
});
