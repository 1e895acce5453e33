// What the plate's well fills mean: "colour by" a reagent type, a reagent, the concentration
// of one reagent (log heat map), a well's role (controls vs samples) or its target status.
// Pure: wells, bench and statuses in, one 0xRRGGBB fill per well (-1 = empty) and the legend
// with counts out. The canvas draws the fills; the legend lists what they stand for.
import type { PlateDefn } from '../domain/plate-format';
import type { WireWell, WireWells } from '../domain/plate-wire';
import { formatConcentration } from '../domain/accuracy';
import { filledArray } from '../domain/filled-array';
import { hasTargets } from '../domain/plate-wells';
import { STATUS } from '../domain/prediction';
import { REAGENT_TYPE_LABELS, REAGENT_TYPES, reagentTypeCode } from '../domain/reagent-types';
import { plateIds } from '../domain/layout/well-list';
import type { ColourMode } from '../state/colour-mode-store';
import {
  compoundColour,
  HEAT_STOPS,
  heatColour,
  lerpColour,
  reagentColour,
  seriesRamp,
} from './colour-palette';
import { readoutColouring, type ReadoutColouringInput, type ValueScale } from './colour-by-readout';
import { transferColouring, type TransferStatus } from './colour-by-transfer';
import { MARKER, markerOfTags, TYPE_FILL } from './well-appearance';

export const COLOUR_MODE_LABELS: Record<ColourMode, string> = {
  layout: 'Layout (role and compound)',
  type: 'Reagent type',
  reagent: 'Reagent',
  concentration: 'Concentration',
  series: 'Concentration, every compound',
  role: 'Tag / role',
  status: 'Status',
  transfer: 'Transfer status',
  readout: 'Readout value',
};

/** What a reagent of the bench is for the colours: its slug, name and (server or display) type. */
export interface ColourReagent {
  slug: string;
  name: string;
  type: string;
}

/** One line of the legend. */
export interface LegendEntry {
  key: string;
  label: string;
  colour: number;
  count: number;
  /** Low-to-high colours when the entry stands for a range (a compound's series). */
  ramp?: readonly [number, number];
}

export interface ColourScale {
  /** Lowest and highest concentration on the plate, nM. */
  minNM: number;
  maxNM: number;
  /** Colours from low to high, for a gradient bar. */
  stops: readonly number[];
}

export interface Colouring {
  /** [W] 0xRRGGBB, or -1 for a well drawn empty. */
  fill: Int32Array;
  legend: LegendEntry[];
  /** Only when colouring by concentration and the reagent is on the plate. */
  scale?: ColourScale;
  /** Only when colouring by readout value: the linear scale of the values shown. */
  valueScale?: ValueScale;
}

/** Fill of wells that hold something, but not what the chosen colouring is about. */
export const OTHER_FILL = 0xd5dae1;

/** Role of a well: from its tags first, then whether it holds anything. */
export const ROLE = {
  positive: { label: 'Positive control', colour: 0xd1242f },
  negative: { label: 'Negative control', colour: 0x2458c6 },
  vehicle: { label: 'Vehicle / zero', colour: 0x8a94a3 },
  reserved: { label: 'Reserved', colour: 0x3b3f46 },
  sample: { label: 'Sample', colour: 0x1e9e8a },
} as const;
export type Role = keyof typeof ROLE;

// The role each marker stands for: the tags are read once, by markerOfTags (the highest
// marker wins when a well has several, as the highest role does).
const ROLE_OF_MARKER: Record<number, Role | null> = {
  [MARKER.NONE]: null,
  [MARKER.VEHICLE]: 'vehicle',
  [MARKER.NEGATIVE]: 'negative',
  [MARKER.POSITIVE]: 'positive',
  [MARKER.RESERVED]: 'reserved',
};

/** The role of a well, or null for an empty well. */
export function roleOfWell(well: WireWell | undefined): Role | null {
  if (!well) return null;
  const role = ROLE_OF_MARKER[markerOfTags(well.tags)];
  if (role) return role;
  return hasTargets(well) || !!well.sample || !!well.label ? 'sample' : null;
}

/** Status fills (colour by status). */
export const STATUS_FILL: Record<number, { label: string; colour: number }> = {
  [STATUS.GOOD]: { label: 'Within tolerance', colour: 0x1e8e3e },
  [STATUS.WARNING]: { label: 'Up to 2× tolerance', colour: 0xe0a100 },
  [STATUS.ERROR]: { label: 'Beyond tolerance', colour: 0xd1242f },
  [STATUS.UNKNOWN]: { label: 'No prediction', colour: 0x9aa3af },
};

/**
 * Fills of the layout colouring's controls: greys and black, so no compound colour (all of
 * them saturated hues) is mistaken for a control, whatever the reader's colour vision.
 */
export const LAYOUT_ROLE_FILL = {
  positive: { label: 'Positive control', colour: 0x1b1b1b },
  negative: { label: 'Negative control', colour: 0x6e6e6e },
  vehicle: { label: 'Vehicle / zero', colour: 0xb4b4b4 },
  reserved: { label: 'Reserved', colour: 0x4a3b2a },
  other: { label: 'Other contents (no compound)', colour: 0xe2e2e2 },
} as const;

/** Position of a concentration on the log scale from min to max (0 when they are equal). */
export function logPosition(nM: number, minNM: number, maxNM: number): number {
  if (!(nM > 0) || !(minNM > 0) || maxNM <= minNM) return 0;
  return (Math.log10(nM) - Math.log10(minNM)) / (Math.log10(maxNM) - Math.log10(minNM));
}

// Which reagents a well is "about" first: what is tested (compounds, biologicals) before what
// carries it (buffers, media, solvents).
const TYPE_RANK: Record<string, number> = {
  compound: 0,
  biological: 0,
  other: 1,
  buffer: 2,
  media: 2,
  solvent: 3,
};

/** Rank of each bench reagent for keyReagent: its type's rank, then its place on the bench. */
export function reagentRanks(reagents: readonly ColourReagent[]): Map<string, number> {
  return new Map(
    reagents.map((r, i) => [r.slug, TYPE_RANK[REAGENT_TYPES[reagentTypeCode(r.type)]] * 1e5 + i]),
  );
}

/**
 * The reagent a well is "about" for colour by reagent: the best ranked of its reagents, so a
 * compound in DMSO and medium shows as the compound, and a well of medium only as the medium.
 */
export function keyReagent(well: WireWell, rank: ReadonlyMap<string, number>): string | null {
  let best: string | null = null;
  let bestRank = Infinity;
  // for-in: no array per well (every well of a 1536 plate is read at each edit)
  for (const slug in well.targets) {
    const r = rank.get(slug) ?? 1e9;
    if (r < bestRank || (r === bestRank && best !== null && slug < best)) {
      best = slug;
      bestRank = r;
    }
  }
  return best;
}

/** Each position's well, its role and its key reagent (null where empty or none). */
interface WellFacts {
  wells: (WireWell | undefined)[];
  roles: (Role | null)[];
  keys: (string | null)[];
  /** the bench's reagents and types the keys were read with */
  ranking: string;
}

// The facts of the plate last coloured. An edit leaves the wells it did not touch as the same
// objects, and wells are never changed in place (plate/apply-ops.ts): the next state's facts
// are read again only where a position holds another object. One plate is coloured at a time;
// another one costs a whole reading, as without this.
let lastFacts: WellFacts | null = null;

function wellFacts(
  defn: PlateDefn,
  wells: WireWells,
  reagents: readonly ColourReagent[],
  rank: ReadonlyMap<string, number>,
): WellFacts {
  const ids = plateIds(defn);
  const W = ids.length;
  const ranking = reagents.map((r) => `${r.slug}\u0000${r.type}`).join('\u0001');
  const last = lastFacts?.ranking === ranking && lastFacts.wells.length === W ? lastFacts : null;
  const facts: WellFacts = {
    wells: filledArray<WireWell | undefined>(W, undefined),
    roles: filledArray<Role | null>(W, null),
    keys: filledArray<string | null>(W, null),
    ranking,
  };
  for (let i = 0; i < W; i++) {
    const well = wells[ids[i]];
    if (!well) continue;
    facts.wells[i] = well;
    if (last?.wells[i] === well) {
      facts.roles[i] = last.roles[i];
      facts.keys[i] = last.keys[i];
    } else {
      facts.roles[i] = roleOfWell(well);
      facts.keys[i] = keyReagent(well, rank);
    }
  }
  lastFacts = facts;
  return facts;
}

export interface ColouringInput {
  defn: PlateDefn;
  wells: WireWells;
  reagents: readonly ColourReagent[];
  mode: ColourMode;
  /** Colour by concentration: the reagent whose concentration is shown. */
  reagent?: string | null;
  /** [W] STATUS code per well (colour by status); treated as unknown when absent. */
  status?: Uint8Array;
  /** Colour by transfer status: each well's status from the transfer logs; none without a log. */
  transfer?: Readonly<Record<string, TransferStatus>>;
  /** Colour by readout value: the readout shown in the Results tab, its scale and hit threshold. */
  readout?: ReadoutColouringInput;
}

// The wells by position, their ids made once per format: the designer holds its documents
// keyed by canonical ids (canonicalizeWells), and a lookup per position costs a tenth of a
// for-in over a record of 1536 keys.
function eachWell(
  defn: PlateDefn,
  wells: WireWells,
  fn: (index: number, well: WireWell) => void,
): void {
  const ids = plateIds(defn);
  for (let i = 0; i < ids.length; i++) {
    const well = wells[ids[i]];
    if (well) fn(i, well);
  }
}

// Reagents a screen tests: each gets its own colour in the layout colouring.
const TESTED = new Set(['compound', 'biological']);
const typeOf = (r: ColourReagent | undefined) => REAGENT_TYPES[reagentTypeCode(r?.type)];

const NO_READOUT: ReadoutColouringInput = { values: null, scale: 'normalised', hitMin: 50 };

/** Fills and legend of a plate for a colour mode. */
export function colourWells(input: ColouringInput): Colouring {
  const { defn, wells, reagents, mode } = input;
  const W = defn.rows * defn.cols;
  const fill = new Int32Array(W).fill(-1);
  const counts = new Map<string, LegendEntry>();
  const count = (key: string, label: string, colour: number) => {
    const e = counts.get(key);
    if (e) e.count++;
    else counts.set(key, { key, label, colour, count: 1 });
  };
  const rank = reagentRanks(reagents);
  const facts = () => wellFacts(defn, wells, reagents, rank);
  const byslug = new Map(reagents.map((r) => [r.slug, r]));

  if (mode === 'type') {
    eachWell(defn, wells, (i, well) => {
      // the largest volume decides the type, as the metrics kernel's dominant reagent does
      let slug: string | null = null;
      let vol = -1;
      for (const [s, t] of Object.entries(well.targets)) {
        if (t.volume_uL > vol) {
          vol = t.volume_uL;
          slug = s;
        }
      }
      if (slug === null) return;
      const code = reagentTypeCode(byslug.get(slug)?.type);
      fill[i] = TYPE_FILL[code];
      const type = REAGENT_TYPES[code];
      count(type, REAGENT_TYPE_LABELS[type], TYPE_FILL[code]);
    });
    return { fill, legend: sortedLegend(counts, REAGENT_TYPES) };
  }

  if (mode === 'reagent') {
    // Colours follow the reagents that are on the plate, tested ones first, so that a bench
    // of 200 entries does not use up the distinct colours on reagents no well holds.
    const used = new Set<string>();
    const { keys } = facts();
    for (const key of keys) if (key) used.add(key);
    const ranked = [...used].toSorted(
      (a, b) => (rank.get(a) ?? 1e9) - (rank.get(b) ?? 1e9) || (a < b ? -1 : 1),
    );
    const colourOf = new Map(ranked.map((slug, k) => [slug, reagentColour(k)]));
    for (let i = 0; i < W; i++) {
      const key = keys[i];
      if (!key) continue;
      const colour = colourOf.get(key) ?? OTHER_FILL;
      fill[i] = colour;
      count(key, byslug.get(key)?.name ?? key, colour);
    }
    return { fill, legend: sortedLegend(counts, ranked) };
  }

  if (mode === 'layout') {
    // Controls by role (tags), tested wells by their compound (one colour each, in the
    // order the compounds first appear on the plate), anything else as other contents.
    const first = new Map<string, number>();
    const { roles: roleOf, keys } = facts();
    for (let i = 0; i < W; i++) {
      const key = keys[i];
      if (roleOf[i] !== 'sample' || !key || first.has(key)) continue;
      if (TESTED.has(typeOf(byslug.get(key)))) first.set(key, i);
    }
    const order = [...first.keys()].toSorted((a, b) => (first.get(a) ?? 0) - (first.get(b) ?? 0));
    const colourOf = new Map(order.map((slug, k) => [slug, compoundColour(k)]));
    for (let i = 0; i < W; i++) {
      const role = roleOf[i];
      if (!role) continue;
      if (role !== 'sample') {
        const look = LAYOUT_ROLE_FILL[role];
        fill[i] = look.colour;
        count(role, look.label, look.colour);
        continue;
      }
      const key = keys[i];
      const colour = key ? colourOf.get(key) : undefined;
      if (key && colour !== undefined) {
        fill[i] = colour;
        count(key, byslug.get(key)?.name ?? key, colour);
      } else {
        fill[i] = LAYOUT_ROLE_FILL.other.colour;
        count('other', LAYOUT_ROLE_FILL.other.label, LAYOUT_ROLE_FILL.other.colour);
      }
    }
    return {
      fill,
      legend: sortedLegend(counts, [
        ...order,
        'positive',
        'negative',
        'vehicle',
        'reserved',
        'other',
      ]),
    };
  }

  if (mode === 'series') return seriesColouring(fill, facts(), byslug);

  if (mode === 'concentration') {
    const slug = input.reagent ?? null;
    let minNM = Infinity;
    let maxNM = -Infinity;
    if (slug) {
      eachWell(defn, wells, (_i, well) => {
        const nM = well.targets[slug]?.target_nM;
        if (nM != null && nM > 0) {
          minNM = Math.min(minNM, nM);
          maxNM = Math.max(maxNM, nM);
        }
      });
    }
    const found = Number.isFinite(minNM);
    const name = (slug && byslug.get(slug)?.name) || slug || 'the reagent';
    eachWell(defn, wells, (i, well) => {
      const nM = slug ? well.targets[slug]?.target_nM : undefined;
      if (found && nM != null && nM > 0) {
        fill[i] = heatColour(logPosition(nM, minNM, maxNM));
        count('with', `With ${name}`, heatColour(0.5));
      } else if (slug && well.targets[slug]) {
        fill[i] = HEAT_STOPS[0];
        count('zero', `${name} without a concentration`, HEAT_STOPS[0]);
      } else if (hasTargets(well)) {
        fill[i] = OTHER_FILL;
        count('other', `Without ${name}`, OTHER_FILL);
      }
    });
    const legend = sortedLegend(counts, ['with', 'zero', 'other']);
    return found ? { fill, legend, scale: { minNM, maxNM, stops: HEAT_STOPS } } : { fill, legend };
  }

  if (mode === 'transfer') {
    return { fill, legend: transferColouring(defn, wells, input.transfer, fill) };
  }

  if (mode === 'readout') {
    return {
      fill,
      ...readoutColouring(defn, input.readout ?? NO_READOUT, fill, {
        colour: heatColour,
        stops: HEAT_STOPS,
      }),
    };
  }

  if (mode === 'role') {
    const { roles } = facts();
    for (let i = 0; i < W; i++) {
      const role = roles[i];
      if (!role) continue;
      fill[i] = ROLE[role].colour;
      count(role, ROLE[role].label, ROLE[role].colour);
    }
    return { fill, legend: sortedLegend(counts, Object.keys(ROLE)) };
  }

  // status
  eachWell(defn, wells, (i, well) => {
    if (!hasTargets(well)) return;
    const s = input.status?.[i] ?? STATUS.UNKNOWN;
    const look = STATUS_FILL[s] ?? STATUS_FILL[STATUS.UNKNOWN];
    fill[i] = look.colour;
    count(String(s in STATUS_FILL ? s : STATUS.UNKNOWN), look.label, look.colour);
  });
  return {
    fill,
    legend: sortedLegend(
      counts,
      [STATUS.GOOD, STATUS.WARNING, STATUS.ERROR, STATUS.UNKNOWN].map(String),
    ),
  };
}

function sortedLegend(counts: Map<string, LegendEntry>, order: readonly string[]): LegendEntry[] {
  const rank = new Map(order.map((k, i) => [k, i]));
  return [...counts.values()].toSorted(
    (a, b) => (rank.get(a.key) ?? 1e9) - (rank.get(b.key) ?? 1e9),
  );
}

/** Count of wells drawn empty. */
export function emptyCount(fill: Int32Array): number {
  let n = 0;
  for (const f of fill) if (f < 0) n++;
  return n;
}

/**
 * Colour by the concentration of every compound at once: each tested compound its layout
 * colour (compoundColour, in the order compounds first appear), from a light tint at its
 * lowest concentration to a dark shade at its highest, on its own log scale, so each series
 * reads as a ramp of its own colour; controls in the layout colouring's greys. The legend
 * lists each compound with its range.
 */
function seriesColouring(
  fill: Int32Array,
  facts: WellFacts,
  byslug: ReadonlyMap<string, ColourReagent>,
): Colouring {
  const { wells, roles, keys } = facts;
  const range = new Map<string, { first: number; minNM: number; maxNM: number; count: number }>();
  for (let i = 0; i < wells.length; i++) {
    const well = wells[i];
    const key = keys[i];
    if (!well || roles[i] !== 'sample') continue;
    if (!key || !TESTED.has(typeOf(byslug.get(key)))) continue;
    const r = range.get(key) ?? { first: i, minNM: Infinity, maxNM: -Infinity, count: 0 };
    const nM = well.targets[key]?.target_nM;
    if (nM != null && nM > 0) {
      r.minNM = Math.min(r.minNM, nM);
      r.maxNM = Math.max(r.maxNM, nM);
    }
    r.first = Math.min(r.first, i);
    range.set(key, r);
  }
  const order = [...range.keys()].toSorted((a, b) => range.get(a)!.first - range.get(b)!.first);
  const ramps = new Map(order.map((slug, k) => [slug, seriesRamp(compoundColour(k))]));
  const others = new Map<string, LegendEntry>();
  const other = (key: string, label: string, colour: number) => {
    const e = others.get(key) ?? { key, label, colour, count: 0 };
    e.count++;
    others.set(key, e);
  };
  for (let i = 0; i < wells.length; i++) {
    const well = wells[i];
    const role = roles[i];
    if (!well || !role) continue;
    if (role !== 'sample') {
      const look = LAYOUT_ROLE_FILL[role];
      fill[i] = look.colour;
      other(role, look.label, look.colour);
      continue;
    }
    const key = keys[i];
    const ramp = key ? ramps.get(key) : undefined;
    if (!key || !ramp) {
      fill[i] = LAYOUT_ROLE_FILL.other.colour;
      other('other', LAYOUT_ROLE_FILL.other.label, LAYOUT_ROLE_FILL.other.colour);
      continue;
    }
    const r = range.get(key)!;
    r.count++;
    const nM = well.targets[key]?.target_nM;
    const t = nM != null && nM > 0 ? logPosition(nM, r.minNM, r.maxNM) : 0;
    fill[i] = lerpColour(ramp[0], ramp[1], t);
  }
  const legend: LegendEntry[] = order.map((slug) => {
    const r = range.get(slug)!;
    const name = byslug.get(slug)?.name ?? slug;
    const span = Number.isFinite(r.minNM)
      ? r.minNM === r.maxNM
        ? ` ${formatConcentration(r.minNM)}`
        : ` ${formatConcentration(r.minNM)} to ${formatConcentration(r.maxNM)}`
      : ', no concentration';
    const ramp = ramps.get(slug)!;
    return { key: slug, label: `${name}${span}`, colour: ramp[1], count: r.count, ramp };
  });
  return {
    fill,
    legend: [
      ...legend,
      ...sortedLegend(others, ['positive', 'negative', 'vehicle', 'reserved', 'other']),
    ],
  };
}
