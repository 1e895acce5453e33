// A turn's reply words a warning that does not stop the write as a note: a series whose top
// point sits on the edge ring is written, and the reply must not head that with "Cannot be
// met", which says the opposite.
import { describe, expect, it } from 'vitest';
import { decideTurn } from '../../../src/server/agent/plan/decide-turn';
import { replyText } from '../../../src/server/agent/turn-reply';
import { context } from './agent-fixtures';

describe('replyText', () => {
  it('says an edge warning of a written series as a note', () => {
    const d = decideTurn(
      '3-fold dilution of compound A from 30 uM across row B, 10 points',
      context(1536),
    );
    const result = d.result!;
    expect(result.wells).toBeDefined();
    expect(result.warnings.join(' ')).toMatch(/edge ring/);
    const reply = replyText(result, null);
    expect(reply).toMatch(/^Note: 1 treatment well on the edge ring \(B1\)/m);
    expect(reply).not.toMatch(/cannot be met/i);
    // a warning's own full stop is not doubled
    expect(reply).not.toMatch(/\.\./);
  });

  it('says each note once however many calls repeat it', () => {
    const reply = replyText(
      {
        summaries: ['Added 1.00 µM Staurosporine to B1'],
        answers: [],
        changed: ['B1'],
        plateOps: [],
        ops: [],
        benchAdds: [],
        warnings: [
          '1 treatment well on the edge ring (B1).',
          '1 treatment well on the edge ring (B1)',
        ],
        undo: false,
      },
      null,
    );
    expect(reply).toBe(
      'Added 1.00 µM Staurosporine to B1.\nNote: 1 treatment well on the edge ring (B1).',
    );
  });

  it('names a working stock two clauses both draw on once', () => {
    // "dup 3 uM cmpd B in J10 & K10": each well's clause lists the 1:2.08 stock it is made from
    const stock = { op: 'annotate' as const, sel: 'OFF', label: 'Compound B working stock 1:2.08' };
    const reply = replyText(
      {
        summaries: ['Added 3.00 µM Compound B to J10, K10'],
        answers: [],
        changed: ['J10', 'K10'],
        plateOps: [],
        ops: [stock, { ...stock }],
        benchAdds: [],
        warnings: [],
        undo: false,
      },
      null,
    );
    expect(reply).toBe(
      'Added 3.00 µM Compound B to J10, K10.\nWorking stocks to prepare: Compound B working stock 1:2.08.',
    );
  });
});
