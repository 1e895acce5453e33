// @vitest-environment happy-dom
// Undo of the assistant's edit that put a catalog reagent on the bench takes it off again;
// redo puts it back before the wells that use it are saved. The network is a small routing
// double of fetch (the bench as the server holds it); the plate saves go to a recording
// sender, so the order of bench and plate writes can be checked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BenchReagent } from '../../../src/api/bench';
import { notePathname, setUnauthorizedHandler } from '../../../src/api/http-client';
import { plateDefn } from '../../../src/domain/plate-format';
import { computePlateState, type WireWells } from '../../../src/domain/plate-state';
import { DEMO_REAGENTS, bench } from '../../../src/state/bench-store';
import { closeChat, openChat, sendMessage } from '../../../src/state/chat-actions';
import { chat } from '../../../src/state/chat-store';
import { closeDesignerSession, openDesignerSession } from '../../../src/state/designer-document';
import { designer, resetDesignerState } from '../../../src/state/designer-store';
import { redo, undo } from '../../../src/state/plate-actions';

const EXP = 7;
const dmso = DEMO_REAGENTS[3];
const stauro: BenchReagent = {
  ...DEMO_REAGENTS[0],
  id: 'staurosporine',
  slug: 'staurosporine',
  name: 'Staurosporine',
  molecular_weight_g_per_mol: 466.53,
  min_transfer_ul: 0.5,
};

let serverBench: BenchReagent[];
let requests: string[];
let saves: { wells: WireWells; benchOnServer: string[] }[];

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status });
}

function assistantPlate() {
  const wells = { B3: { targets: { staurosporine: { target_nM: 10_000, volume_uL: 1 } } } };
  return computePlateState({ defn: plateDefn(96), wells, version: 4, bench: [] });
}

// The server's side: the assistant's turn puts Staurosporine on the bench with its plate.
async function route(url: string, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? 'GET';
  requests.push(`${method} ${url.replace(`/api/experiments/${EXP}`, '')}`);
  if (url.includes('/threads?')) return json(200, { threads: [] });
  if (url.includes('/state?')) return json(200, { thread_id: 't', state: { messages: [] } });
  if (method === 'POST' && url.endsWith('/chat')) {
    if (!serverBench.some((r) => r.slug === stauro.slug)) serverBench.push(stauro);
    return json(200, {
      messages: [{ role: 'assistant', content: 'Done.', timestamp: '2026-01-01T00:00:00Z' }],
      thread_id: 't',
      plate_v2: assistantPlate(),
      version_id: 3,
      protocol_ops: [],
    });
  }
  if (url.endsWith('/bench/reagents') && method === 'GET') return json(200, serverBench);
  if (url.endsWith('/bench/reagents') && method === 'POST') {
    const body = JSON.parse(String(init.body)) as { slug: string; name: string };
    serverBench.push({ ...stauro, ...body, min_transfer_ul: null });
    return json(201, serverBench.at(-1));
  }
  const one = /\/bench\/reagents\/([^/]+)$/.exec(url);
  if (one && method === 'DELETE') {
    serverBench = serverBench.filter((r) => r.slug !== one[1]);
    return json(204, undefined);
  }
  if (one && method === 'PATCH') {
    const r = serverBench.find((b) => b.slug === one[1])!;
    Object.assign(r, JSON.parse(String(init.body)));
    return json(200, r);
  }
  throw new Error(`unexpected request ${method} ${url}`);
}

beforeEach(() => {
  serverBench = [dmso];
  requests = [];
  saves = [];
  vi.stubGlobal('fetch', route);
  setUnauthorizedHandler(vi.fn());
  notePathname('/login');
  resetDesignerState();
  designer.experiment = {
    id: EXP,
    name: 'Screen',
    description: null,
    plate_type: '96',
    vehicle_slug: 'dmso',
    default_vehicle_slug: 'dmso',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  Object.assign(bench, {
    experimentId: EXP,
    reagents: [{ ...dmso }],
    status: 'ready',
    error: null,
    vehicleSlug: 'dmso',
  });
  openDesignerSession(EXP, 3, {
    send: async (doc, based) => {
      saves.push({ wells: doc.wells, benchOnServer: serverBench.map((r) => r.slug) });
      return { version: based + 1 };
    },
    coalesceMs: 0,
  });
});

afterEach(() => {
  closeChat();
  closeDesignerSession();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

const onBench = () => bench.reagents.map((r) => r.slug);

describe('undo of an edit that put a reagent on the bench', () => {
  it('takes the reagent off the bench again, and redo puts it back before saving the wells', async () => {
    await openChat(EXP, null);
    chat.draft = 'put 10 uM staurosporine in B3';
    await sendMessage();
    await vi.waitFor(() => expect(onBench()).toEqual(['dmso', 'staurosporine']));
    expect(Object.keys(designer.wells)).toEqual(['B3']);

    expect(undo()).toBe(true);
    expect(designer.wells).toEqual({});
    await vi.waitFor(() => expect(serverBench.map((r) => r.slug)).toEqual(['dmso']));
    expect(onBench()).toEqual(['dmso']);
    expect(requests).toContain('DELETE /bench/reagents/staurosporine');
    // The emptied wells were saved before the reagent left the bench.
    expect(saves.at(-1)).toEqual({ wells: {}, benchOnServer: ['dmso', 'staurosporine'] });

    expect(redo()).toBe(true);
    expect(Object.keys(designer.wells)).toEqual(['B3']);
    await vi.waitFor(() => expect(Object.keys(saves.at(-1)!.wells)).toEqual(['B3']));
    expect(saves.at(-1)!.benchOnServer).toEqual(['dmso', 'staurosporine']);
    expect(onBench()).toEqual(['dmso', 'staurosporine']);
    expect(serverBench.find((r) => r.slug === 'staurosporine')).toMatchObject({
      name: 'Staurosporine',
      min_transfer_ul: 0.5,
    });

    // Undone once more: off again.
    expect(undo()).toBe(true);
    await vi.waitFor(() => expect(serverBench.map((r) => r.slug)).toEqual(['dmso']));
  });

  it('an edit that added nothing to the bench leaves the bench alone on undo', async () => {
    serverBench = [dmso, stauro];
    bench.reagents = [{ ...dmso }, { ...stauro }];
    await openChat(EXP, null);
    chat.draft = 'put 10 uM staurosporine in B3';
    await sendMessage();
    await vi.waitFor(() => expect(requests).toContain('GET /bench/reagents'));
    expect(undo()).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(requests.some((r) => r.startsWith('DELETE'))).toBe(false);
    expect(onBench()).toEqual(['dmso', 'staurosporine']);
  });
});
