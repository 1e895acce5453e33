// designer.apply_all_1536: applying a reagent to every well of a 1536 plate, from the action
// to the numbers the canvas draws from: the edit (plate-edits), the undo record, the metrics
// kernel's typed-array input and its computation (done in the worker in the app; counted here
// because it bounds how soon the canvas can show the edit). Rendering is measured by
// canvas.bench.ts. designer.preview_all_1536 is the client's full derived plate state
// (computePlateState without the hash, as plate-preview asks for it), what the well editor
// needs when all 1536 are selected.
import { computeMetrics, metricsInputFromPlate } from '../../src/domain/metrics-kernel';
import { plateDefn } from '../../src/domain/plate-format';
import {
  computePlateState,
  type BenchReagentInfo,
  type WireWells,
} from '../../src/domain/plate-state';
import { appearanceFromMetrics, markersOfWells } from '../../src/plate-canvas/well-appearance';
import { applyReagent } from '../../src/state/plate-edits';
import { emptyHistory, record } from '../../src/state/undo-history';
import { summarize, type BenchResult } from './bench-result';

const DEFN = plateDefn(1536);
const ALL = Array.from({ length: 1536 }, (_, i) => i);
const RUNS = 60;
const WARMUP = 5;

function reagent(slug: string, type: BenchReagentInfo['type'], stock_nM: number | null) {
  return {
    slug,
    name: slug,
    type,
    stock_nM,
    stock_pct: null,
    solvent: type === 'compound' ? 'DMSO' : null,
    max_concentration_percent: null,
    min_transfer_ul: null,
    ionic_strength_mM: null,
  } satisfies BenchReagentInfo;
}

const BENCH: BenchReagentInfo[] = [
  reagent('staurosporine', 'compound', 1e7),
  reagent('hepes', 'buffer', 1e9),
  reagent('medium', 'media', null),
  { ...reagent('dmso', 'solvent', null), stock_pct: 100, max_concentration_percent: 0.5 },
];

export default async function designerBench(): Promise<BenchResult[]> {
  // A plate already holding medium and buffer everywhere: the common starting point.
  let base: WireWells = applyReagent({}, DEFN, 'medium', { uM: 0, volumeUl: 8 }, ALL);
  base = applyReagent(base, DEFN, 'hepes', { uM: 10_000, volumeUl: 1.5 }, ALL);
  const samples: number[] = [];
  const previews: number[] = [];
  let history = emptyHistory<WireWells>();
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const uM = 1 + (run % 7); // a different concentration each time, nothing cached
    const started = performance.now();
    const wells = applyReagent(base, DEFN, 'staurosporine', { uM, volumeUl: 0.5 }, ALL);
    history = record(history, base);
    const input = metricsInputFromPlate(DEFN, wells, BENCH);
    const reagentType = input.reagentType.slice();
    const metrics = computeMetrics(input);
    const appearance = appearanceFromMetrics(metrics, reagentType, markersOfWells(DEFN, wells));
    const elapsed = performance.now() - started;
    const previewStarted = performance.now();
    const state = computePlateState({
      defn: DEFN,
      wells,
      version: run,
      bench: BENCH,
      hasher: null,
    });
    const previewElapsed = performance.now() - previewStarted;
    if (
      metrics.volumeUL[1535] !== 10 ||
      appearance.typeCode[1535] < 0 ||
      Object.keys(state.wells).length !== 1536
    ) {
      throw new Error('apply_all_1536 did not fill the plate');
    }
    if (run >= WARMUP) {
      samples.push(elapsed);
      previews.push(previewElapsed);
    }
  }
  return [
    summarize('designer.apply_all_1536', samples, {
      goal_ms: 50,
      scope: 'edit + undo record + metrics kernel + appearance codes (no rendering)',
    }),
    summarize('designer.preview_all_1536', previews, {
      scope: 'computePlateState of all 1536 wells on the client, no hash (as the display asks)',
    }),
  ];
}
