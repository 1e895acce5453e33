/**
 * The dispense plan of a plate (GET /api/experiments/{id}/dispense-plan): every volume as the
 * instrument dispenses it, from the same kernel that predicts the plate, so the picklist's
 * transfers summed per well give exactly the concentrations the plate shows. Data in, data
 * out: the routes and exports only read it.
 */
import { solventOfReagent } from '../chemistry';
import { plateDefn, type PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireWells } from '../plate-wire';
import { idOfIndex, indexOfWellId } from '../well-id';
import { formatPercent } from '../accuracy';
import { effectiveTolerance } from '../prediction';
import { chainOf, pointAccuracy, preparationErrors } from './chain-accuracy';
import { intermediatesOf, type InexactPreparation } from './intermediates';
import { workingStockLabel } from './protocol-steps';
import { dilutesInSolvent } from './instruments';
import { BULK_RESERVOIR_TYPE, sourcePlateTypeById, type SourcePlateType } from './plate-types';
import type {
  DispensePlan,
  Intermediate,
  PointAccuracy,
  SourceFill,
  Transfer,
  UnmetWell,
} from './plan-types';
import { resolveSettings, type DispenseSettings, type ResolvedSettings } from './settings';
import { seriesSolventWarnings } from './series-solvent';
import { assignSourceWells, fillOf, type SourceWellUse } from './source-wells';
import { volumeText } from './source-choice';
import { countBulk, planWells, type WellTransfer } from './well-plans';

const DESTINATION_PLATE = 'Destination[1]';

/** A transfer of the plan with the well it goes to. */
interface PendingRow extends WellTransfer {
  dest: number;
  destWell: string;
  /** the well is unmet and dispensed anyway */
  missed: boolean;
}

function nl(volumeUL: number): number {
  return Number((volumeUL * 1000).toFixed(3));
}

function plateName(prefix: string, n: number): string {
  return `${prefix}[${n}]`;
}

function barcodeOf(base: string | undefined, n: number): string {
  if (!base) return '';
  return n > 1 ? `${base}-${n}` : base;
}

/** Plans the dispensing of a plate from its wells, its bench and the dispensing settings. */
export function planDispense(
  defn: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  settings?: Partial<DispenseSettings> | null,
): DispensePlan {
  const d = plateDefn(defn.format);
  const rs = resolveSettings(d.format, settings);
  const s = rs.settings;
  const { ids, slots, plans, warnings } = planWells(d, wells, bench, rs);
  const slugIndex = new Map(bench.map((b, r) => [b.slug, r]));
  const unmet: UnmetWell[] = [];
  const pending: PendingRow[] = [];
  const bulk = new Map<string, { reagent: string; volume_uL: number; wells: string[] }>();
  const solventRows: DispensePlan['wells'] = [];
  const bulkWells = new Map<string, number>();

  ids.forEach((id, k) => {
    const plan = plans[slots[k]];
    const dest = indexOfWellId(id, d);
    for (const u of plan.unmet)
      unmet.push({ well: id, reagent: u.reagent, reason: u.reason, proposal: u.proposal });
    if (plan.solvent) solventRows.push({ well: id, ...plan.solvent });
    // a well the plan cannot meet is not dispensed: no instrument file holds it, unless the
    // user asked to dispense it anyway, and then each of its transfers says so
    const missed = plan.unmet.length > 0;
    if (missed && !s.dispense_unmet) return;
    for (const t of plan.transfers) pending.push({ ...t, dest, destWell: id, missed });
    for (const b of plan.bulk) {
      const step = bulk.get(b.key) ?? { reagent: b.reagent, volume_uL: b.volume_uL, wells: [] };
      step.wells.push(id);
      bulk.set(b.key, step);
    }
    countBulk(bulkWells, plan);
  });

  // Source wells: liquids in order of first use.
  const type = rs.sourceType;
  const { placed, wells: used } = assignSourceWells(pending, type);
  const sources: SourceFill[] = [];
  const meta = new Map(pending.map((p) => [p.key, p]));
  const concentrationOf = (p: PendingRow): number | null => {
    const r = slugIndex.get(p.reagent);
    const stock = r === undefined ? null : bench[r].stock_nM;
    return stock != null && stock > 0 ? stock / p.factor : null;
  };
  const diluentOf = (p: { reagent: string; factor: number }) =>
    diluentFor(p, bench, slugIndex, rs, () => mostUsedBulk(bulkWells));
  for (const u of used) {
    const p = meta.get(u.key)!;
    sources.push({
      plate: plateName('Source', u.plate),
      barcode: barcodeOf(s.source_barcode, u.plate),
      type: type.id,
      well: u.well,
      reagent: p.reagent,
      concentration: concentrationOf(p),
      diluent: diluentOf(p),
      fill_uL: fillOf(u.transfersUL, type),
      dead_uL: type.dead_uL,
      transfers_uL: u.transfersUL,
    });
    if (u.transfersUL > type.max_uL - type.dead_uL + 1e-9) {
      warnings.push(
        `${u.key}: a single transfer of ${volumeText(u.transfersUL)} passes what one ${type.id} well can give.`,
      );
    }
  }
  for (const p of meta.values()) {
    const r = slugIndex.get(p.reagent);
    // aqueous: no solvent of its own (DMSO itself is a solvent: its null `solvent` field
    // read as aqueous, and every acoustic plan with DMSO on the bench warned falsely)
    const aqueous =
      r !== undefined && solventOfReagent(bench[r].type, bench[r].solvent, bench[r].slug) === null;
    if (type.fluid === 'dmso' && rs.instrument.kind === 'acoustic' && aqueous && p.factor === 1) {
      warnings.push(
        `${bench[r].name} is aqueous: ${type.id} is calibrated for DMSO; use an aqueous source plate type.`,
      );
    }
  }

  const transfers: Transfer[] = pending.map((p, k) => ({
    source_plate: plateName('Source', placed[k].plate),
    source_barcode: barcodeOf(s.source_barcode, placed[k].plate),
    source_plate_type: type.id,
    source_well: placed[k].well,
    destination_plate: DESTINATION_PLATE,
    destination_barcode: s.destination_barcode,
    destination_plate_type: s.destination_plate_type,
    destination_well: p.destWell,
    volume_nL: nl(p.volumeUL),
    reagent: p.reagent,
    stock_nM: concentrationOf(p),
    ...(p.missed ? { unmet: true } : {}),
  }));
  const sourceOrder = new Map(used.map((u, k) => [`${u.plate}|${u.well}`, k]));
  const order = transfers.map((t, k) => ({
    t,
    s: sourceOrder.get(`${placed[k].plate}|${t.source_well}`)!,
    d: pending[k].dest,
  }));
  order.sort((a, b) => a.s - b.s || a.d - b.d);

  // Bulk liquids: reservoirs, split by what one reservoir well can give.
  const reservoir = sourcePlateTypeById(BULK_RESERVOIR_TYPE)!;
  const bulkSteps = [...bulk.values()];
  const bulkPending = bulkSteps.flatMap((b) =>
    b.wells.map(() => ({ key: b.reagent, volumeUL: b.volume_uL })),
  );
  for (const u of assignSourceWells(bulkPending, reservoir).wells) {
    sources.push({
      plate: plateName('Reservoir', u.plate),
      barcode: '',
      type: reservoir.id,
      well: u.well,
      reagent: u.key,
      concentration: concentrationOf({
        key: u.key,
        volumeUL: 0,
        reagent: u.key,
        factor: 1,
        dest: 0,
        destWell: '',
        missed: false,
      }),
      diluent: null,
      fill_uL: fillOf(u.transfersUL, reservoir),
      dead_uL: reservoir.dead_uL,
      transfers_uL: u.transfersUL,
    });
  }

  const prepared = intermediatesFor(used, meta, type, bench, slugIndex, diluentOf);
  warnings.push(...prepared.warnings);
  if (!s.backfill) warnings.push(...solventSpreadWarnings(d, wells, bench, solventRows));
  // a pipette's working stocks are diluted in the aqueous diluent: the solvent falls with them
  const dilutedBy = pending.find((p) => p.factor > 1);
  if (!s.backfill && !dilutesInSolvent(rs.instrument) && dilutedBy) {
    const diluted = new Set(pending.filter((p) => p.factor > 1).map((p) => p.reagent));
    const diluent = diluentOf(dilutedBy) ?? 'assay diluent';
    const missed = new Set(unmet.map((u) => u.well));
    const rows = solventRows.filter((r) => !missed.has(r.well)); // dispensed wells only
    warnings.push(...seriesSolventWarnings(d, wells, bench, rows, diluted, diluent));
  }
  const points = pointsOf(d, wells, pending, prepared.intermediates, rs);
  const chained = points.filter((p) => p.factor > 1 && p.status === 'warning');
  if (chained.length > 0) warnings.push(chainWarning(chained));

  return {
    settings: s,
    transfers: order.map((o) => o.t),
    sources,
    bulk: bulkSteps,
    intermediates: prepared.intermediates,
    unmet,
    warnings: [...new Set(warnings)],
    wells: solventRows,
    points,
  };
}

/**
 * Each dispensed point (well and reagent) with its expected error along its chain of
 * dilutions (chain-accuracy.ts): the preparations of its source and its own transfer, in
 * quadrature, against the target's tolerance.
 */
function pointsOf(
  d: PlateDefn,
  wells: WireWells,
  pending: readonly PendingRow[],
  intermediates: readonly Intermediate[],
  rs: ResolvedSettings,
): PointAccuracy[] {
  const chains = preparationErrors(intermediates);
  const tolOf = new Map<string, WireWells[string]>();
  for (const [id, w] of Object.entries(wells)) {
    const i = indexOfWellId(id, d);
    if (i >= 0) tolOf.set(idOfIndex(d, i), w);
  }
  const out: PointAccuracy[] = [];
  const seen = new Map<string, number>();
  for (const p of pending) {
    const target = tolOf.get(p.destWell)?.targets[p.reagent];
    const tol = effectiveTolerance(target?.tol_pct);
    const chain = chains.get(p.reagent);
    const point = {
      well: p.destWell,
      reagent: p.reagent,
      factor: p.factor,
      ...pointAccuracy(chainOf(chain, p.factor), rs.instrument.bands, p.volumeUL, tol),
    };
    const key = `${p.destWell}|${p.reagent}`;
    const k = seen.get(key);
    // two transfers of one reagent to a well: the worse says the point's error
    if (k === undefined) seen.set(key, out.push(point) - 1);
    else if (point.error_pct > out[k].error_pct) out[k] = point;
  }
  return out;
}

/** Says the points whose chain of dilutions puts them outside their tolerance. */
function chainWarning(points: readonly PointAccuracy[]): string {
  const worst = points.reduce((a, p) => (p.error_pct > a.error_pct ? p : a));
  return (
    `${points.length} ${points.length === 1 ? 'point is' : 'points are'} fed from working ` +
    `stocks whose preparation errors and their own transfer add up past the target's ` +
    `tolerance (up to ±${worst.error_pct.toFixed(1)} % at ${worst.well}, ${worst.steps} ` +
    `pipetted steps from the stock): fewer dilution steps or larger transfers would keep ` +
    `them good.`
  );
}

/** Compound and control wells whose loads of a solvent differ more than this fold warn. */
const SOLVENT_SPREAD_FOLD = 2;

/**
 * Says each solvent whose load varies more than 2-fold across the compound and control wells
 * (a compound target, or tagged POS, NEG or vehicle), a well without it counting as 0 %, and
 * proposes the backfill that makes it constant: an assay reads the solvent too.
 */
function solventSpreadWarnings(
  d: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  rows: DispensePlan['wells'],
): string[] {
  const compounds = new Set(bench.filter((b) => b.type === 'chemical').map((b) => b.slug));
  const byId = new Map<string, WireWells[string]>();
  for (const [id, w] of Object.entries(wells)) {
    const i = indexOfWellId(id, d);
    if (i >= 0) byId.set(idOfIndex(d, i), w);
  }
  const counted = rows.filter((row) => {
    const w = byId.get(row.well);
    if (!w) return false;
    const control = (w.tags ?? []).some((t) => t === 'POS' || t === 'NEG' || t === 'vehicle');
    return control || Object.keys(w.targets).some((slug) => compounds.has(slug));
  });
  const keys = new Set(counted.flatMap((row) => Object.keys(row.solvent_pct)));
  const out: string[] = [];
  for (const key of keys) {
    const loads = counted.map((row) => row.solvent_pct[key] ?? 0);
    const lo = Math.min(...loads);
    const hi = Math.max(...loads);
    if (!(hi > SOLVENT_SPREAD_FOLD * lo + 1e-9)) continue;
    out.push(
      `${key.toUpperCase()} varies from ${loadText(lo)} to ${formatPercent(hi)} across the ` +
        `compound and control wells: a backfill of ${key.toUpperCase()} to ${formatPercent(hi)} ` +
        `(dispensing settings) would keep it constant.`,
    );
  }
  return out;
}

/** A solvent load in words: a well without the solvent holds none, "0 %", not "0.00 %". */
function loadText(pct: number): string {
  return pct === 0 ? '0 %' : formatPercent(pct);
}

/** The bulk liquid most wells get (the first of equals). */
function mostUsedBulk(count: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  let n = 0;
  for (const [k, c] of count) if (c > n) [best, n] = [k, c];
  return best;
}

/**
 * What a source liquid's working stock is diluted in; null for the stock itself. Acoustic
 * sources stay in the reagent's solvent; a pipette's working stock is made in the settings'
 * diluent, else the bulk liquid most wells get.
 */
function diluentFor(
  p: { reagent: string; factor: number },
  bench: readonly BenchReagentInfo[],
  slugIndex: ReadonlyMap<string, number>,
  rs: ResolvedSettings,
  mostUsed: () => string | undefined,
): string | null {
  if (p.factor <= 1) return null;
  const r = bench[slugIndex.get(p.reagent)!];
  return rs.instrument.kind === 'acoustic'
    ? (r.solvent ?? 'DMSO')
    : (rs.settings.diluent ?? mostUsed() ?? 'assay diluent');
}

/** Intermediates: what their source wells are filled with, prepared from the stock. */
function intermediatesFor(
  used: readonly SourceWellUse[],
  meta: ReadonlyMap<string, { reagent: string; factor: number }>,
  type: SourcePlateType,
  bench: readonly BenchReagentInfo[],
  slugIndex: ReadonlyMap<string, number>,
  diluentOf: (p: { reagent: string; factor: number }) => string | null,
): { intermediates: Intermediate[]; warnings: string[] } {
  const needs = new Map<string, Map<number, number>>();
  for (const u of used) {
    const p = meta.get(u.key)!;
    if (p.factor <= 1) continue;
    const map = needs.get(p.reagent) ?? new Map<number, number>();
    map.set(p.factor, (map.get(p.factor) ?? 0) + fillOf(u.transfersUL, type));
    needs.set(p.reagent, map);
  }
  const intermediates: Intermediate[] = [];
  const warnings: string[] = [];
  for (const [slug, map] of needs) {
    const r = bench[slugIndex.get(slug)!];
    const p = [...meta.values()].find((x) => x.reagent === slug && x.factor > 1)!;
    // volumes in a pipette's good band where they can be: the chain's error is each point's
    const made = intermediatesOf(slug, r.stock_nM!, map, diluentOf(p)!, true);
    intermediates.push(...made.intermediates);
    for (const x of made.inexact) warnings.push(inexactWarning(r.name, x));
  }
  return { intermediates, warnings };
}

/** Says that a working stock is made off its factor, by how much, and what would be exact. */
function inexactWarning(name: string, x: InexactPreparation): string {
  // a factor made larger is a stock less concentrated than the predictions assume
  const off = (x.factor / x.made - 1) * 100;
  const made = Number(x.made.toPrecision(6));
  return (
    `${workingStockLabel(name, x.factor)}: whole 0.1 µL volumes make it 1:${made}, ` +
    `${Math.abs(off).toPrecision(2)} % ${off > 0 ? 'more' : 'less'} concentrated than the ` +
    `plate predicts; a dilution of 1:${Number(x.factor.toPrecision(3))} would be made exactly.`
  );
}

/**
 * The working stocks a plate's plan prepares (its intermediates), as planDispense gives them,
 * without the plan's per-well rows: what a change of many wells needs to say which working
 * stocks it uses. The same per-well plans and source wells as planDispense.
 */
export function planPreparations(
  defn: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  settings?: Partial<DispenseSettings> | null,
): Pick<DispensePlan, 'intermediates'> {
  const d = plateDefn(defn.format);
  const rs = resolveSettings(d.format, settings);
  const { ids, slots, plans } = planWells(d, wells, bench, rs);
  const slugIndex = new Map(bench.map((b, r) => [b.slug, r]));
  const dispenseUnmet = rs.settings.dispense_unmet === true;
  // the transfers in run order (each distinct well's rows shared: only key and volume are
  // read), and the bulk liquids' well counts in order of first use
  const pending: WellTransfer[] = [];
  const bulkWells = new Map<string, number>();
  for (let k = 0; k < ids.length; k++) {
    const plan = plans[slots[k]];
    if (plan.unmet.length > 0 && !dispenseUnmet) continue; // not dispensed, as in planDispense
    for (const t of plan.transfers) pending.push(t);
    countBulk(bulkWells, plan);
  }
  const type = rs.sourceType;
  const { wells: used } = assignSourceWells(pending, type);
  const meta = new Map(pending.map((p) => [p.key, p]));
  const diluentOf = (p: { reagent: string; factor: number }) =>
    diluentFor(p, bench, slugIndex, rs, () => mostUsedBulk(bulkWells));
  const { intermediates } = intermediatesFor(used, meta, type, bench, slugIndex, diluentOf);
  return { intermediates };
}
