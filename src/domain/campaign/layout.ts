/**
 * A campaign's plates (SCREENING.md "Libraries and campaigns"): the same control layout on
 * every plate, optionally moved from plate to plate under a seed (so that a swapped plate
 * shows in the data), and the compounds laid in the wells left for them, single point or an
 * N-point series with replicates, a compound never split across plates. Pure: what each
 * plate holds, as the plate ops (ops.ts) that write it, so the plates are ordinary plates.
 */
import type { PlateDefn } from '../plate-format';
import type { PrimitiveOp } from '../plate/ops';
import type { LayoutTemplate } from '../layout/templates';
import { mulberry32, randomInt, shuffle } from '../layout/prng';
import { wellListIndices } from '../layout/well-list';
import { idOfIndex, parseWellId } from '../well-id';

/** How each compound is laid: `points` concentrations from `top_nM` down by `factor`, each `replicates` times. */
export interface CompoundDose {
  top_nM: number;
  points: number;
  factor: number;
  replicates: number;
}

/** A compound to place: its id and the bench slug of the library stock it comes from. */
export interface CampaignCompound {
  compound_id: string;
  /** bench slug of the stock (one per distinct library concentration and solvent) */
  stock: string;
}

/** One compound well of a plate. */
export interface CompoundWell {
  well: string;
  compound_id: string;
  stock: string;
  target_nM: number;
  point: number;
  replicate: number;
}

/** What one plate of a campaign holds. */
export interface CampaignPlateLayout {
  /** 1-based position in the campaign */
  index: number;
  barcode: string;
  /** rows the controls are moved down by (cyclically, within their columns) */
  control_shift: number;
  /** the control template as it lands on this plate, anchored at A1 */
  controls: LayoutTemplate;
  compounds: CompoundWell[];
  /** compound wells left empty (the last plate) */
  empty_wells: number;
}

/** A barcode: the prefix and the counter padded with zeros to `digits`. */
export function campaignBarcode(prefix: string, digits: number, n: number): string {
  return `${prefix}${String(n).padStart(digits, '0')}`;
}

/** Compounds in library order, or shuffled reproducibly by `seed`. */
export function orderCompounds<T>(compounds: readonly T[], seed: number | null): T[] {
  const list = [...compounds];
  return seed === null ? list : shuffle(mulberry32(seed), list);
}

/**
 * The template as it lands at `at`, anchored at A1 and moved down `shift` rows (a row that
 * runs off the bottom comes back at the top): every control keeps its column, so controls
 * that fill their columns stay balanced between the plate's left and right halves, and a
 * checkerboard stays one in every row band.
 */
export function shiftedTemplate(
  template: LayoutTemplate,
  at: { row: number; col: number },
  shift: number,
  defn: Pick<PlateDefn, 'rows' | 'cols'>,
): LayoutTemplate {
  return {
    name: template.name,
    wells: template.wells.map((w) => ({
      ...w,
      dr: (((at.row + w.dr + shift) % defn.rows) + defn.rows) % defn.rows,
      dc: at.col + w.dc,
    })),
  };
}

/** Indices of the wells the template covers on the plate. */
function templateIndices(template: LayoutTemplate, cols: number): Set<number> {
  return new Set(template.wells.map((w) => w.dr * cols + w.dc));
}

export interface CampaignLayoutInput {
  defn: PlateDefn;
  template: LayoutTemplate;
  /** where the template's top-left lands */
  at: string;
  /** the wells compounds may take (ids or rectangles); default: every column without a control */
  compound_wells?: readonly string[];
  compounds: readonly CampaignCompound[];
  dose: CompoundDose;
  barcode: { prefix: string; digits: number; start: number };
  /** move the controls from plate to plate under this seed; null: the same wells everywhere */
  shift_seed: number | null;
  /** refuse a campaign of more plates than this */
  max_plates: number;
}

export type CampaignLayout =
  | { ok: true; plates: CampaignPlateLayout[]; per_plate: number; warnings: string[] }
  | { ok: false; message: string };

/** The concentration of a series point: the top divided by the factor once per step. */
export function pointTarget(dose: CompoundDose, point: number): number {
  return Number((dose.top_nM / dose.factor ** point).toPrecision(12));
}

/**
 * Lays out the campaign: how many compounds each plate takes (its compound wells divided by
 * points x replicates), the plates that follows from, each plate's barcode, control shift and
 * compound wells. A compound's wells run in row-major order of the compound wells: its points
 * for the first replicate, then for the next.
 */
export function layCampaign(input: CampaignLayoutInput): CampaignLayout {
  const { defn, template, dose } = input;
  const at = parseWellId(input.at, defn);
  if (!at) return { ok: false, message: `"${input.at}" is not a well of this plate` };
  for (const w of template.wells) {
    if (at.row + w.dr >= defn.rows || at.col + w.dc >= defn.cols) {
      return { ok: false, message: `The layout at ${input.at} runs off the plate` };
    }
  }
  const controlCols = new Set(template.wells.map((w) => at.col + w.dc));
  let region: number[];
  if (input.compound_wells && input.compound_wells.length > 0) {
    const read = wellListIndices(defn, input.compound_wells);
    if (read.bad !== undefined)
      return { ok: false, message: `"${read.bad}" is not a well of this plate` };
    region = read.indices;
  } else {
    region = [];
    for (let i = 0; i < defn.rows * defn.cols; i++)
      if (!controlCols.has(i % defn.cols)) region.push(i);
  }
  const group = dose.points * dose.replicates;
  const rng = input.shift_seed === null ? null : mulberry32(input.shift_seed);
  const plates: CampaignPlateLayout[] = [];
  let next = 0;
  let perPlate = 0;
  const n = input.compounds.length;
  const targets = Array.from({ length: dose.points }, (_, p) => pointTarget(dose, p));
  const ids = Array.from({ length: defn.rows * defn.cols }, (_, i) => idOfIndex(defn, i));
  while (next < n || plates.length === 0) {
    const index = plates.length + 1;
    if (index > input.max_plates) {
      return {
        ok: false,
        message: `${n} compounds need more than ${input.max_plates} plates: choose fewer compounds or more wells per plate`,
      };
    }
    // the first plate keeps the layout as designed; the others move under the seed
    const shift = rng && index > 1 ? randomInt(rng, defn.rows) : 0;
    const controls = shiftedTemplate(template, at, shift, defn);
    const taken = templateIndices(controls, defn.cols);
    const free = region.filter((i) => !taken.has(i));
    const fits = Math.floor(free.length / group);
    if (fits === 0) {
      return {
        ok: false,
        message: `Plate ${index} has ${free.length} wells for compounds, fewer than one compound's ${group}`,
      };
    }
    if (index === 1) perPlate = fits;
    const take = Math.min(perPlate, fits, n - next);
    const compounds: CompoundWell[] = [];
    for (let k = 0; k < take; k++) {
      const c = input.compounds[next + k];
      for (let r = 0; r < dose.replicates; r++) {
        for (let p = 0; p < dose.points; p++) {
          const i = free[k * group + r * dose.points + p];
          compounds.push({
            well: ids[i],
            compound_id: c.compound_id,
            stock: c.stock,
            target_nM: targets[p],
            point: p + 1,
            replicate: r + 1,
          });
        }
      }
    }
    next += take;
    plates.push({
      index,
      barcode: campaignBarcode(
        input.barcode.prefix,
        input.barcode.digits,
        input.barcode.start + index - 1,
      ),
      control_shift: shift,
      controls,
      compounds,
      empty_wells: free.length - compounds.length,
    });
  }
  return { ok: true, plates, per_plate: perPlate, warnings: halvesWarnings(template, defn) };
}

/**
 * Says when a control kind is not balanced between the plate's left and right halves (a
 * row shift never changes that balance, so the template decides it).
 */
function halvesWarnings(template: LayoutTemplate, defn: Pick<PlateDefn, 'cols'>): string[] {
  const count = new Map<string, [number, number]>();
  for (const w of template.wells) {
    for (const tag of w.tags ?? []) {
      if (tag !== 'POS' && tag !== 'NEG') continue;
      const c = count.get(tag) ?? [0, 0];
      c[w.dc < defn.cols / 2 ? 0 : 1] += 1;
      count.set(tag, c);
    }
  }
  const out: string[] = [];
  for (const [tag, [left, right]] of count) {
    if (left !== right)
      out.push(`${tag} controls are not balanced between the plate halves (${left} and ${right})`);
  }
  return out;
}

/**
 * The plate ops that write one plate of the campaign, but its samples: the controls (the
 * template op, so the layout tools' own rules apply), then each compound stock and target to
 * its wells (the dispensing engine plans the volumes). Its compound ids come after them, one
 * sample op a well in the order of plate.compounds (plateSamples).
 */
export function plateShapeOps(
  plate: CampaignPlateLayout,
): (PrimitiveOp | Record<string, unknown>)[] {
  const ops: (PrimitiveOp | Record<string, unknown>)[] = [
    { op: 'template', template: plate.controls, at: 'A1' },
  ];
  type SetOp = { op: 'set'; wells: string[]; reagent: string; target_nM: number };
  // [stock] -> [target] -> its set op; the ops in order of first use
  const sets = new Map<string, Map<number, SetOp>>();
  const setOps: SetOp[] = [];
  for (const c of plate.compounds) {
    let byTarget = sets.get(c.stock);
    if (!byTarget) sets.set(c.stock, (byTarget = new Map()));
    let set = byTarget.get(c.target_nM);
    if (!set) {
      set = { op: 'set', wells: [], reagent: c.stock, target_nM: c.target_nM };
      byTarget.set(c.target_nM, set);
      setOps.push(set);
    }
    set.wells.push(c.well);
  }
  ops.push(...setOps);
  return ops;
}

/** A plate's compound wells and ids in order: each well's compound id is its sample op. */
export function plateSamples(plate: CampaignPlateLayout): { wells: string[]; compounds: string[] } {
  return {
    wells: plate.compounds.map((c) => c.well),
    compounds: plate.compounds.map((c) => c.compound_id),
  };
}
