// The assistant's replies and turns through POST /chat on each database: a write that
// replaces an amount says "changed ... from ... to ..." with the plate's own numbers, and
// "undo" in a later message of the same conversation puts the plate back, one write at a
// time; a well the plan cannot meet is refused in the words of the plate's unmet reason. The
// bench: staurosporine 1 mM in DMSO, DMSO with a 5 % limit, a medium; 96 wells of 100 uL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

interface Plate {
  version: number;
  wells: Record<string, { targets: Record<string, { target_nM: number | null }> }>;
}

/** "10.0 µM" -> nM. */
function nanomolar(text: string): number {
  const m = /^([\d.]+) (nM|µM|mM)$/.exec(text);
  if (!m) throw new Error(`not an amount: ${text}`);
  return Number(m[1]) * { nM: 1, µM: 1e3, mM: 1e6 }[m[2] as 'nM'];
}

const stauro = (p: Plate, well: string) => p.wells[well]?.targets.staurosporine?.target_nM;

describe.each(DB_KINDS)('assistant replies and turns on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('reply-turns');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const chat = async (id: number, message: string, thread?: string) => {
    const res = await call(t.app, 'POST', `/api/experiments/${id}/chat`, owner, {
      message,
      ...(thread ? { thread_id: thread } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      messages: { content: string }[];
      version_id: number | null;
      thread_id: string;
    };
  };
  const plate = async (id: number): Promise<Plate> =>
    (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();

  it('says "changed ... from ... to ..." for a replaced target, with the plate\'s numbers', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    const thread = `exp_${id}_1700000000001`;
    const first = await chat(id, 'add 10 uM staurosporine to A1, A2, A3', thread);
    expect(first.messages[1].content).toMatch(/^Added 10\.0 µM Staurosporine to A1, A2, A3\./);
    await chat(id, 'add 5 uM staurosporine to A1', thread);
    const before = await plate(id);
    expect([stauro(before, 'A1'), stauro(before, 'A2'), stauro(before, 'B1')]).toEqual([
      5000,
      10_000,
      undefined,
    ]);

    const said = await chat(id, 'add 20 uM staurosporine to A1, A2, A3, B1', thread);
    expect(said.version_id).not.toBeNull();
    const line = said.messages[1].content.split('\n')[0];
    expect(line).toBe(
      'Added 20.0 µM Staurosporine to B1; changed Staurosporine in A1 from 5.00 µM to 20.0 µM; changed Staurosporine in A2, A3 from 10.0 µM to 20.0 µM.',
    );
    // every number said is the plate's, before and after (within 1 %)
    const after = await plate(id);
    const changed = [
      ...line.matchAll(/in ([A-H]\d+(?:, [A-H]\d+)*) from ([\d.]+ [nµm]M) to ([\d.]+ [nµm]M)/g),
    ];
    expect(changed).toHaveLength(2);
    for (const [, wells, was, now] of changed)
      for (const w of wells.split(', ')) {
        expect(nanomolar(was) / stauro(before, w)!).toBeCloseTo(1, 2);
        expect(nanomolar(now) / stauro(after, w)!).toBeCloseTo(1, 2);
      }
    expect(nanomolar('20.0 µM') / stauro(after, 'B1')!).toBeCloseTo(1, 2);
  });

  it('undoes writes of earlier messages of the conversation, newest first', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    const empty = await plate(id);
    const { thread_id: thread } = await chat(id, 'add 10 uM staurosporine to B2');
    const afterFirst = await plate(id);
    await chat(id, 'change staurosporine to 20 uM', thread);
    expect(stauro(await plate(id), 'B2')).toBe(20_000);

    const undo1 = await chat(id, 'undo', thread);
    expect(undo1.messages[1].content).toBe(
      'Undone: Changed Staurosporine in B2 from 10.0 µM to 20.0 µM.',
    );
    expect((await plate(id)).wells).toEqual(afterFirst.wells);
    const undo2 = await chat(id, 'undo', thread);
    expect(undo2.messages[1].content).toBe('Undone: Added 10.0 µM Staurosporine to B2.');
    expect((await plate(id)).wells).toEqual(empty.wells);
    const undo3 = await chat(id, 'undo', thread);
    expect(undo3.version_id).toBeNull();
    expect(undo3.messages[1].content).toBe(
      'There is no change of mine to undo in this conversation.',
    );
  });

  it("refuses a % under the pipette's least with the plate's reason, and writes the least", async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    // 0.1 % of 100 uL is 100 nL, under the 96-well pipette's 500 nL: never dispensed
    const said = await chat(id, 'add 0.1 % DMSO to B1');
    expect(said.version_id).toBeNull();
    expect((await plate(id)).version).toBe(0);
    // the designer writes the same well: the plate marks it unmet, with this reason
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      ops: [
        {
          op: 'put',
          wells: {
            B1: {
              targets: {
                dmso: { target_nM: null, volume_uL: 0.1 },
                'assay-medium': { target_nM: null, volume_uL: 99.9 },
              },
            },
          },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const marked = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    expect(marked.indices.unmet).toEqual(['B1']);
    const reasons = marked.wells.B1.unmet_reasons as string[];
    expect(reasons).toEqual([
      '100 nL of DMSO is below the 500 nL minimum of Pipette (hand, 8/16-channel or head); at least 0.5 % DMSO (500 nL in 100 µL) can be dispensed',
    ]);
    expect(said.messages[1].content).toBe(
      `That would leave B1 unmet: ${reasons[0]}. Nothing written.`,
    );
    // what it offers is written, and met
    const least = await chat(id, 'add 0.5 % DMSO to B2');
    expect(least.version_id).not.toBeNull();
    const after = (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
    expect(after.indices.unmet).toEqual(['B1']);
    expect(after.wells.B2.targets.dmso.volume_uL).toBe(0.5);
  });

  it('a message sent without its thread starts a new conversation, with nothing to undo', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    const first = await chat(id, 'add 10 uM staurosporine to B2');
    const undo = await chat(id, 'undo');
    expect(undo.thread_id).not.toBe(first.thread_id);
    expect(undo.messages[1].content).toBe(
      'There is no change of mine to undo in this conversation.',
    );
    expect(stauro(await plate(id), 'B2')).toBe(10_000);
  });
});
