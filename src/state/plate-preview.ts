// The document's derived state for display, computed on the client with the domain's
// computePlateState so predictions and statuses show the moment an edit is made, before the
// server answers. Memoised on the identities of the wells and the bench.
import { useSnapshot } from 'valtio';
import type { DispenseSettings } from '../domain/dispensing/settings';
import { benchReagentInfo, type BenchReagent } from '../api/bench';
import { plateDefn, type PlateFormat } from '../domain/plate-format';
import { computePlateState, type PlateState, type WireWells } from '../domain/plate-state';
import { bench } from './bench-store';
import { designer } from './designer-store';

let memo: {
  format: PlateFormat;
  wells: WireWells;
  reagents: readonly BenchReagent[];
  version: number;
  dispensing: DispenseSettings | null;
  state: PlateState;
} | null = null;

/** Derived state of a document with a bench (pure; no memo). */
export function previewState(
  format: PlateFormat,
  wells: WireWells,
  reagents: readonly BenchReagent[],
  version = 0,
  dispensing: DispenseSettings | null = null,
): PlateState {
  return computePlateState({
    defn: plateDefn(format),
    wells,
    version,
    bench: reagents.map(benchReagentInfo),
    // the server computes the plate with the same settings
    dispensing,
    // the display never reads the hash; the server computes it on every write
    hasher: null,
  });
}

/** The document's derived state, recomputed only when the wells, format or bench changed. */
export function platePreview(
  format: PlateFormat = designer.format,
  wells: WireWells = designer.wells,
  reagents: readonly BenchReagent[] = bench.reagents,
  dispensing: DispenseSettings | null = designer.dispensing,
): PlateState {
  const version = designer.plate?.version ?? 0;
  if (
    memo &&
    memo.format === format &&
    memo.wells === wells &&
    memo.reagents === reagents &&
    memo.version === version &&
    memo.dispensing === dispensing
  ) {
    return memo.state;
  }
  const state = previewState(format, wells, reagents, version, dispensing);
  memo = { format, wells, reagents, version, dispensing, state };
  return state;
}

/** React: the derived state of the open document, re-rendering when it changes. */
export function usePlatePreview(): PlateState {
  const doc = useSnapshot(designer);
  const b = useSnapshot(bench);
  return platePreview(
    doc.format,
    doc.wells as WireWells,
    b.reagents as readonly BenchReagent[],
    doc.dispensing as DispenseSettings | null,
  );
}
