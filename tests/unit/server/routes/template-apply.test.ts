// The loop over plates of POST /api/templates/{id}/apply, with a stand-in plate service:
// a write landing between the head read and the PATCH is read again once, then reported;
// an op refused by the plate is reported at once; a server fault is not turned into a line.
// The real service on both databases is covered by tests/server/routes/template-apply.test.ts.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../../src/server/errors';
import type { PatchResult, PlateService } from '../../../../src/server/plate/plate-service';
import { applyTemplateToPlates } from '../../../../src/server/routes/template-apply';

const template = { name: 'Pair', wells: [{ dr: 0, dc: 0, targets: {}, tags: ['POS'] }] };

const stale = (version: number): PatchResult => ({
  ok: false,
  status: 409,
  body: {
    detail: `The plate was changed elsewhere (now version ${version}).`,
    version,
    since: null,
  },
});
const written = (version: number): PatchResult => ({
  ok: true,
  answer: {
    version,
    hash: 'h',
    changed: { A1: {} as never, A2: {} as never },
    removed: ['A3'],
    indices_changed: {} as never,
  },
});

/** A plate service whose PATCH answers from a script; head reads `heads` in turn. */
function fakePlates(script: Record<number, PatchResult[]>, versions: number[] = [3, 4, 5]) {
  const patches: { id: number; version: number; ops: unknown[] }[] = [];
  const heads = [...versions];
  const plates = {
    async head(_owner: string, id: number) {
      if (!(id in script)) throw new HttpError(404, 'Experiment not found');
      if (id === 666) throw new Error('database went away');
      return { version: heads.shift() ?? 0, bench: {} };
    },
    async patch(_owner: string, id: number, body: { version: number; ops: unknown[] }) {
      patches.push({ id, ...body });
      return script[id].shift()!;
    },
  } as unknown as PlateService;
  return { plates, patches };
}

describe('applyTemplateToPlates', () => {
  it('reads a plate changed meanwhile again and writes at its new version', async () => {
    const { plates, patches } = fakePlates({ 1: [stale(4), written(5)] });
    const results = await applyTemplateToPlates(plates, 'u', template, 'B2', [1]);
    expect(results).toEqual([{ experiment_id: 1, ok: true, version: 5, changed: 3 }]);
    expect(patches).toEqual([
      { id: 1, version: 3, ops: [{ op: 'template', template, at: 'B2' }] },
      { id: 1, version: 4, ops: [{ op: 'template', template, at: 'B2' }] },
    ]);
  });

  it('reports a plate still changing after the second try, and a refused op at once', async () => {
    const refused: PatchResult = {
      ok: false,
      status: 400,
      body: { detail: 'Op 0 (template): runs off the plate', op_index: 0, op: 'template' },
    };
    const { plates, patches } = fakePlates({ 1: [stale(4), stale(5)], 2: [refused] }, [3, 4, 9]);
    const results = await applyTemplateToPlates(plates, 'u', template, 'A1', [1, 2, 1, 77]);
    expect(results).toEqual([
      {
        experiment_id: 1,
        ok: false,
        detail: 'The plate was changed elsewhere (now version 5).',
      },
      { experiment_id: 2, ok: false, detail: 'Op 0 (template): runs off the plate' },
      { experiment_id: 77, ok: false, detail: 'Experiment 77 is not yours or does not exist' },
    ]);
    expect(patches.map((p) => p.id)).toEqual([1, 1, 2]);
  });

  it('lets a fault of the server through instead of reporting it as a plate’s line', async () => {
    const { plates } = fakePlates({ 666: [] });
    await expect(applyTemplateToPlates(plates, 'u', template, 'A1', [666])).rejects.toThrow(
      'database went away',
    );
  });
});
