// The turn's decisions that are not plate changes: questions with choices, picks, checks.
import { describe, expect, it } from 'vitest';
import { decideTurn, pickChoice } from '../../../src/server/agent/plan/decide-turn';
import { context } from './agent-fixtures';

const CHOICES = [
  { label: 'Compound A', request: 'add 10 uM Compound A to B3' },
  { label: 'Compound B', request: 'add 10 uM Compound B to B3' },
];

describe('picking a choice', () => {
  it('by number, by ordinal or by the words of one choice', () => {
    expect(pickChoice('2', CHOICES)).toBe(CHOICES[1]);
    expect(pickChoice('the first', CHOICES)).toBe(CHOICES[0]);
    expect(pickChoice('compound b', CHOICES)).toBe(CHOICES[1]);
  });

  it('not when the words fit both or none, nor a number out of range', () => {
    expect(pickChoice('compound', CHOICES)).toBeUndefined();
    expect(pickChoice('staurosporine', CHOICES)).toBeUndefined();
    expect(pickChoice('3', CHOICES)).toBeUndefined();
  });
});

const count = (d: ReturnType<typeof decideTurn>) => Object.keys(d.result?.wells ?? {}).length;

describe('decideTurn', () => {
  it('keeps every phrase and the selection when a request joins them', () => {
    const ctx = context(384, {}, [0, 1, 2]);
    // 192 even-column wells and interleaved quadrant 1 (rows A, C.., columns 1, 3..: 96);
    // the pick kept the quadrant only
    const q = decideTurn('add 10 uM staurosporine to even columns and quadrant 1', ctx);
    expect(q.question?.choices).toHaveLength(2);
    expect(count(decideTurn('1', ctx, q.question))).toBe(288);
    // A1-A3 and the 192 wells of every other column (A1 and A3 among them): A2 was dropped
    const s = decideTurn('add 10 uM staurosporine to the selection and every other column', ctx);
    expect(count(s)).toBe(193);
    expect(s.result?.wells?.A2).toBeDefined();
  });

  it('asks once, with three choices, when "Q2" is a well and a quadrant of either convention', () => {
    const ctx = context(1536);
    const q = decideTurn('add 1 uM staurosporine to Q2', ctx);
    expect(q.calls).toEqual([]);
    expect(q.reply).toMatch(/^"Q2" reads three ways: which do you mean\?/);
    expect(q.question?.choices.map((c) => c.label)).toEqual([
      'well Q2',
      'interleaved quadrant 2 (A2, A4, ...)',
      'block quadrant 2 (A25 to P48)',
    ]);
    expect(Object.keys(decideTurn('1', ctx, q.question).result?.wells ?? {})).toEqual(['Q2']);
    expect(count(decideTurn('3', ctx, q.question))).toBe(384);
  });

  it('writes each of two actions joined by "and", and asks when one add names two reagents', () => {
    const ctx = context(384);
    const targets = (text: string) => {
      const out: Record<string, string> = {};
      for (const [id, w] of Object.entries(decideTurn(text, ctx).result?.wells ?? {}))
        for (const [slug, t] of Object.entries(w.targets))
          if (t.target_nM) out[`${id} ${slug}`] = String(t.target_nM);
      return out;
    };
    // was: staurosporine in C4 and G4, compound B nowhere
    expect(targets('add 100 nM compound A to G4 and add 0.5 uM compound B to C4')).toEqual({
      'G4 compound-a': '100',
      'C4 compound-b': '500',
    });
    // was: staurosporine in rows F and P, compound A dropped
    const d = decideTurn('add 1 uM staurosporine to row F and compound A to row P', ctx);
    expect(d.calls).toEqual([]);
    expect(d.reply).toMatch(
      /names Staurosporine and Compound A: which amount and wells go with which\?/,
    );
    // what a reagent comes in is not a second reagent
    expect(targets('add 10 uM staurosporine in DMSO to A1')).toEqual({
      'A1 staurosporine': '10000',
    });
  });

  it('puts a series "in column 48" down that column (found by a property run)', () => {
    // the last column was read as where a row's series starts, leaving no wells: it asked
    const ctx = context(1536);
    const d = decideTurn('3-point 10-fold dilution of compound A from 3 uM in column 48', ctx);
    const wells = d.result?.wells ?? {};
    expect(Object.keys(wells).toSorted()).toEqual(['A48', 'B48', 'C48']);
    expect(wells.C48.targets['compound-a'].target_nM).toBeCloseTo(30, 9);
    // with a row named, it is where the row's series starts
    const row = decideTurn(
      '3-fold dilution of compound A from 3 uM in row B starting at column 48, 5 points',
      ctx,
    );
    expect(Object.keys(row.result?.wells ?? {}).toSorted()).toEqual([
      'B44',
      'B45',
      'B46',
      'B47',
      'B48',
    ]);
    expect(row.result!.wells!.B48.targets['compound-a'].target_nM).toBe(3000);
  });

  it('reads a thousands comma, in any unit, and refuses a decimal comma (found by a property run)', () => {
    const ctx = context(1536);
    // "10,000 nanomolar" was read as 000 nanomolar: a blank written to A1
    for (const amount of ['10,000 nM', '10,000 nanomolar']) {
      expect(decideTurn(`add ${amount} compound A to A1`, ctx).calls).toEqual([
        { name: 'set_reagent', args: { wells: ['A1'], reagent: 'compound-a', target_nM: 10_000 } },
      ]);
    }
    // "1,5 uM" was read as 5 uM
    const d = decideTurn('add 1,5 uM staurosporine to A1', ctx);
    expect(d.calls).toEqual([]);
    expect(d.reply).toBe(
      '"1,5" reads two ways: write a decimal with a point ("1.5") and a thousand without a comma. Nothing changed.',
    );
  });

  it('asks which compound, writes nothing, and applies the pick next turn', () => {
    const ctx = context(96);
    const q = decideTurn('add 10 uM compound to B3', ctx);
    expect(q.calls).toEqual([]);
    expect(q.reply).toBe(
      'Which compound do you mean? 1) Compound A; 2) Compound B. Reply with the number or the words.',
    );
    const a = decideTurn('2', ctx, q.question);
    expect(a.calls).toEqual([
      { name: 'set_reagent', args: { wells: ['B3'], reagent: 'compound-b', target_nM: 10_000 } },
    ]);
  });

  it('completes a question without choices with the answer', () => {
    const ctx = context(384);
    const q = decideTurn('add staurosporine to column 3', ctx);
    expect(q.question?.choices).toEqual([]);
    const a = decideTurn('1 uM', ctx, q.question);
    expect(a.calls[0]?.name).toBe('set_reagent');
    expect(a.calls[0]?.args.target_nM).toBe(1000);
  });

  it('refuses a DMSO overload with the load worked out and the scale that fits', () => {
    // 20 uM from the 1 mM compound B stock in DMSO: 2 % v/v, twice the 1 % limit.
    const d = decideTurn('add 20 uM compound B to A1', context(96));
    expect(d.calls).toEqual([]);
    expect(d.reply).toBe(
      'That would put A1 at 2 % DMSO, over the 1 % limit; nothing written. Scale the concentrations by 0.5 or less (or use a more concentrated stock) to stay within it.',
    );
  });

  it('turns a mass concentration into nM through the molecular weight', () => {
    // 1 ug/mL staurosporine (466.53 g/mol): 1e-3 g/L / 466.53 g/mol = 2143.48 nM.
    const d = decideTurn('add 1 ug/mL staurosporine to A1', context(96));
    expect(d.calls[0]?.args.target_nM).toBeCloseTo(2143.485, 2);
  });

  it('answers "can I" by planning and checking, without a call', () => {
    const d = decideTurn('can I put 50 uM staurosporine in A1?', context(96));
    expect(d.calls).toEqual([]);
    expect(d.reply).toMatch(/^No: That would put A1 at 5 % DMSO/);
  });
});
