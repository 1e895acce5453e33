// results.normalise_qc_300x1536: a primary screen's 300 plates of 1536 wells (columns 1-2
// and 47-48 hold 64 positive and 64 negative controls, 1408 single-point compounds) read
// against the layout: QC, percent activity, NPI, robust z, B-score and edge effects, all
// plates. results.fit_10000: 10,000 4PL fits of 10 points x 2 replicates with noise, the
// dose-response follow-up. results.campaign_qc_plate_1536: one plate's share of the campaign
// QC table (its readings parsed from their stored JSON, its controls' QC), the longest the
// table's route holds the event loop between two yields. One core, one process. Budgets: 2 s
// and 10 s.
import { mulberry32 } from '../../src/domain/layout/prng';
import { plateDefn } from '../../src/domain/plate-format';
import type { WellDose } from '../../src/domain/results/doses';
import { fitFourPl, fourPl } from '../../src/domain/results/four-pl';
import { analysePlate } from '../../src/domain/results/plate-analysis';
import { DEFAULT_CAMPAIGN_QC, plateQcRow } from '../../src/domain/results/campaign-qc';
import { wellId } from '../../src/domain/well-id';
import { summarize, type BenchResult } from './bench-result';

const DEFN = plateDefn(1536);
const PLATES = 300;
const FITS = 10_000;

function normal(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

function screen(): { doses: Map<string, WellDose>; plates: Record<string, number>[] } {
  const doses = new Map<string, WellDose>();
  for (let r = 0; r < DEFN.rows; r++) {
    for (let c = 0; c < DEFN.cols; c++) {
      const control = c < 2 || c >= DEFN.cols - 2;
      doses.set(
        wellId(r, c),
        control
          ? { role: (r + c) % 2 === 0 ? 'pos' : 'neg', compound: null, nM: null }
          : { role: 'sample', compound: `CPD-${r}-${c}`, nM: 10_000 },
      );
    }
  }
  const next = mulberry32(11);
  const plates = Array.from({ length: PLATES }, () => {
    const values: Record<string, number> = {};
    for (const [id, dose] of doses) {
      const base = dose.role === 'pos' ? 100 : 1000;
      values[id] = base * (1 + 0.05 * normal(next)) - (next() < 0.01 ? 600 : 0);
    }
    return values;
  });
  return { doses, plates };
}

function curves(): { x: number[]; y: number[] }[] {
  const next = mulberry32(5);
  const x: number[] = [];
  for (let k = 0; k < 10; k++) x.push(10_000 / 3 ** k, 10_000 / 3 ** k);
  return Array.from({ length: FITS }, () => {
    const truth = {
      b: 0.7 + next(),
      c: 5 * normal(next),
      d: 100 + 5 * normal(next),
      e: 10 ** (1 + 3 * next()),
    };
    return { x, y: x.map((xi) => fourPl(truth, xi) + 4 * normal(next)) };
  });
}

export default async function resultsBench(): Promise<BenchResult[]> {
  const { doses, plates } = screen();
  const qcSamples: number[] = [];
  let failing = 0;
  for (let run = 0; run < 4; run++) {
    const t0 = performance.now();
    failing = 0;
    for (const values of plates) if (analysePlate(DEFN, doses, values).qc.pass === false) failing++;
    if (run > 0) qcSamples.push(performance.now() - t0);
  }
  // the campaign QC table: the plates' wells by their tags, the readings as stored
  const tagged = Object.fromEntries(
    [...doses].map(([id, d]) => [
      id,
      { tags: d.role === 'pos' ? ['POS'] : d.role === 'neg' ? ['NEG'] : [] },
    ]),
  );
  const stored = plates.map((values) => JSON.stringify(values));
  const plateSamples: number[] = [];
  for (let run = 0; run < 2; run++)
    for (const json of stored) {
      const t0 = performance.now();
      plateQcRow(tagged, JSON.parse(json) as Record<string, number>, DEFAULT_CAMPAIGN_QC);
      if (run > 0) plateSamples.push(performance.now() - t0);
    }
  const sets = curves();
  const fitSamples: number[] = [];
  let converged = 0;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    converged = 0;
    for (const s of sets) if (fitFourPl(s.x, s.y).ok) converged++;
    if (run > 0) fitSamples.push(performance.now() - t0);
  }
  return [
    summarize('results.normalise_qc_300x1536', qcSamples, {
      plates: PLATES,
      wells: PLATES * 1536,
      failing_plates: failing,
      budget_ms: 2000,
    }),
    summarize('results.campaign_qc_plate_1536', plateSamples, {
      plates: PLATES,
      whole_campaign_ms: Math.round(plateSamples.reduce((a, b) => a + b, 0)),
    }),
    summarize('results.fit_10000', fitSamples, {
      fits: FITS,
      points_each: 20,
      converged,
      budget_ms: 10_000,
    }),
  ];
}
