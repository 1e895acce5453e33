/**
 * The per-well metrics kernel: typed arrays in, typed arrays out, no per-well objects. The
 * metrics worker calls it for the canvas; computePlateState calls it for the server's state,
 * so both read the same numbers from the same formulas (prediction.ts, accuracy.ts,
 * chemistry.ts). Nothing in this file may touch the DOM, I/O or shared state.
 */
import { BAND, bandCode } from './accuracy';
import {
  capIonicStrength,
  countsAsSolventLoad,
  derivedPH,
  ionicContributionMM,
  solventVolumeUL,
  vehiclePct,
} from './chemistry';
import { STATUS, errorPct, predictNM, targetStatus } from './prediction';
import { WELL_CAPACITY_UL, type PlateDefn } from './plate-format';
import type { BenchReagentInfo, WireWells } from './plate-wire';
import { REAGENT_TYPES, reagentTypeCode } from './reagent-types';
import { indexOfWellId } from './well-id';

export { STATUS, BAND };

/** Bits of MetricsOutput.broken: which constraint a well breaks. */
export const CONSTRAINT = {
  OVERFILL: 1,
  SOLVENT_LOAD: 2,
  MIN_TRANSFER: 4,
  MAX_PERCENT: 8,
} as const;

/** Typed-array description of a plate and its bench. W wells x R reagents, index w*R + r. */
export interface MetricsInput {
  wellCount: number;
  reagentCount: number;
  /** [R] molar stock in nM, NaN when unknown or a % stock */
  stockNM: Float64Array;
  /** [R] % v/v stock, NaN for molar stocks */
  stockPct: Float64Array;
  /** [R] index into REAGENT_TYPES: biological, compound, buffer, solvent, media, other */
  reagentType: Uint8Array;
  /** [R] 1 when the reagent's volume counts as solvent load */
  solventLoad: Uint8Array;
  /** [R] declared ionic strength in mM, NaN when none */
  ionicMM: Float64Array;
  /** [R] max_concentration_percent, NaN when no limit */
  maxPct: Float64Array;
  /** [R] min_transfer_ul, NaN when none */
  minTransferUL: Float64Array;
  /** [W*R] volume of reagent r added to well w (0 = absent) */
  volumeUL: Float64Array;
  /** [W*R] target nM, NaN = no target */
  targetNM: Float64Array;
  /** [W*R] tolerance %, NaN = default 5 */
  tolPct: Float64Array;
  /** [W*R] optional working-stock dilution (10 = 1:10); absent or NaN = 1 */
  dilution?: Float64Array;
  /** optional well capacity in uL; a larger well volume is over-filled; absent = no check */
  capacityUL?: number;
}

/** Per-well results. pH and ionic strength are NaN for empty wells. */
export interface MetricsOutput {
  /** [W] */
  volumeUL: Float64Array;
  /** [W] */
  pH: Float64Array;
  /** [W] */
  ionicMM: Float64Array;
  /** [W] */
  vehiclePct: Float64Array;
  /** [W] worst transfer band among the well's reagents (BAND) */
  band: Uint8Array;
  /** [W] worst target status (STATUS); ERROR also for broken constraints */
  status: Uint8Array;
  /** [W] reagent with the largest volume, -1 for an empty well */
  dominant: Int16Array;
  /** [W] CONSTRAINT bits the well breaks, 0 when none */
  broken: Uint8Array;
  /** [W*R] NaN where no prediction */
  predictedNM: Float64Array;
  /** [W*R] NaN where no target or no prediction */
  errPct: Float64Array;
}

const BUFFER = REAGENT_TYPES.indexOf('buffer');
const SOLVENT = REAGENT_TYPES.indexOf('solvent');
// Volumes and percents come from float sums: do not call 0.1000000001 % a broken 0.1 % limit.
const SLACK = 1e-9;
const NO_BAND = 255;

function nanToNull(x: number): number | null {
  return Number.isNaN(x) ? null : x;
}

/** Computes every well's metrics; allocates the outputs once and nothing per well. */
export function computeMetrics(input: MetricsInput): MetricsOutput {
  const W = input.wellCount;
  const R = input.reagentCount;
  const { stockNM, stockPct, reagentType, solventLoad, ionicMM, maxPct, minTransferUL } = input;
  const { volumeUL: vol, targetNM, tolPct, dilution } = input;
  const capacity = input.capacityUL ?? Number.NaN;

  const out: MetricsOutput = {
    volumeUL: new Float64Array(W),
    pH: new Float64Array(W),
    ionicMM: new Float64Array(W),
    vehiclePct: new Float64Array(W),
    band: new Uint8Array(W),
    status: new Uint8Array(W),
    dominant: new Int16Array(W),
    broken: new Uint8Array(W),
    predictedNM: new Float64Array(W * R).fill(Number.NaN),
    errPct: new Float64Array(W * R).fill(Number.NaN),
  };

  // Solvent load is lumped over all solvents (a plate rarely mixes organic solvents), so the
  // strictest limit among the bench's solvents is the one that can break.
  let solventLimit = Number.POSITIVE_INFINITY;
  for (let r = 0; r < R; r++) {
    if (reagentType[r] === SOLVENT && maxPct[r] >= 0)
      solventLimit = Math.min(solventLimit, maxPct[r]);
  }

  for (let w = 0; w < W; w++) {
    const base = w * R;
    let V = 0;
    let dominant = -1;
    let dominantVol = 0;
    for (let r = 0; r < R; r++) {
      const v = vol[base + r];
      if (v > 0) {
        V += v;
        if (v > dominantVol) {
          dominantVol = v;
          dominant = r;
        }
      }
    }
    out.volumeUL[w] = V;
    out.dominant[w] = dominant;
    if (!(V > 0)) {
      out.pH[w] = Number.NaN;
      out.ionicMM[w] = Number.NaN;
      continue; // vehiclePct 0, band NONE, status EMPTY, broken 0 from the fresh arrays
    }

    let buffer = 0;
    let solvent = 0;
    let ionic = 0;
    let band = NO_BAND;
    let status: number = STATUS.EMPTY;
    let broken = 0;
    for (let r = 0; r < R; r++) {
      const i = base + r;
      const v = vol[i] > 0 ? vol[i] : 0;
      const target = targetNM[i];
      if (v === 0 && !(target >= 0)) continue;
      const d = dilution !== undefined && dilution[i] > 0 ? dilution[i] : 1;
      const pred = predictNM(stockNM[r] / d, v, V);
      out.predictedNM[i] = pred;
      out.errPct[i] = errorPct(pred, nanToNull(target));
      const s = targetStatus(pred, nanToNull(target), nanToNull(tolPct[i]), V);
      if (s > status) status = s;
      if (v === 0) continue;

      const b = bandCode(v);
      if (b < band) band = b;
      if (reagentType[r] === BUFFER) buffer += v;
      if (solventLoad[r] === 1) solvent += solventVolumeUL(v, nanToNull(stockPct[r]));
      ionic += ionicContributionMM(pred, nanToNull(ionicMM[r]), v, V);
      if (v < minTransferUL[r] - SLACK) broken |= CONSTRAINT.MIN_TRANSFER;
      if (reagentType[r] !== SOLVENT && vehiclePct(v, V) > maxPct[r] + SLACK) {
        broken |= CONSTRAINT.MAX_PERCENT;
      }
    }

    const vehicle = vehiclePct(solvent, V);
    if (solvent > 0 && vehicle > solventLimit + SLACK) broken |= CONSTRAINT.SOLVENT_LOAD;
    if (V > capacity + SLACK) broken |= CONSTRAINT.OVERFILL;

    out.vehiclePct[w] = vehicle;
    out.pH[w] = derivedPH(buffer, V);
    out.ionicMM[w] = capIonicStrength(ionic);
    out.band[w] = band === NO_BAND ? BAND.NONE : band;
    out.status[w] = broken !== 0 ? STATUS.ERROR : status;
    out.broken[w] = broken;
  }
  return out;
}

function orNaN(x: number | null | undefined): number {
  return x != null && Number.isFinite(x) ? x : Number.NaN;
}

/** Per-reagent arrays of a bench, in bench order. */
export function benchArrays(
  bench: readonly BenchReagentInfo[],
): Pick<
  MetricsInput,
  'stockNM' | 'stockPct' | 'reagentType' | 'solventLoad' | 'ionicMM' | 'maxPct' | 'minTransferUL'
> {
  const R = bench.length;
  const a = {
    stockNM: new Float64Array(R),
    stockPct: new Float64Array(R),
    reagentType: new Uint8Array(R),
    solventLoad: new Uint8Array(R),
    ionicMM: new Float64Array(R),
    maxPct: new Float64Array(R),
    minTransferUL: new Float64Array(R),
  };
  bench.forEach((b, r) => {
    a.stockNM[r] = orNaN(b.stock_nM);
    a.stockPct[r] = orNaN(b.stock_pct);
    a.reagentType[r] = reagentTypeCode(b.type);
    a.solventLoad[r] = countsAsSolventLoad(b.type, b.solvent) ? 1 : 0;
    a.ionicMM[r] = orNaN(b.ionic_strength_mM);
    a.maxPct[r] = orNaN(b.max_concentration_percent);
    a.minTransferUL[r] = orNaN(b.min_transfer_ul);
  });
  return a;
}

/**
 * Builds the kernel's input from wells in wire form and the bench (reagent r = bench[r],
 * well w = row-major index). Ids are accepted in any case or padding; wells outside the
 * plate and unknown reagents are skipped (validatePlateWells reports them).
 */
export function metricsInputFromPlate(
  defn: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
): MetricsInput {
  const W = defn.rows * defn.cols;
  const R = bench.length;
  const slugIndex = new Map(bench.map((b, r) => [b.slug, r]));
  const volumeUL = new Float64Array(W * R);
  const targetNM = new Float64Array(W * R).fill(Number.NaN);
  const tolPct = new Float64Array(W * R).fill(Number.NaN);
  const dilution = new Float64Array(W * R).fill(1);
  for (const [id, well] of Object.entries(wells)) {
    const w = indexOfWellId(id, defn);
    if (w < 0 || !well?.targets) continue;
    for (const [slug, t] of Object.entries(well.targets)) {
      const r = slugIndex.get(slug);
      if (r === undefined) continue;
      const i = w * R + r;
      volumeUL[i] = t.volume_uL > 0 && Number.isFinite(t.volume_uL) ? t.volume_uL : 0;
      targetNM[i] = orNaN(t.target_nM);
      tolPct[i] = orNaN(t.tol_pct);
      dilution[i] = t.dilution != null && t.dilution > 0 ? t.dilution : 1;
    }
  }
  return {
    wellCount: W,
    reagentCount: R,
    ...benchArrays(bench),
    volumeUL,
    targetNM,
    tolPct,
    dilution,
    capacityUL: WELL_CAPACITY_UL[defn.format],
  };
}
