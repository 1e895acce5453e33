// The chat refuses what the plate marks unmet, by the same rule and in the same words:
// through POST /chat and PATCH /plate (the designer's write) on each database. The bench:
// staurosporine 1 mM in DMSO, DMSO with a 5 % limit, a medium; a 96-well plate of 100 uL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, userHeaders, type TestApp } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

const stauro = (uL: number, nM: number) => ({ target_nM: nM, volume_uL: uL });
const medium = (uL: number) => ({ target_nM: null, volume_uL: uL });

describe.each(DB_KINDS)('chat checks read the plate on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userHeaders('chat-checks');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const chat = async (id: number, message: string) => {
    const res = await call(t.app, 'POST', `/api/experiments/${id}/chat`, owner, {
      message,
      thread_id: `exp_${id}_1700000000000`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { messages: { content: string }[]; version_id: number | null };
  };
  const plate = async (id: number) =>
    (await call(t.app, 'GET', `/api/experiments/${id}/plate`, owner)).json();
  const designerSets = async (id: number, version: number, op: object) => {
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version,
      ops: [{ op: 'set', ...op }],
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('"which wells are unmet" lists the plate\'s marks; the transfers are the plan\'s', async () => {
    const id = await experimentWithBench(t.app, owner, '1536');
    const res = await call(t.app, 'PATCH', `/api/experiments/${id}/plate`, owner, {
      version: 0,
      ops: [
        {
          op: 'put',
          wells: {
            // 50 nL of 1 mM beside the medium on its bulk step (5.0 uL) is 9.90 uM: met in
            // C3, half of the 20 uM asked in B2
            B2: { targets: { staurosporine: stauro(0.05, 20_000), 'assay-medium': medium(4.95) } },
            C3: { targets: { staurosporine: stauro(0.05, 10_000), 'assay-medium': medium(4.95) } },
          },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await plate(id)).indices.unmet).toEqual(['B2']);
    const said = await chat(id, 'which wells are unmet');
    expect(said.messages[1].content).toBe(
      '1 unmet well: B2 (Staurosporine predicted 9.90 µM for 20.0 µM).',
    );
    // the transfer count is the dispense plan's
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, owner)).json();
    const count = `This plate takes ${plan.transfers.length} transfers from ${plan.sources.length} source wells`;
    expect(
      (await chat(id, 'how many transfers does this plate take?')).messages[1].content,
    ).toMatch(new RegExp(`^${count}`));
  });

  it('a target above its stock: the chat says the reason the plate then shows', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    const said = await chat(id, 'add 2 mM staurosporine to B2');
    expect(said.version_id).toBeNull();
    expect((await plate(id)).version).toBe(0);
    // the designer writes the same target: the plate marks B2 unmet, with this reason
    await designerSets(id, 0, { wells: ['B2'], reagent: 'staurosporine', target_nM: 2e6 });
    const after = await plate(id);
    expect(after.indices.unmet).toEqual(['B2']);
    const [reason] = after.wells.B2.unmet_reasons as string[];
    expect(reason).toMatch(/^1\.00 mM predicted for 2\.00 mM \(-50\.0%, outside ±5%\); /);
    expect(said.messages[1].content).toBe(
      `That would leave B2 unmet: Staurosporine ${reason}. Nothing written.`,
    );
  });

  it('a DMSO volume the request gives is held to the 5 % limit, as the plate holds it', async () => {
    const id = await experimentWithBench(t.app, owner, '96');
    // in an empty well, 10 uL of DMSO is 100 % DMSO
    const alone = await chat(id, 'add 10 uL DMSO to H12');
    expect(alone.version_id).toBeNull();
    expect(alone.messages[1].content).toBe(
      'That would put H12 at 100 % DMSO, over the 5 % limit; nothing written. Give DMSO as a % of the well (at most 5 %) rather than a volume.',
    );
    // beside 100 uL of medium, 2 uL is 2 / 102 = 1.96 %: written; 12 uL in its place is
    // 12 / 112 = 10.7 %: refused
    expect((await chat(id, 'fill H12 with assay medium')).version_id).not.toBeNull();
    expect((await chat(id, 'add 2 uL DMSO to H12')).version_id).not.toBeNull();
    const v = (await plate(id)).version;
    const over = await chat(id, 'add 12 uL DMSO to H12');
    expect(over.version_id).toBeNull();
    expect(over.messages[1].content).toMatch(
      /^That would put H12 at 11 % DMSO, over the 5 % limit/,
    );
    expect((await plate(id)).indices.unmet).toEqual([]);
    // the designer's write of that volume is marked unmet by the plate: the same rule
    await designerSets(id, v, { wells: ['H12'], reagent: 'dmso', volume_uL: 12 });
    expect((await plate(id)).indices.unmet).toEqual(['H12']);
  });
});
