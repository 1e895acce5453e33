// The language-model path of the assistant. Hosted models cannot be reached from the test
// machines, so a tiny HTTP server started here stands in for one: it speaks the
// OpenAI-compatible /chat/completions protocol (tool calls in, scripted answers out) and
// records what it was sent. Everything else (app, database, tools) is real.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decideCalls } from '../../../src/server/agent/decide-calls';
import { callModel } from '../../../src/server/agent/llm-client';
import { context } from '../../unit/agent/agent-fixtures';
import { createTestApp, userHeaders, type TestApp } from '../helpers';
import { call } from '../plate-fixtures';

type Reply = { status?: number; body?: unknown; hang?: boolean };

interface FakeModel {
  url: string;
  requests: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  script: Reply[];
  close(): Promise<void>;
}

function toolCall(id: string, name: string, args: Record<string, unknown>) {
  return { id, type: 'function', function: { name, arguments: JSON.stringify(args) } };
}

function answer(message: Record<string, unknown>): Reply {
  return {
    body: {
      id: 'x',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: null, ...message } }],
    },
  };
}

async function fakeModel(): Promise<FakeModel> {
  const requests: FakeModel['requests'] = [];
  const script: Reply[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: JSON.parse(text || '{}') });
      const next = script.shift() ?? { status: 500, body: { error: 'no scripted answer' } };
      if (next.hang) return; // never answers: the client's time-out must fire
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      res
        .writeHead(next.status ?? 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const REAGENTS = [
  {
    name: 'Staurosporine',
    slug: 'staurosporine',
    reagent_type: 'chemical',
    solvent: 'DMSO',
    default_concentration_value: 1,
    default_concentration_units: 'mM',
    molecular_weight_g_per_mol: 466.53,
  },
  { name: 'DMEM', slug: 'dmem', reagent_type: 'media', ph: 7.4 },
];

let model: FakeModel;
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  model = await fakeModel();
  t = await createTestApp('pglite', {
    config: { llmBaseUrl: model.url, llmApiKey: 'test-key', llmModel: 'plate-model' },
  });
  headers = await userHeaders();
});
afterAll(async () => {
  await t?.close();
  await model?.close();
});
afterEach(() => {
  model.requests.length = 0;
  model.script.length = 0;
});

async function experiment(): Promise<number> {
  const id = (
    await call(t.app, 'POST', '/api/experiments/', headers, { name: 'LLM', plate_type: '96' })
  ).json().id;
  for (const r of REAGENTS)
    await call(t.app, 'POST', `/api/experiments/${id}/bench/reagents`, headers, r);
  await call(t.app, 'PATCH', `/api/experiments/${id}/vehicle`, headers, { vehicle_slug: 'dmem' });
  return id;
}

describe('assistant driven by a language model', () => {
  it('runs the tools the model calls and answers with its words', async () => {
    const id = await experiment();
    model.script.push(
      answer({
        tool_calls: [
          toolCall('c1', 'set_reagent', {
            wells: ['A1', 'A2'],
            reagent: 'staurosporine',
            target_nM: 1000,
          }),
        ],
      }),
      answer({ content: 'Put 1 µM staurosporine in A1 and A2.' }),
    );
    const res = await call(t.app, 'POST', `/api/experiments/${id}/chat`, headers, {
      message: 'stauro 1 micromolar in the first two wells of row A',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.messages[1].content).toBe(
      // 10 uL of the 1:100 working stock (10 uM) in 100 uL, the pipette's good band (1 uL of
      // the 1:10 is poor). A pipette plan dilutes the intermediate in the assay medium, so the
      // well holds 0.1 % DMSO (10 uL x 1/100), within DMSO's 0.5 % limit: met, as the
      // dispense plan below says.
      'Added 1.00 µM Staurosporine to A1, A2.\nWorking stocks to prepare: Staurosporine working stock 1:100.\nPut 1 µM staurosporine in A1 and A2.',
    );
    const plan = (await call(t.app, 'GET', `/api/experiments/${id}/dispense-plan`, headers)).json();
    expect(plan.unmet).toEqual([]);
    expect(plan.intermediates).toEqual([
      expect.objectContaining({
        reagent: 'staurosporine',
        concentration: 10_000,
        diluent: 'dmem',
      }),
    ]);
    expect(body.plate_v2.wells.A1.targets.staurosporine).toMatchObject({
      target_nM: 1000,
      volume_uL: 10,
      dilution: 100,
      // met, and dispensed in the pipette's good band: the 1:100 made as 10 uL to 990 uL
      // (0.99 x sqrt(1^2 + 1^2) = 1.40 %), the 10 uL transfer 1 %: 1.72 %, within 5 % (1 uL
      // of the 1:10 was the poor band, 10 %: a warning)
      status: 'good',
    });

    expect(model.requests).toHaveLength(2);
    const first = model.requests[0];
    expect(first.headers.authorization).toBe('Bearer test-key');
    expect(first.body.model).toBe('plate-model');
    expect(
      (first.body.tools as { function: { name: string } }[]).map((x) => x.function.name),
    ).toContain('dilution_series');
    const msgs = first.body.messages as { role: string; content: string }[];
    expect(msgs[0].content).toMatch(/^You edit a 96-well plate: rows A to H, columns 1 to 12\./);
    expect(msgs[0].content).toMatch(
      /Staurosporine \(slug staurosporine, chemical, stock 1\.00 mM in DMSO\)/,
    );
    const second = model.requests[1].body.messages as {
      role: string;
      content: string;
      tool_call_id?: string;
    }[];
    expect(second.at(-1)).toMatchObject({
      role: 'tool',
      tool_call_id: 'c1',
      content: 'Added 1.00 µM Staurosporine to A1, A2',
    });
  });

  it('shows the model a refused call and applies nothing it did not get right', async () => {
    const id = await experiment();
    model.script.push(
      answer({ tool_calls: [toolCall('c1', 'clear_wells', { wells: ['Z99'] })] }),
      answer({ content: 'Z99 is not on this plate; which wells did you mean?' }),
    );
    const res = await call(t.app, 'POST', `/api/experiments/${id}/chat`, headers, {
      message: 'wipe Z99',
    });
    const body = res.json();
    expect(body.plate_v2).toBeNull();
    expect(body.messages[1].content).toBe('Z99 is not on this plate; which wells did you mean?');
    const toolMessage = (model.requests[1].body.messages as { role: string; content: string }[]).at(
      -1,
    );
    expect(toolMessage).toMatchObject({
      role: 'tool',
      content: 'Error: Z99 is not on this 96-well plate.',
    });
  });

  it('falls back to the built-in interpreter when the model fails', async () => {
    const id = await experiment();
    model.script.push({ status: 503, body: { error: 'overloaded' } });
    const res = await call(t.app, 'POST', `/api/experiments/${id}/chat`, headers, {
      message: 'add 10 uM staurosporine to B2',
    });
    const body = res.json();
    // 10 uM from a 1 mM DMSO stock is 1 % DMSO, over DMSO's own 0.5 % limit (no DMSO on this
    // bench: the default): the interpreter refuses before writing and says what would fit.
    expect(body.messages[1].content).toBe(
      'That would put B2 at 1 % DMSO, over the 0.5 % limit; nothing written. Scale the concentrations by 0.5 or less (or use a more concentrated stock) to stay within it.',
    );
    expect(body.messages[1].data.source).toBe('interpreter');
    expect(body.plate_v2).toBeNull();
    const retry = await call(t.app, 'POST', `/api/experiments/${id}/chat`, headers, {
      message: 'add 5 uM staurosporine to B2',
    });
    // 50 uL of the 1:100 (10 uM), the pipette's good band: 0.5 % DMSO, as 0.5 uL of the
    // stock (the pipette's minimum, poor) would bring
    expect(retry.json().plate_v2.wells.B2.targets.staurosporine).toMatchObject({
      volume_uL: 50,
      dilution: 100,
    });
  });
});

describe('model client', () => {
  it('gives up on a model that does not answer in time, and the interpreter answers', async () => {
    model.script.push({ hang: true });
    const ctx = context(96);
    const config = { baseUrl: model.url, apiKey: null, model: 'm', timeoutMs: 200 };
    await expect(callModel('add 10 uM staurosporine to A1', ctx, config)).rejects.toThrow();
    model.script.push({ hang: true });
    const warnings: string[] = [];
    const d = await decideCalls('add 10 uM staurosporine to A1', ctx, config, (m) =>
      warnings.push(m),
    );
    expect(d.source).toBe('interpreter');
    expect(d.calls).toEqual([
      { name: 'set_reagent', args: { wells: ['A1'], reagent: 'staurosporine', target_nM: 10_000 } },
    ]);
    expect(warnings).toEqual(['language model unavailable; the built-in interpreter answers']);
  });

  it('refuses a malformed answer and an unreachable endpoint', async () => {
    const ctx = context(96);
    model.script.push({ body: { choices: [] } });
    await expect(
      callModel('hi', ctx, { baseUrl: model.url, apiKey: null, model: 'm' }),
    ).rejects.toThrow('model answer has no assistant message');
    await expect(
      callModel('hi', ctx, {
        baseUrl: 'http://127.0.0.1:1/v1',
        apiKey: null,
        model: 'm',
        timeoutMs: 1000,
      }),
    ).rejects.toThrow();
  });
});
