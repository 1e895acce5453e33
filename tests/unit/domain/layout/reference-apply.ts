/**
 * A small reference reading of the primitive plate ops (DOMAIN.md "Plate ops"), so that the
 * layout tests can check the plate a tool's ops produce. It plans no volumes: a `set` without
 * one records volume 0, which is all these tests need to see.
 */
import type { PlateDefn } from '../../../../src/domain/plate-format';
import type { PrimitiveOp } from '../../../../src/domain/plate/ops';
import type { WireWell, WireWells } from '../../../../src/domain/plate-wire';
import { wellListIndices } from '../../../../src/domain/layout/well-list';
import { idOfIndex } from '../../../../src/domain/well-id';

export function referenceApply(defn: PlateDefn, wells: WireWells, ops: PrimitiveOp[]): WireWells {
  const out: WireWells = structuredClone(wells);
  const ids = (list: string[]) => {
    const read = wellListIndices(defn, list);
    if (read.bad !== undefined) throw new Error(`bad well ${read.bad}`);
    return read.indices.map((i) => idOfIndex(defn, i));
  };
  const well = (id: string): WireWell => (out[id] ??= { targets: {}, tags: [] });
  for (const op of ops) {
    if (op.op === 'put') {
      for (const [id, w] of Object.entries(op.wells)) {
        if (w) out[id] = structuredClone(w);
        else delete out[id];
      }
      continue;
    }
    for (const id of ids(op.wells)) {
      const w = well(id);
      if (op.op === 'set') {
        w.targets[op.reagent] = {
          target_nM: op.target_nM ?? (op.target ? op.target.value : null),
          volume_uL: op.volume_uL ?? 0,
          ...(op.tol_pct === undefined ? {} : { tol_pct: op.tol_pct }),
        };
      } else if (op.op === 'clear') {
        if (op.reagent) delete w.targets[op.reagent];
        else delete out[id];
      } else if (op.op === 'tag') {
        const tags = new Set(w.tags ?? []);
        for (const t of op.add ?? []) tags.add(t);
        for (const t of op.remove ?? []) tags.delete(t);
        w.tags = [...tags];
      } else if (op.op === 'label') w.label = op.label;
      else if (op.op === 'sample') w.sample = op.sample;
    }
  }
  return out;
}
