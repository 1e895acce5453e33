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
import { planWells, type WellTransfer } from '../dispensing/well-plans';

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
 * one object, which the engine plans once) and each well's sample (the compound id).
 */
export interface CampaignPlanPlate {
  barcode: string;
  shape: WireWells;
  samples: ReadonlyMap<string, string>;
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

interface SourceState extends LibrarySource {
  dead: number;
  taken: number;
  count: number;
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
    const samples = new Map<string, string>();
    let key = '';
    for (const [id, w] of Object.entries(plate.wells)) {
      const { sample, ...rest } = w;
      if (sample !== undefined) samples.set(id, sample);
      const text = JSON.stringify(rest);
      let shared = distinct.get(text);
      if (!shared) distinct.set(text, (shared = { well: rest, n: distinct.size }));
      shape[id] = shared.well;
      key += `${id}:${shared.n},`;
    }
    let known = shapes.get(key);
    if (!known) shapes.set(key, (known = shape));
    return { barcode: plate.barcode, shape: known, samples };
  });
}

/** Library wells by compound and concentration, in library order. */
function sourcesByCompound(library: readonly LibrarySource[]): Map<string, SourceState[]> {
  const map = new Map<string, SourceState[]>();
  const deadOf = new Map<string, number>();
  for (const s of library) {
    let dead = deadOf.get(s.plate_type);
    if (dead === undefined) {
      dead = sourcePlateTypeById(s.plate_type)?.dead_uL ?? 0;
      deadOf.set(s.plate_type, dead);
    }
    const state: SourceState = {
      barcode: s.barcode,
      plate_type: s.plate_type,
      well: s.well,
      compound_id: s.compound_id,
      concentration_nM: s.concentration_nM,
      current_uL: s.current_uL,
      dead,
      taken: 0,
      count: 0,
    };
    const key = `${s.compound_id}\u0000${s.concentration_nM}`;
    const list = map.get(key);
    if (list) list.push(state);
    else map.set(key, [state]);
  }
  return map;
}

/** What a well can still give: its volume less the dead volume and what the plan took. */
const left = (s: SourceState) => s.current_uL - s.dead - s.taken;

/** Plans the campaign: every plate's wells through the engine, the sources followed across it. */
export function planCampaign(input: CampaignPlanInput): CampaignPlan {
  const { defn, bench } = input;
  const rs = resolveSettings(defn.format, input.settings);
  const s = rs.settings;
  const byCompound = sourcesByCompound(input.library);
  const transfersBySource = new Map<string, CampaignTransfer[]>();
  const shortfalls: SourceShortfall[] = [];
  const unmet: CampaignPlan['unmet'] = [];
  const summaries: CampaignPlateSummary[] = [];
  const warnings = new Set<string>();
  // plates of one layout (the same wells but for their samples) have one plan: the engine
  // plans each layout once
  const byLayout = new Map<WireWells, ReturnType<typeof planWells>>();
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

  const push = (t: CampaignTransfer) => {
    const list = transfersBySource.get(t.source_barcode || t.source_plate);
    if (list) list.push(t);
    else transfersBySource.set(t.source_barcode || t.source_plate, [t]);
  };

  /** Takes v uL of a compound from its first library well that can give it; else a shortfall. */
  const take = (
    compound: string,
    stock: string,
    v: number,
    where: { plate: string; plate_index: number; well: string },
  ): SourceState | null => {
    const conc = input.stocks.get(stock)!.concentration_nM;
    const list = byCompound.get(`${compound}\u0000${conc}`) ?? [];
    const found = list.find((x) => left(x) + SLACK >= v);
    if (found) {
      found.taken = round6(found.taken + v);
      found.count += 1;
      return found;
    }
    const best = list.reduce<SourceState | null>((a, x) => (!a || left(x) > left(a) ? x : a), null);
    shortfalls.push({
      plate: where.plate,
      plate_index: where.plate_index,
      destination_well: where.well,
      compound_id: compound,
      volume_uL: v,
      source_barcode: best?.barcode ?? null,
      source_well: best?.well ?? null,
      available_uL: best ? round6(Math.max(0, left(best))) : 0,
      remedy: remedyOf(compound, conc, v, best),
    });
    return null;
  };

  input.plates.forEach((plate, p) => {
    const plateIndex = p + 1;
    let planned = byLayout.get(plate.shape);
    if (!planned) byLayout.set(plate.shape, (planned = planWells(defn, plate.shape, bench, rs)));
    for (const w of planned.warnings) warnings.add(w);
    // a distinct plan's solvent range counts once a plate
    const counted = new Set<number>();
    const summary: CampaignPlateSummary = {
      barcode: plate.barcode,
      transfers: 0,
      unmet: 0,
      shortfalls: 0,
      solvent_pct: {},
    };
    const shortBefore = shortfalls.length;
    planned.ids.forEach((id, k) => {
      const slot = planned.slots[k];
      const plan = planned.plans[slot];
      for (const u of plan.unmet) unmet.push({ plate: plate.barcode, well: id, ...u });
      summary.unmet += plan.unmet.length;
      if (plan.solvent && !counted.has(slot)) {
        counted.add(slot);
        for (const [key, pct] of Object.entries(plan.solvent.solvent_pct)) {
          const r = (summary.solvent_pct[key] ??= { min: pct, max: pct });
          r.min = Math.min(r.min, pct);
          r.max = Math.max(r.max, pct);
        }
      }
      for (const t of plan.transfers) {
        if (!input.stocks.has(t.reagent)) {
          other.push({ ...t, plate: plateIndex, well: id });
          continue;
        }
        const compound = plate.samples.get(id) ?? '';
        if (!compound) {
          unmet.push({
            plate: plate.barcode,
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
        const src = take(compound, t.reagent, t.volumeUL, {
          plate: plate.barcode,
          plate_index: plateIndex,
          well: id,
        });
        if (!src) continue;
        summary.transfers += 1;
        push({
          source_plate: src.barcode,
          source_barcode: src.barcode,
          source_plate_type: src.plate_type,
          source_well: src.well,
          destination_plate: plate.barcode,
          destination_barcode: plate.barcode,
          destination_plate_type: s.destination_plate_type,
          destination_well: id,
          volume_nL: nl(t.volumeUL),
          reagent: t.reagent,
          stock_nM: src.concentration_nM,
          compound_id: compound,
          plate_index: plateIndex,
        });
      }
    });
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
        take(compound, stockSlug, round6(fromStock), {
          plate: 'intermediate',
          plate_index: 0,
          well: '',
        });
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

  const library: SourceWellVolume[] = [];
  for (const list of byCompound.values()) {
    for (const x of list) {
      library.push({
        barcode: x.barcode,
        plate_type: x.plate_type,
        well: x.well,
        compound_id: x.compound_id,
        start_uL: x.current_uL,
        dead_uL: x.dead,
        taken_uL: x.taken,
        remaining_uL: round6(x.current_uL - x.taken),
        transfers: x.count,
      });
    }
  }
  return {
    settings: s,
    transfers: [...transfersBySource.values()].flat(),
    library,
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
  best: SourceState | null,
): string {
  if (!best) {
    return `No library well holds ${compound} at ${concentrationNM / 1e6} mM: add a source well of it to the library`;
  }
  const type = sourcePlateTypeById(best.plate_type);
  const room = type ? type.max_uL - (best.current_uL - best.taken) : Infinity;
  const need = round6(v - Math.max(0, left(best)));
  return room + SLACK >= need
    ? `Top up ${best.barcode} ${best.well} with at least ${volumeText(need)} of ${compound}, or add a second source well of it`
    : `Add a second source well of ${compound}: ${best.barcode} ${best.well} cannot hold enough`;
}
