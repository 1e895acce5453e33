/**
 * The dispense plan of a campaign: every plate planned by the dispensing engine's own rules
 * (planWells: volumes in droplets, backfill, bulk, unmet targets), and each compound transfer
 * taken from the library wells that hold the compound, whose volumes are followed across the
 * whole campaign in run order (plate by plate): the dead volume counted once per well, a
 * transfer that finds no well with enough left named with its plate and well and a remedy.
 * Series points below what the stock can give come from intermediates made once per
 * compound for the campaign (intermediatesOf), drawn from the library well too. Controls and
 * the backfill solvent get source wells as in a plate's plan (assignSourceWells).
 */
import type { PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireWell, WireWells } from '../plate-wire';
import { intermediatesOf } from '../dispensing/intermediates';
import type { Intermediate, SourceFill, Transfer, UnmetWell } from '../dispensing/plan-types';
import { sourcePlateTypeById } from '../dispensing/plate-types';
import { resolveSettings, type DispenseSettings } from '../dispensing/settings';
import { assignSourceWells, fillOf, type PendingTransfer } from '../dispensing/source-wells';
import { volumeText } from '../dispensing/source-choice';
import { planWells, type WellPlan, type WellTransfer } from '../dispensing/well-plans';

/** A library source well as the plan reads it: its volume now (before this plan). */
export interface LibrarySource {
  barcode: string;
  plate_type: string;
  well: string;
  compound_id: string;
  concentration_nM: number;
  current_uL: number;
}

/** A transfer of the campaign: the instrument's row, the compound it carries, its plate. */
export interface CampaignTransfer extends Transfer {
  /** the compound id for a library transfer; null for controls and the backfill */
  compound_id: string | null;
  /** 1-based position of the destination plate in the campaign */
  plate_index: number;
}

/** A library well after the plan: what it held, what the plan takes, what is left. */
export interface SourceWellVolume {
  barcode: string;
  plate_type: string;
  well: string;
  compound_id: string;
  start_uL: number;
  dead_uL: number;
  taken_uL: number;
  remaining_uL: number;
  transfers: number;
}

/** A transfer no library well can give: where it would go, what is short, what to do. */
export interface SourceShortfall {
  /** the destination plate's barcode, or "intermediate" for a working stock to prepare */
  plate: string;
  plate_index: number;
  destination_well: string;
  compound_id: string;
  volume_uL: number;
  source_barcode: string | null;
  source_well: string | null;
  /** what the best well could still give above its dead volume */
  available_uL: number;
  remedy: string;
}

/** One plate's figures in the campaign view. */
export interface CampaignPlateSummary {
  barcode: string;
  transfers: number;
  unmet: number;
  shortfalls: number;
  /** lowest and highest solvent (v/v %) of a filled well, per solvent */
  solvent_pct: Record<string, { min: number; max: number }>;
}

export interface CampaignPlan {
  settings: DispenseSettings;
  /** grouped by source plate, then destination plate, in run order */
  transfers: CampaignTransfer[];
  library: SourceWellVolume[];
  /** the other source wells (controls, backfill, intermediates) and what to fill them with */
  sources: SourceFill[];
  intermediates: Intermediate[];
  unmet: (UnmetWell & { plate: string })[];
  shortfalls: SourceShortfall[];
  plates: CampaignPlateSummary[];
  warnings: string[];
}

/**
 * A plate as the plan reads it: its wells without their samples (plates of one layout share
 * one object, which the engine plans once), the wells that hold a sample (plates of one
 * layout may share one list: the plan then finds each well in it once) and each one's sample
 * (the compound id), in the same order.
 */
export interface CampaignPlanPlate {
  barcode: string;
  shape: WireWells;
  sampleWells: readonly string[];
  samples: readonly string[];
}

export interface CampaignPlanInput {
  defn: PlateDefn;
  plates: readonly CampaignPlanPlate[];
  bench: readonly BenchReagentInfo[];
  settings: Partial<DispenseSettings> | null;
  /** the bench slugs that stand for library compounds (the well's sample names which) */
  stocks: ReadonlyMap<string, { concentration_nM: number; solvent: string }>;
  library: readonly LibrarySource[];
}

const SLACK = 1e-9;
const nl = (uL: number) => Number((uL * 1000).toFixed(3));
const round6 = (v: number) => Number(v.toFixed(6));

/**
 * Plates as the plan reads them from their wells: each plate's wells without their samples,
 * plates whose wells differ only by their samples sharing one object.
 */
export function campaignPlanPlates(
  plates: readonly { barcode: string; wells: WireWells }[],
): CampaignPlanPlate[] {
  // each distinct well without its sample once, numbered in the order first met
  const distinct = new Map<string, { well: WireWell; n: number }>();
  const shapes = new Map<string, WireWells>();
  return plates.map((plate) => {
    const shape: WireWells = {};
    const sampleWells: string[] = [];
    const samples: string[] = [];
    let key = '';
    for (const [id, w] of Object.entries(plate.wells)) {
      const { sample, ...rest } = w;
      if (sample !== undefined) {
        sampleWells.push(id);
        samples.push(sample);
      }
      const text = JSON.stringify(rest);
      let shared = distinct.get(text);
      if (!shared) distinct.set(text, (shared = { well: rest, n: distinct.size }));
      shape[id] = shared.well;
      key += `${id}:${shared.n},`;
    }
    let known = shapes.get(key);
    if (!known) shapes.set(key, (known = shape));
    return { barcode: plate.barcode, shape: known, sampleWells, samples };
  });
}

/**
 * The library grouped by concentration and compound, each group's wells chained in library
 * order. Made once per library list: a library kept by the server is planned many times.
 */
interface SourceIndex {
  /** [concentration] -> [compound] -> the index of its first well */
  first: Map<number, Map<string, number>>;
  /** the next well of the same compound and concentration, or -1 */
  next: Int32Array;
  /** each group's first well, in order of first appearance */
  heads: number[];
  /** each well's dead volume (its plate type's) */
  dead: Float64Array;
}

const indexes = new WeakMap<readonly LibrarySource[], SourceIndex>();

function sourceIndexOf(library: readonly LibrarySource[]): SourceIndex {
  const known = indexes.get(library);
  if (known) return known;
  const n = library.length;
  const index: SourceIndex = {
    first: new Map(),
    next: new Int32Array(n).fill(-1),
    heads: [],
    dead: new Float64Array(n),
  };
  // each group's last well so far, at its first well's index
  const tail = new Int32Array(n);
  const deadOf = new Map<string, number>();
  let firstOf: Map<string, number> | undefined;
  let conc = NaN;
  for (let i = 0; i < n; i++) {
    const s = library[i];
    let dead = deadOf.get(s.plate_type);
    if (dead === undefined) {
      dead = sourcePlateTypeById(s.plate_type)?.dead_uL ?? 0;
      deadOf.set(s.plate_type, dead);
    }
    index.dead[i] = dead;
    // a library is a few concentrations, mostly in runs
    if (s.concentration_nM !== conc || !firstOf) {
      conc = s.concentration_nM;
      firstOf = index.first.get(conc);
      if (!firstOf) index.first.set(conc, (firstOf = new Map()));
    }
    const head = firstOf.get(s.compound_id);
    if (head === undefined) {
      firstOf.set(s.compound_id, i);
      index.heads.push(i);
      tail[i] = i;
    } else {
      index.next[tail[head]] = i;
      tail[head] = i;
    }
  }
  indexes.set(library, index);
  return index;
}

/** A library well as a remedy reads it. */
interface SourceLeft {
  barcode: string;
  plate_type: string;
  well: string;
  current_uL: number;
  taken: number;
  /** what it can still give above its dead volume */
  left: number;
}

/** A transfer of a layout's well plan, read once for every plate of the layout. */
interface StepTransfer {
  t: WellTransfer;
  /** the stock's concentration when it is a library stock, else null */
  conc: number | null;
  nL: number;
  /** the volume rounded as a well's taken volume is */
  v6: number;
}

/**
 * A layout's plan as each of its plates reads it: the wells with unmet rows or transfers,
 * in plate order, and the plate's solvent range (the same for every plate of the layout).
 */
interface LayoutSteps {
  warnings: readonly string[];
  steps: { id: string; unmet: WellPlan['unmet']; transfers: StepTransfer[] }[];
  solvent: Record<string, { min: number; max: number }>;
}

function layoutSteps(
  planned: ReturnType<typeof planWells>,
  stocks: CampaignPlanInput['stocks'],
): LayoutSteps {
  const solvent: LayoutSteps['solvent'] = {};
  // a distinct plan's solvent range counts once a plate
  const counted = new Set<number>();
  const read = new Map<WellPlan, StepTransfer[]>();
  const steps: LayoutSteps['steps'] = [];
  planned.ids.forEach((id, k) => {
    const slot = planned.slots[k];
    const plan = planned.plans[slot];
    if (plan.solvent && !counted.has(slot)) {
      counted.add(slot);
      for (const [key, pct] of Object.entries(plan.solvent.solvent_pct)) {
        const r = (solvent[key] ??= { min: pct, max: pct });
        r.min = Math.min(r.min, pct);
        r.max = Math.max(r.max, pct);
      }
    }
    if (plan.unmet.length === 0 && plan.transfers.length === 0) return;
    let transfers = read.get(plan);
    if (!transfers) {
      transfers = plan.transfers.map((t) => ({
        t,
        conc: stocks.get(t.reagent)?.concentration_nM ?? null,
        nL: nl(t.volumeUL),
        v6: round6(t.volumeUL),
      }));
      read.set(plan, transfers);
    }
    steps.push({ id, unmet: plan.unmet, transfers });
  });
  return { warnings: planned.warnings, steps, solvent };
}

/** Plans the campaign: every plate's wells through the engine, the sources followed across it. */
export function planCampaign(input: CampaignPlanInput): CampaignPlan {
  const { defn, bench } = input;
  const rs = resolveSettings(defn.format, input.settings);
  const s = rs.settings;
  const library = input.library;
  const sourceIndex = sourceIndexOf(library);
  const { dead, next } = sourceIndex;
  // what the plan takes from each library well, and how many transfers
  const taken = new Float64Array(library.length);
  const count = new Int32Array(library.length);
  const left = (i: number) => library[i].current_uL - dead[i] - taken[i];
  const transfersBySource = new Map<string, CampaignTransfer[]>();
  const shortfalls: SourceShortfall[] = [];
  const unmet: CampaignPlan['unmet'] = [];
  const summaries: CampaignPlateSummary[] = [];
  const warnings = new Set<string>();
  // plates of one layout (the same wells but for their samples) have one plan: the engine
  // plans each layout once
  const byLayout = new Map<WireWells, LayoutSteps>();
  // [layout] -> [a list of sample wells] -> each step's place in that list, or -1
  const placesOf = new Map<LayoutSteps, Map<readonly string[], Int32Array>>();
  const placesIn = (layout: LayoutSteps, wells: readonly string[]): Int32Array => {
    let known = placesOf.get(layout);
    if (!known) placesOf.set(layout, (known = new Map()));
    let places = known.get(wells);
    if (!places) {
      const at = new Map(wells.map((id, k) => [id, k]));
      places = Int32Array.from(layout.steps, (step) => at.get(step.id) ?? -1);
      known.set(wells, places);
    }
    return places;
  };
  // controls and backfill: placed on source wells after the loop, as a plate's plan does
  const other: (PendingTransfer & { plate: number; well: string; reagent: string })[] = [];
  // intermediates: per compound and factor, the transfers they feed
  const diluted: (PendingTransfer & {
    plate: number;
    well: string;
    compound: string;
    stock: string;
    factor: number;
  })[] = [];

  // the list of the last source pushed to: a plate's compounds come from a few library plates
  let lastSource = '';
  let lastList: CampaignTransfer[] | undefined;
  const push = (t: CampaignTransfer) => {
    const source = t.source_barcode || t.source_plate;
    if (source !== lastSource || !lastList) {
      lastSource = source;
      lastList = transfersBySource.get(source);
      if (!lastList) transfersBySource.set(source, (lastList = []));
    }
    lastList.push(t);
  };

  /**
   * Takes v uL (v6: v rounded as taken volumes are) of a compound from its first library
   * well that can give it, its index; else a shortfall and -1.
   */
  const take = (
    compound: string,
    conc: number,
    v: number,
    v6: number,
    plate: string,
    plateIndex: number,
    well: string,
  ): number => {
    const head = sourceIndex.first.get(conc)?.get(compound) ?? -1;
    for (let i = head; i >= 0; i = next[i]) {
      if (left(i) + SLACK < v) continue;
      taken[i] = taken[i] === 0 ? v6 : round6(taken[i] + v);
      count[i] += 1;
      return i;
    }
    let best = -1;
    for (let i = head; i >= 0; i = next[i]) if (best < 0 || left(i) > left(best)) best = i;
    const at: SourceLeft | null =
      best < 0 ? null : { ...library[best], taken: taken[best], left: left(best) };
    shortfalls.push({
      plate,
      plate_index: plateIndex,
      destination_well: well,
      compound_id: compound,
      volume_uL: v,
      source_barcode: at?.barcode ?? null,
      source_well: at?.well ?? null,
      available_uL: at ? round6(Math.max(0, at.left)) : 0,
      remedy: remedyOf(compound, conc, v, at),
    });
    return -1;
  };

  input.plates.forEach((plate, p) => {
    const plateIndex = p + 1;
    const barcode = plate.barcode;
    let layout = byLayout.get(plate.shape);
    if (!layout) {
      layout = layoutSteps(planWells(defn, plate.shape, bench, rs), input.stocks);
      byLayout.set(plate.shape, layout);
    }
    for (const w of layout.warnings) warnings.add(w);
    const summary: CampaignPlateSummary = {
      barcode,
      transfers: 0,
      unmet: 0,
      shortfalls: 0,
      solvent_pct: Object.fromEntries(
        Object.entries(layout.solvent).map(([key, r]) => [key, { ...r }]),
      ),
    };
    const shortBefore = shortfalls.length;
    const places = placesIn(layout, plate.sampleWells);
    for (let k = 0; k < layout.steps.length; k++) {
      const { id, unmet: wellUnmet, transfers } = layout.steps[k];
      for (const u of wellUnmet) unmet.push({ plate: barcode, well: id, ...u });
      summary.unmet += wellUnmet.length;
      for (const { t, conc, nL, v6 } of transfers) {
        if (conc === null) {
          other.push({ ...t, plate: plateIndex, well: id });
          continue;
        }
        const compound = places[k] < 0 ? '' : plate.samples[places[k]];
        if (!compound) {
          unmet.push({
            plate: barcode,
            well: id,
            reagent: t.reagent,
            reason: 'The well holds a library stock but names no compound (its sample)',
            proposal: 'Give the well the compound id as its sample',
          });
          summary.unmet += 1;
          continue;
        }
        if (t.factor > 1) {
          diluted.push({ ...libraryKey(t, compound), plate: plateIndex, well: id, compound });
          continue;
        }
        const i = take(compound, conc, t.volumeUL, v6, barcode, plateIndex, id);
        if (i < 0) continue;
        const src = library[i];
        summary.transfers += 1;
        push({
          source_plate: src.barcode,
          source_barcode: src.barcode,
          source_plate_type: src.plate_type,
          source_well: src.well,
          destination_plate: barcode,
          destination_barcode: barcode,
          destination_plate_type: s.destination_plate_type,
          destination_well: id,
          volume_nL: nL,
          reagent: t.reagent,
          stock_nM: src.concentration_nM,
          compound_id: compound,
          plate_index: plateIndex,
        });
      }
    }
    summary.shortfalls = shortfalls.length - shortBefore;
    summaries.push(summary);
  });

  const sources: SourceFill[] = [];
  const type = rs.sourceType;
  const slugIndex = new Map(bench.map((b) => [b.slug, b]));

  // Intermediates: source wells on intermediate plates, prepared once per compound and factor
  // from the library well (the volume of stock each takes is drawn from it).
  const intermediates: Intermediate[] = [];
  if (diluted.length > 0) {
    const placed = assignSourceWells(diluted, type);
    const needs = new Map<string, Map<number, number>>();
    const first = new Map<string, (typeof diluted)[number]>();
    for (const d of diluted) if (!first.has(d.key)) first.set(d.key, d);
    for (const u of placed.wells) {
      const d = first.get(u.key)!;
      const map = needs.get(`${d.compound}\u0000${d.stock}`) ?? new Map<number, number>();
      map.set(d.factor, (map.get(d.factor) ?? 0) + fillOf(u.transfersUL, type));
      needs.set(`${d.compound}\u0000${d.stock}`, map);
      sources.push({
        plate: `Intermediate[${u.plate}]`,
        barcode: '',
        type: type.id,
        well: u.well,
        reagent: d.compound,
        concentration: input.stocks.get(d.stock)!.concentration_nM / d.factor,
        diluent: input.stocks.get(d.stock)!.solvent,
        fill_uL: fillOf(u.transfersUL, type),
        dead_uL: type.dead_uL,
        transfers_uL: u.transfersUL,
      });
    }
    diluted.forEach((d, k) => {
      const at = placed.placed[k];
      const stock = input.stocks.get(d.stock)!;
      push({
        source_plate: `Intermediate[${at.plate}]`,
        source_barcode: '',
        source_plate_type: type.id,
        source_well: at.well,
        destination_plate: input.plates[d.plate - 1].barcode,
        destination_barcode: input.plates[d.plate - 1].barcode,
        destination_plate_type: s.destination_plate_type,
        destination_well: d.well,
        volume_nL: nl(d.volumeUL),
        reagent: d.stock,
        stock_nM: stock.concentration_nM / d.factor,
        compound_id: d.compound,
        plate_index: d.plate,
      });
    });
    for (const [key, map] of needs) {
      const [compound, stockSlug] = key.split('\u0000');
      const stock = input.stocks.get(stockSlug)!;
      const made = intermediatesOf(compound, stock.concentration_nM, map, stock.solvent);
      intermediates.push(...made.intermediates);
      const fromStock = made.intermediates
        .filter((m) => Math.abs(m.from_concentration - stock.concentration_nM) < 1e-6)
        .reduce((a, m) => a + m.from_uL, 0);
      if (fromStock > 0)
        take(
          compound,
          stock.concentration_nM,
          round6(fromStock),
          round6(fromStock),
          'intermediate',
          0,
          '',
        );
    }
  }

  // Controls and backfill: source wells as in a plate's plan.
  if (other.length > 0) {
    const placed = assignSourceWells(other, type);
    const reagentOf = new Map(other.map((t) => [t.key, t.reagent]));
    for (const u of placed.wells) {
      const reagent = reagentOf.get(u.key)!;
      sources.push({
        plate: `Controls[${u.plate}]`,
        barcode: '',
        type: type.id,
        well: u.well,
        reagent,
        concentration: slugIndex.get(reagent)?.stock_nM ?? null,
        diluent: null,
        fill_uL: fillOf(u.transfersUL, type),
        dead_uL: type.dead_uL,
        transfers_uL: u.transfersUL,
      });
    }
    other.forEach((t, k) => {
      const at = placed.placed[k];
      const plate = input.plates[t.plate - 1];
      summaries[t.plate - 1].transfers += 1;
      push({
        source_plate: `Controls[${at.plate}]`,
        source_barcode: '',
        source_plate_type: type.id,
        source_well: at.well,
        destination_plate: plate.barcode,
        destination_barcode: plate.barcode,
        destination_plate_type: s.destination_plate_type,
        destination_well: t.well,
        volume_nL: nl(t.volumeUL),
        reagent: t.reagent,
        stock_nM: slugIndex.get(t.reagent)?.stock_nM ?? null,
        compound_id: null,
        plate_index: t.plate,
      });
    });
  }

  const volumes: SourceWellVolume[] = [];
  for (const head of sourceIndex.heads) {
    for (let i = head; i >= 0; i = next[i]) {
      const x = library[i];
      volumes.push({
        barcode: x.barcode,
        plate_type: x.plate_type,
        well: x.well,
        compound_id: x.compound_id,
        start_uL: x.current_uL,
        dead_uL: dead[i],
        taken_uL: taken[i],
        remaining_uL: round6(x.current_uL - taken[i]),
        transfers: count[i],
      });
    }
  }
  return {
    settings: s,
    transfers: [...transfersBySource.values()].flat(),
    library: volumes,
    sources,
    intermediates,
    unmet,
    shortfalls,
    plates: summaries,
    warnings: [...warnings],
  };
}

/** The pending row of a diluted library transfer: keyed by compound and factor. */
function libraryKey(t: WellTransfer, compound: string) {
  return {
    key: `${compound}@${t.factor}`,
    volumeUL: t.volumeUL,
    stock: t.reagent,
    factor: t.factor,
  };
}

/** What to do when no library well of a compound can give a transfer. */
function remedyOf(
  compound: string,
  concentrationNM: number,
  v: number,
  best: SourceLeft | null,
): string {
  if (!best) {
    return `No library well holds ${compound} at ${concentrationNM / 1e6} mM: add a source well of it to the library`;
  }
  const type = sourcePlateTypeById(best.plate_type);
  const room = type ? type.max_uL - (best.current_uL - best.taken) : Infinity;
  const need = round6(v - Math.max(0, best.left));
  return room + SLACK >= need
    ? `Top up ${best.barcode} ${best.well} with at least ${volumeText(need)} of ${compound}, or add a second source well of it`
    : `Add a second source well of ${compound}: ${best.barcode} ${best.well} cannot hold enough`;
}
