// Compares a plate before and after a request with what the corpus expects. Shared by the
// pure corpus test and the one that goes through the real server.
import { expect } from 'vitest';
import { canonicalJson } from '../../../src/domain/canonical-json';
import { computePlateState } from '../../../src/domain/plate-state';
import type { BenchReagentInfo, WireWell, WireWells } from '../../../src/domain/plate-wire';
import { plateDefn } from '../../../src/domain/plate-format';
import type { CorpusCase } from './request-corpus';

// Stored plates come back from jsonb with their keys reordered: compare canonical JSON.
function sameWell(a: WireWell | undefined, b: WireWell | undefined): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

/** Well ids whose contents or annotations differ. */
export function changedWells(before: WireWells, after: WireWells): string[] {
  const ids = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...ids].filter((id) => !sameWell(before[id], after[id]));
}

function isEmpty(w: WireWell | undefined): boolean {
  return (
    !w ||
    (Object.keys(w.targets).length === 0 && !w.label && !w.sample && (w.tags ?? []).length === 0)
  );
}

/** Asserts the change a case expects; `bench` is the bench after the request. */
export function expectChange(
  c: CorpusCase,
  before: WireWells,
  after: WireWells,
  bench: BenchReagentInfo[],
) {
  const changed = changedWells(before, after);
  expect(changed.toSorted()).toEqual([...(c.changed ?? [])].toSorted());
  const expected = c.changed ?? [];
  expected.forEach((id, k) => {
    const w = after[id];
    if (c.cleared) {
      expect(isEmpty(w), `${id} is empty`).toBe(true);
      return;
    }
    expect(w, `${id} exists`).toBeDefined();
    if (c.holds) {
      const holds = typeof c.holds === 'function' ? c.holds(id, k) : c.holds;
      expect(Object.keys(w.targets).toSorted(), `${id} reagents`).toEqual(
        Object.keys(holds).toSorted(),
      );
      for (const [slug, e] of Object.entries(holds)) {
        const t = w.targets[slug];
        if (e.target_nM === null) expect(t.target_nM, `${id} ${slug} target`).toBeNull();
        else expect(t.target_nM, `${id} ${slug} target`).toBeCloseTo(e.target_nM, 3);
        expect(t.volume_uL, `${id} ${slug} volume`).toBeCloseTo(e.volume_uL, 6);
        expect(t.dilution ?? 1, `${id} ${slug} dilution`).toBe(e.dilution ?? 1);
      }
    }
    for (const tag of c.tags ?? []) {
      const has = tag.endsWith(':')
        ? (w.tags ?? []).some((t) => t.startsWith(tag))
        : (w.tags ?? []).includes(tag);
      expect(has, `${id} tag ${tag} in ${JSON.stringify(w.tags)}`).toBe(true);
    }
    if (c.label !== undefined) expect(w.label).toBe(c.label);
    if (c.sample !== undefined) expect(w.sample).toBe(c.sample);
  });

  // Predictions meet the targets the request set.
  if (!c.cleared && expected.length > 0) {
    const only: WireWells = {};
    for (const id of expected) if (after[id]) only[id] = after[id];
    // as the server computes it: the format's default instruments (a pipetted working stock
    // brings 1/F of its DMSO), so a well over its solvent limit is unmet here too
    const state = computePlateState({
      defn: plateDefn(c.format),
      wells: only,
      version: 0,
      bench,
      dispensing: null,
    });
    for (const id of expected) {
      if (c.unmetAllowed?.includes(id)) continue;
      for (const [slug, t] of Object.entries(state.wells[id]?.targets ?? {})) {
        if (t.target_nM != null && t.target_nM > 0)
          expect(t.status, `${id} ${slug} prediction`).toBe('good');
      }
    }
  }
}
