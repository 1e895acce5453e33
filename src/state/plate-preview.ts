// The document's derived state for display, computed on the client with the domain's
// computePlateState so predictions and statuses show the moment an edit is made, before the
// server answers.
import type { DispenseSettings } from '../domain/dispensing/settings';
import { benchReagentInfo, type BenchReagent } from '../api/bench';
import { plateDefn, type PlateFormat } from '../domain/plate-format';
import { computePlateState, type PlateState, type WireWells } from '../domain/plate-state';

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
