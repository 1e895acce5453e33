/**
 * One plate's readout read against its layout: QC from the controls, each well's normalised
 * values, the plate's row and column effects, and a 4PL fit per compound with more than one
 * concentration. The same function serves the API, its exports and the benchmarks, so every
 * figure is computed one way.
 */
import { rowLetter, wellId } from '../well-id';
import type { WellDose, WellRole } from './doses';
import { fitFourPl, type FourPlFit } from './four-pl';
import { bScores } from './median-polish';
import { npi, percentActivity, robustZScores } from './normalise';
import { DEFAULT_QC_THRESHOLDS, plateQc, type PlateQc, type QcThresholds } from './qc';

export interface ResultWell {
  well: string;
  role: WellRole;
  compound: string | null;
  nM: number | null;
  raw: number;
  /** percent activity against the controls, (x - mean_n) / (mean_p - mean_n) x 100 */
  normalised: number | null;
  npi: number | null;
  /** robust z against the plate's sample wells */
  z: number | null;
  b_score: number | null;
}

export interface CompoundFit {
  compound: string;
  /** concentrations (nM) and responses fitted, one per well */
  x: number[];
  y: number[];
  /** the response fitted: normalised when the plate has both controls, else raw */
  response: 'normalised' | 'raw';
  fit: FourPlFit;
}

export interface PlateAnalysis {
  qc: PlateQc & {
    /** rows and columns whose median-polish effect is beyond 3 residual MADs */
    edge_rows: string[];
    edge_cols: number[];
    b_score_note: string | null;
  };
  wells: ResultWell[];
  fits: CompoundFit[];
}

/** Row and column effects of the sample wells beyond 3 residual MADs, said by name. */
function edgeEffects(
  polish: { row: Float64Array; col: Float64Array },
  spread: number,
  rows: number,
): { edge_rows: string[]; edge_cols: number[] } {
  if (!(spread > 0)) return { edge_rows: [], edge_cols: [] };
  const edge_rows: string[] = [];
  const edge_cols: number[] = [];
  for (let r = 0; r < rows; r++)
    if (Math.abs(polish.row[r]) > 3 * spread) edge_rows.push(rowLetter(r));
  polish.col.forEach((effect, c) => {
    if (Math.abs(effect) > 3 * spread) edge_cols.push(c + 1);
  });
  return { edge_rows, edge_cols };
}

const idLists = new Map<number, string[]>();
/** Well ids of a shape, row-major, made once: the same strings every plate looks up by. */
function idsOfShape(rows: number, cols: number): string[] {
  let ids = idLists.get(rows * 1000 + cols);
  if (!ids) {
    ids = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) ids.push(wellId(r, c));
    idLists.set(rows * 1000 + cols, ids);
  }
  return ids;
}

export function analysePlate(
  shape: { rows: number; cols: number },
  doses: ReadonlyMap<string, WellDose>,
  values: Readonly<Record<string, number>>,
  thresholds: QcThresholds = DEFAULT_QC_THRESHOLDS,
): PlateAnalysis {
  const pos: number[] = [];
  const neg: number[] = [];
  const samples: number[] = [];
  const grid = new Float64Array(shape.rows * shape.cols).fill(NaN);
  const wells: ResultWell[] = [];
  const ids = idsOfShape(shape.rows, shape.cols);
  const indexOf: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const raw = values[id];
    if (raw === undefined) continue;
    indexOf.push(i);
    const dose = doses.get(id) ?? { role: 'empty' as const, compound: null, nM: null };
    if (dose.role === 'pos') pos.push(raw);
    else if (dose.role === 'neg') neg.push(raw);
    else if (dose.role === 'sample') {
      samples.push(raw);
      grid[i] = raw;
    }
    wells.push({
      well: id,
      role: dose.role,
      compound: dose.compound,
      nM: dose.nM,
      raw,
      normalised: null,
      npi: null,
      z: null,
      b_score: null,
    });
  }
  const qc = plateQc(pos, neg, thresholds);
  const controls =
    qc.pos && qc.neg && qc.pos.mean !== qc.neg.mean ? { p: qc.pos.mean, n: qc.neg.mean } : null;
  const z =
    samples.length > 0
      ? robustZScores(
          wells.map((w) => w.raw),
          samples,
        )
      : null;
  const b = bScores(grid, shape.rows, shape.cols);
  wells.forEach((w, i) => {
    if (controls) {
      w.normalised = percentActivity(w.raw, controls.p, controls.n);
      w.npi = npi(w.raw, controls.p, controls.n);
    }
    if (z) w.z = z[i];
    const score = b.ok ? b.scores[indexOf[i]] : NaN;
    w.b_score = Number.isNaN(score) ? null : score;
  });
  const notes = [...qc.notes];
  if (samples.length > 0 && !z) notes.push('No robust z: the sample wells have a MAD of 0');
  const edges = edgeEffects(b.polish, b.ok ? b.mad : 0, shape.rows);
  if (edges.edge_rows.length > 0 || edges.edge_cols.length > 0)
    notes.push(
      `Row or column effects: ${[...edges.edge_rows.map((r) => `row ${r}`), ...edges.edge_cols.map((c) => `column ${c}`)].join(', ')} differ from the plate by more than 3 MADs`,
    );

  const byCompound = new Map<string, ResultWell[]>();
  for (const w of wells) {
    if (w.role !== 'sample' || w.compound === null || w.nM === null) continue;
    const list = byCompound.get(w.compound) ?? [];
    list.push(w);
    byCompound.set(w.compound, list);
  }
  const fits: CompoundFit[] = [];
  for (const [compound, list] of byCompound) {
    if (new Set(list.map((w) => w.nM)).size < 2) continue; // a single point: no curve
    const x = list.map((w) => w.nM!);
    const y = list.map((w) => (controls ? w.normalised! : w.raw));
    fits.push({ compound, x, y, response: controls ? 'normalised' : 'raw', fit: fitFourPl(x, y) });
  }
  return {
    qc: { ...qc, notes, ...edges, b_score_note: b.ok ? null : b.message },
    wells,
    fits,
  };
}
