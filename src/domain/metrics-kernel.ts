/**
 * The per-well metrics kernel: typed arrays in, typed arrays out, no per-well objects. The
 * metrics worker calls it for the canvas; computePlateState calls it for the server's state,
 * so both read the same numbers from the same formulas (prediction.ts, accuracy.ts,
 * chemistry.ts). Nothing in this file may touch the DOM, I/O or shared state.
 */
import { BAND, bandCode } from './accuracy';
import { ionicContributionMM, solventOfReagent, solventVolumeUL, vehiclePct } from './chemistry';
import { balancePH, baseFraction, pKaAt, PKA_REFERENCE_C } from './chemistry/buffer-ph';
import { bufferIonicFactor, ionicFactor } from './chemistry/ionic-strength';
import { defaultSolventLimitPct, solventKey } from './chemistry/solvents';
import { backfillVolumeUL, roundToStep } from './dispensing/rounding';
import { routeOf, solventFraction, stepOf } from './dispensing/routing';
import {
  resolveSettings,
  type DispenseSettings,
  type ResolvedSettings,
} from './dispensing/settings';
import { STATUS, effectiveTolerance, errorPct, predictNM, targetStatus } from './prediction';
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
  /**
   * A volume its instrument cannot dispense as written: below one step or the instrument's
   * minimum, or (an entry without a target) rounded off its volume by more than the tolerance
   * (3.5 nL is one 2.5 nL droplet). The plan does not dispense such a well.
   */
  UNDISPENSABLE: 16,
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
  /**
   * [R] index of the solvent a reagent's volume brings (into solventLimitPct), -1 for none.
   * Absent: every solventLoad reagent counts toward one solvent held to the strictest
   * solvent limit of the bench (the behaviour before solvents were told apart).
   */
  solventId?: Int16Array;
  /** [S] each solvent's own v/v limit, % */
  solventLimitPct?: Float64Array;
  /** [R] ionic-strength factor 1/2 sum(count z^2) per formula unit; NaN without ions */
  ionFactor?: Float64Array;
  /**
   * [R] 1 for a salt whose ions are not named (a custom salt): without a declared ionic
   * strength it makes the well's ionic strength unknown, never 0
   */
  ionsUnknown?: Uint8Array;
  /** [R] buffers: pKa at 25 C, dpKa/dT, the pH the stock was made at; NaN when unknown */
  pKa?: Float64Array;
  dpKaPerC?: Float64Array;
  madeAtPH?: Float64Array;
  /**
   * [R] buffers: charge of the acid form (HEPES 0, Tris +1, phosphate -1), for the ionic
   * strength of its species at the well's pH; NaN when unknown
   */
  acidCharge?: Float64Array;
  /** the wells' temperature for pH, C; default 25 */
  temperatureC?: number;
  /** [W*R] step each volume is rounded to before anything is predicted, uL; 0 = none */
  stepUL?: Float64Array;
  /** [W*R] 1 when the entry goes by the bulk dispenser (its bands apply), else 0 */
  route?: Uint8Array;
  /** smallest volume each route dispenses (0 instrument, 1 bulk), uL; absent = no minimum */
  routeMinUL?: readonly number[];
  /** band thresholds per route (0 instrument, 1 bulk): below `poor` poor, below `moderate` moderate */
  bandLimitsUL?: readonly { poor: number; moderate: number }[];
  /** [W*R] share of an entry's volume that is its stock's solvent (1 when absent) */
  solventShare?: Float64Array;
  /** every non-empty well backfilled with solvent `solvent` to `percent` %, in steps of stepUL */
  backfill?: { solvent: number; percent: number; stepUL: number };
}

/** Per-well results. pH and ionic strength are NaN for empty wells. */
export interface MetricsOutput {
  /** [W] */
  volumeUL: Float64Array;
  /** [W] */
  pH: Float64Array;
  /**
   * [W] ionic strength, mM; NaN for an empty well and for a well holding a medium or a
   * buffer whose composition is unknown (it is not 0)
   */
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
  /** [W*R] the volume dispensed: the entry's volume rounded to its step */
  dispensedUL: Float64Array;
  /** [W] backfill solvent added to the well, uL (0 without backfill) */
  backfillUL: Float64Array;
  /** [W*S] load of each solvent in the well, % v/v (S = solventLimitPct.length) */
  solventPct: Float64Array;
  /** number of solvents told apart (S) */
  solventCount: number;
}

const BUFFER = REAGENT_TYPES.indexOf('buffer');
const MEDIA = REAGENT_TYPES.indexOf('media');
const SOLVENT = REAGENT_TYPES.indexOf('solvent');
// Volumes and percents come from float sums: do not call 0.1000000001 % a broken 0.1 % limit.
const SLACK = 1e-9;
const NO_BAND = 255;

function nanToNull(x: number): number | null {
  return Number.isNaN(x) ? null : x;
}

/** The lumped solvent of inputs that do not tell solvents apart. */
function lumpedSolvents(input: MetricsInput): { id: Int16Array; limit: Float64Array } {
  let limit = Number.POSITIVE_INFINITY;
  for (let r = 0; r < input.reagentCount; r++) {
    if (input.reagentType[r] === SOLVENT && input.maxPct[r] >= 0)
      limit = Math.min(limit, input.maxPct[r]);
  }
  const id = new Int16Array(input.reagentCount);
  for (let r = 0; r < input.reagentCount; r++) id[r] = input.solventLoad[r] === 1 ? 0 : -1;
  return { id, limit: Float64Array.of(limit) };
}

/**
 * Whether a written volume `raw`, dispensed as `v` (on its step), cannot be dispensed: it
 * rounds to nothing, lands below the route's minimum, or (without a target, whose error says
 * it otherwise) is off the written volume by more than the tolerance.
 */
export function undispensable(
  raw: number,
  v: number,
  minUL: number,
  targetNM: number,
  tolPct: number,
): boolean {
  if (v === 0 || v < minUL - SLACK) return true;
  if (targetNM >= 0) return false;
  return Math.abs(v - raw) > (raw * effectiveTolerance(nanToNull(tolPct))) / 100 + SLACK;
}

function bandOfRoute(v: number, route: number, limits: MetricsInput['bandLimitsUL']): number {
  const l = limits?.[route];
  if (!l) return bandCode(v);
  if (!(v > 0) || !Number.isFinite(v)) return BAND.NONE;
  if (v < l.poor) return BAND.POOR;
  if (v < l.moderate) return BAND.MODERATE;
  return BAND.GOOD;
}

/** Computes every well's metrics; allocates the outputs once and nothing per well. */
export function computeMetrics(input: MetricsInput): MetricsOutput {
  const W = input.wellCount;
  const R = input.reagentCount;
  const { stockNM, stockPct, reagentType, ionicMM, maxPct, minTransferUL } = input;
  const { volumeUL: vol, targetNM, tolPct, dilution, stepUL, route, solventShare } = input;
  const routeMin = input.routeMinUL;
  const capacity = input.capacityUL ?? Number.NaN;
  const lumped = input.solventId && input.solventLimitPct ? null : lumpedSolvents(input);
  const solventId = input.solventId ?? lumped!.id;
  const solventLimit = input.solventLimitPct ?? lumped!.limit;
  const S = solventLimit.length;
  const ionF = input.ionFactor;
  const ionsUnknown = input.ionsUnknown;
  const pKa = input.pKa;
  const temperature = input.temperatureC ?? PKA_REFERENCE_C;
  const backfill = input.backfill;

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
    dispensedUL: new Float64Array(W * R),
    backfillUL: new Float64Array(W),
    solventPct: new Float64Array(W * S),
    solventCount: S,
  };
  // Per-well scratch, allocated once: solvent volumes and the buffers' pH balance.
  const solventUL = new Float64Array(S);
  const bufC = new Float64Array(R);
  const bufPKa = new Float64Array(R);
  // per buffer: its acid form's charge (NaN: its ions are counted otherwise) and its
  // deprotonated fraction where its stock was made, for the ionic strength at the well's pH
  const bufZ = new Float64Array(R);
  const bufMade = new Float64Array(R);
  const acidCharge = input.acidCharge;
  const disp = out.dispensedUL;

  for (let w = 0; w < W; w++) {
    const base = w * R;
    let V = 0;
    let dominant = -1;
    let dominantVol = 0;
    solventUL.fill(0);
    // First pass: the volumes as dispensed (rounded to each entry's step), the well volume
    // and the solvent each entry brings, which the backfill needs before any prediction.
    for (let r = 0; r < R; r++) {
      const i = base + r;
      const raw = vol[i] > 0 ? vol[i] : 0;
      const v = stepUL !== undefined && stepUL[i] > 0 ? roundToStep(raw, stepUL[i]) : raw;
      disp[i] = v;
      if (v > 0) {
        V += v;
        if (v > dominantVol) {
          dominantVol = v;
          dominant = r;
        }
        const s = solventId[r];
        if (s >= 0) {
          const share = solventShare !== undefined ? solventShare[i] : 1;
          solventUL[s] += solventVolumeUL(v, nanToNull(stockPct[r])) * share;
        }
      }
    }
    if (V > 0 && backfill && backfill.solvent >= 0 && backfill.solvent < S) {
      const b = backfillVolumeUL(V, solventUL[backfill.solvent], backfill.percent, backfill.stepUL);
      out.backfillUL[w] = b;
      V += b;
      solventUL[backfill.solvent] += b;
    }
    out.volumeUL[w] = V;
    out.dominant[w] = dominant;
    if (!(V > 0)) {
      out.pH[w] = Number.NaN;
      out.ionicMM[w] = Number.NaN;
      continue; // vehiclePct 0, band NONE, status EMPTY, broken 0 from the fresh arrays
    }

    let buffers = 0;
    let baseEq = 0;
    let ionic = 0;
    let ionicUnknown = false;
    let band = NO_BAND;
    let status: number = STATUS.EMPTY;
    let broken = 0;
    for (let r = 0; r < R; r++) {
      const i = base + r;
      const v = disp[i];
      const target = targetNM[i];
      if (stepUL !== undefined && vol[i] > 0) {
        const min = routeMin?.[route !== undefined ? route[i] : 0] ?? 0;
        if (undispensable(vol[i], v, min, target, tolPct[i])) broken |= CONSTRAINT.UNDISPENSABLE;
      }
      if (v === 0 && !(target >= 0)) continue;
      const d = dilution !== undefined && dilution[i] > 0 ? dilution[i] : 1;
      const pred = predictNM(stockNM[r] / d, v, V);
      out.predictedNM[i] = pred;
      out.errPct[i] = errorPct(pred, nanToNull(target));
      const s = targetStatus(pred, nanToNull(target), nanToNull(tolPct[i]), V);
      if (s > status) status = s;
      if (v === 0) continue;

      const b = bandOfRoute(v, route !== undefined ? route[i] : 0, input.bandLimitsUL);
      if (b < band) band = b;
      const ionF_r = ionF ? ionF[r] : NaN;
      const counted = Number.isFinite(ionicMM[r]) || Number.isFinite(ionF_r);
      const z =
        acidCharge !== undefined && pKa !== undefined && Number.isFinite(pKa[r])
          ? acidCharge[r]
          : NaN;
      if (!counted && (reagentType[r] === MEDIA || reagentType[r] === BUFFER)) {
        if (!Number.isFinite(z)) ionicUnknown = true;
      }
      if (!counted && ionsUnknown !== undefined && ionsUnknown[r] === 1) ionicUnknown = true;
      if (reagentType[r] === BUFFER && pKa !== undefined && pred > 0) {
        // A buffer without a pKa is taken at its own pH (pKa = made-at pH): alone it keeps
        // that pH, mixed it pulls toward it.
        const made = input.madeAtPH![r];
        const k = Number.isFinite(pKa[r]) ? pKa[r] : made;
        if (Number.isFinite(k) && Number.isFinite(made)) {
          const dk = Number.isFinite(pKa[r]) ? input.dpKaPerC![r] || 0 : 0;
          bufC[buffers] = pred;
          bufPKa[buffers] = pKaAt(k, dk, temperature);
          bufZ[buffers] = counted ? NaN : z;
          bufMade[buffers] = baseFraction(k, made);
          baseEq += pred * baseFraction(k, made);
          buffers++;
        }
      }
      ionic += ionicContributionMM(pred, nanToNull(ionicMM[r]), ionF_r, v, V);
      if (v < minTransferUL[r] - SLACK) broken |= CONSTRAINT.MIN_TRANSFER;
      if (reagentType[r] !== SOLVENT && vehiclePct(v, V) > maxPct[r] + SLACK) {
        broken |= CONSTRAINT.MAX_PERCENT;
      }
    }

    let total = 0;
    for (let k = 0; k < S; k++) {
      const pct = vehiclePct(solventUL[k], V);
      out.solventPct[w * S + k] = pct;
      total += pct;
      if (solventUL[k] > 0 && pct > solventLimit[k] + SLACK) broken |= CONSTRAINT.SOLVENT_LOAD;
    }
    if (V > capacity + SLACK) broken |= CONSTRAINT.OVERFILL;

    out.vehiclePct[w] = total;
    const pH = buffers > 0 ? balancePH(bufC, bufPKa, buffers, baseEq) : Number.NaN;
    out.pH[w] = pH;
    // Buffers counted by their species: their charge at the well's pH (chemistry/ionic-strength.ts).
    for (let k = 0; k < buffers; k++) {
      if (Number.isFinite(bufZ[k]))
        ionic +=
          (bufC[k] / 1e6) * bufferIonicFactor(bufZ[k], baseFraction(bufPKa[k], pH), bufMade[k]);
    }
    out.ionicMM[w] = ionicUnknown ? Number.NaN : ionic;
    out.band[w] = band === NO_BAND ? BAND.NONE : band;
    out.status[w] = broken !== 0 ? STATUS.ERROR : status;
    out.broken[w] = broken;
  }
  return out;
}

function orNaN(x: number | null | undefined): number {
  return x != null && Number.isFinite(x) ? x : Number.NaN;
}

type BenchArrays = Pick<
  MetricsInput,
  | 'stockNM'
  | 'stockPct'
  | 'reagentType'
  | 'solventLoad'
  | 'ionicMM'
  | 'maxPct'
  | 'minTransferUL'
  | 'ionFactor'
  | 'ionsUnknown'
  | 'pKa'
  | 'dpKaPerC'
  | 'madeAtPH'
  | 'acidCharge'
> & { solventId: Int16Array; solventLimitPct: Float64Array; solventKeys: string[] };

/**
 * Per-reagent arrays of a bench, in bench order, and the solvents told apart: each solvent a
 * reagent brings (a compound's stock solvent too) or the backfill names, held to the limit
 * of that solvent's bench reagent, else to its default (chemistry/solvents.ts).
 */
export function benchArrays(
  bench: readonly BenchReagentInfo[],
  extraSolvents: readonly string[] = [],
): BenchArrays {
  const R = bench.length;
  const a = {
    stockNM: new Float64Array(R),
    stockPct: new Float64Array(R),
    reagentType: new Uint8Array(R),
    solventLoad: new Uint8Array(R),
    ionicMM: new Float64Array(R),
    maxPct: new Float64Array(R),
    minTransferUL: new Float64Array(R),
    ionFactor: new Float64Array(R),
    ionsUnknown: new Uint8Array(R),
    pKa: new Float64Array(R),
    dpKaPerC: new Float64Array(R),
    madeAtPH: new Float64Array(R),
    acidCharge: new Float64Array(R),
    solventId: new Int16Array(R).fill(-1),
  };
  const keys: string[] = [];
  const limits: number[] = [];
  const idOf = (key: string) => {
    let k = keys.indexOf(key);
    if (k < 0) {
      k = keys.push(key) - 1;
      limits.push(defaultSolventLimitPct(key));
    }
    return k;
  };
  const declared = new Map<string, number>();
  bench.forEach((b, r) => {
    a.stockNM[r] = orNaN(b.stock_nM);
    a.stockPct[r] = orNaN(b.stock_pct);
    a.reagentType[r] = reagentTypeCode(b.type);
    a.ionicMM[r] = orNaN(b.ionic_strength_mM);
    a.maxPct[r] = orNaN(b.max_concentration_percent);
    a.minTransferUL[r] = orNaN(b.min_transfer_ul);
    a.ionFactor[r] = ionicFactor(b.ions);
    a.ionsUnknown[r] = b.salt === true && Number.isNaN(a.ionFactor[r]) ? 1 : 0;
    a.pKa[r] = orNaN(b.pKa);
    a.dpKaPerC[r] = orNaN(b.dpKa_dT);
    a.madeAtPH[r] = orNaN(b.ph);
    a.acidCharge[r] = orNaN(b.acid_charge);
    const key = solventOfReagent(b.type, b.solvent, b.slug);
    if (key === null) return;
    a.solventLoad[r] = 1;
    a.solventId[r] = idOf(key);
    if (a.reagentType[r] === SOLVENT && b.max_concentration_percent != null) {
      const prev = declared.get(key);
      const max = b.max_concentration_percent;
      declared.set(key, prev === undefined ? max : Math.min(prev, max));
    }
  });
  for (const key of extraSolvents) idOf(key);
  for (const [key, max] of declared) limits[keys.indexOf(key)] = max;
  return { ...a, solventLimitPct: Float64Array.from(limits), solventKeys: keys };
}

/** The solvent key of a backfill: a bench reagent's slug or a solvent's name. */
export function backfillSolventKey(
  bench: readonly BenchReagentInfo[],
  solvent: string,
): string | null {
  const reagent = bench.find((b) => b.slug === solvent);
  return reagent
    ? solventOfReagent(reagent.type, reagent.solvent, reagent.slug)
    : solventKey(solvent);
}

/**
 * Builds the kernel's input from wells in wire form and the bench (reagent r = bench[r],
 * well w = row-major index). Ids are accepted in any case or padding; wells outside the
 * plate and unknown reagents are skipped (validatePlateWells reports them). With
 * `dispensing` settings, volumes are rounded to the step of the instrument that dispenses
 * them, bands follow that instrument and the backfill is added: predictions then show what
 * will really be dispensed. `null` (an experiment that never saved settings) means the
 * format's defaults, as the dispense plan reads it; only `undefined` (pure arithmetic, no
 * instrument) takes the volumes as written.
 */
export function metricsInputFromPlate(
  defn: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  dispensing?: Partial<DispenseSettings> | ResolvedSettings | null,
): MetricsInput & { solventKeys: string[] } {
  const W = defn.rows * defn.cols;
  const R = bench.length;
  const resolved =
    dispensing === undefined
      ? null
      : dispensing === null
        ? // an experiment whose settings were never saved dispenses with its format's
          // defaults, so its predictions are rounded as the plan rounds them
          resolveSettings(defn.format, {})
        : 'instrument' in dispensing && typeof dispensing.instrument === 'object'
          ? (dispensing as ResolvedSettings)
          : resolveSettings(defn.format, dispensing as Partial<DispenseSettings>);
  const backfill = resolved?.settings.backfill ?? null;
  const backfillKey = backfill ? backfillSolventKey(bench, backfill.solvent) : null;
  const arrays = benchArrays(bench, backfillKey ? [backfillKey] : []);
  const slugIndex = new Map(bench.map((b, r) => [b.slug, r]));
  const volumeUL = new Float64Array(W * R);
  const targetNM = new Float64Array(W * R).fill(Number.NaN);
  const tolPct = new Float64Array(W * R).fill(Number.NaN);
  const dilution = new Float64Array(W * R).fill(1);
  const stepUL = resolved ? new Float64Array(W * R) : undefined;
  const route = resolved ? new Uint8Array(W * R) : undefined;
  const solventShare = resolved ? new Float64Array(W * R).fill(1) : undefined;
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
      if (resolved) {
        const rt = routeOf(bench[r], t, resolved);
        route![i] = rt === 'bulk' ? 1 : 0;
        stepUL![i] = stepOf(rt, resolved);
        solventShare![i] = solventFraction(dilution[i], resolved);
      }
    }
  }
  const { solventKeys, ...benchInput } = arrays;
  const input: MetricsInput & { solventKeys: string[] } = {
    wellCount: W,
    reagentCount: R,
    ...benchInput,
    volumeUL,
    targetNM,
    tolPct,
    dilution,
    capacityUL: WELL_CAPACITY_UL[defn.format],
    solventKeys,
  };
  if (resolved) {
    input.stepUL = stepUL;
    input.route = route;
    input.solventShare = solventShare;
    input.bandLimitsUL = [bandLimits(resolved.instrument), bandLimits(resolved.bulk)];
    // the plan holds only the instrument's transfers to its minimum (routing.ts keeps a
    // volume under the bulk dispenser's minimum with the instrument)
    input.routeMinUL = [resolved.instrument.min_nL / 1000, 0];
    input.temperatureC = resolved.settings.temperature_C ?? PKA_REFERENCE_C;
    if (backfill && backfill.percent > 0) {
      input.backfill = {
        solvent: backfillKey ? solventKeys.indexOf(backfillKey) : -1,
        percent: backfill.percent,
        stepUL: resolved.instrument.step_nL / 1000,
      };
    }
  }
  return input;
}

/** The band thresholds of an instrument profile, uL. */
function bandLimits(profile: ResolvedSettings['instrument']): { poor: number; moderate: number } {
  let poor = 0;
  let moderate = 0;
  for (const b of profile.bands) {
    if (b.below_nL == null) continue;
    if (b.band === 'poor') poor = Math.max(poor, b.below_nL / 1000);
    moderate = Math.max(moderate, b.below_nL / 1000);
  }
  return { poor, moderate };
}
