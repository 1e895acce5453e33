// dispense.plan_1536: the dispense plan of a full 1536 plate - 16 compounds x 10 points x 4
// replicates (640 wells) plus 32 positive and 32 negative controls, every well backfilled to
// 1 % DMSO - from the designed wells to the transfers, source fills, bulk steps and
// intermediates. One core, one process.
import { planDispense } from '../../src/domain/dispensing/plan';
import { plateDefn } from '../../src/domain/plate-format';
import type { BenchReagentInfo } from '../../src/domain/plate-wire';
import { idOfIndex } from '../../src/domain/well-id';
import { designWells, type SetTarget } from '../unit/domain/dispensing/fixtures';
import { summarize, type BenchResult } from './bench-result';

const DEFN = plateDefn(1536);
const RUNS = 40;
const WARMUP = 5;
const SETTINGS = { backfill: { solvent: 'dmso', percent: 1 } };

const none = {
  stock_pct: null,
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
};
const compounds: BenchReagentInfo[] = Array.from({ length: 16 }, (_, c) => ({
  ...none,
  slug: `cpd-${c + 1}`,
  name: `Compound ${c + 1}`,
  type: 'chemical',
  stock_nM: 1e7,
  solvent: 'DMSO',
}));
const BENCH: BenchReagentInfo[] = [
  ...compounds,
  {
    ...none,
    slug: 'pos',
    name: 'Positive control',
    type: 'chemical',
    stock_nM: 1e7,
    solvent: 'DMSO',
  },
  {
    ...none,
    slug: 'dmso',
    name: 'DMSO',
    type: 'solvent',
    stock_nM: null,
    solvent: null,
    stock_pct: 100,
    max_concentration_percent: 1,
  },
  { ...none, slug: 'media', name: 'Medium', type: 'media', stock_nM: null, solvent: null },
];

/**
 * Columns 1-2 and 47-48 hold controls; compounds fill columns 3-42 row by row. The wells are
 * set as the designer sets them (each target planned by planVolumeFor, the medium filling the
 * rest): a target no round intermediate meets gets a source made for it.
 */
function design(): Record<string, SetTarget[]> {
  const targets: Record<string, SetTarget[]> = {};
  let k = 0;
  for (let row = 0; row < 32; row++) {
    for (let col = 0; col < 48; col++) {
      const id = idOfIndex(DEFN, row * 48 + col);
      if (col < 2 || col >= 46) {
        targets[id] = col < 2 ? [{ slug: 'pos', target_nM: 10_000 }] : [];
      } else if (col < 42 && k < 640) {
        const c = Math.floor(k / 40);
        const point = Math.floor(k / 4) % 10;
        targets[id] = [{ slug: compounds[c].slug, target_nM: 10_000 / 3 ** point }];
        k++;
      }
    }
  }
  return targets;
}

export default async function dispenseBench(): Promise<BenchResult[]> {
  const wells = designWells(DEFN, design(), 5, SETTINGS, BENCH);
  const samples: number[] = [];
  let last = planDispense(DEFN, wells, BENCH, SETTINGS);
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const t0 = performance.now();
    last = planDispense(DEFN, wells, BENCH, SETTINGS);
    const ms = performance.now() - t0;
    if (i >= WARMUP) samples.push(ms);
  }
  return [
    summarize('dispense.plan_1536', samples, {
      wells: Object.keys(wells).length,
      transfers: last.transfers.length,
      sources: last.sources.length,
      intermediates: last.intermediates.length,
      unmet: last.unmet.length,
      budget_ms: 100,
    }),
  ];
}
