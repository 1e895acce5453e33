/**
 * Reagent types, their colours, defaults and the form fields each shows (spec sections 3,
 * 4 and 9). The server stores "chemical"; people see "compound".
 */
import { fillLiquid, type FillCandidate } from './dispensing/fill-liquid';

/** Display types, in the order the kernel indexes them. */
export const REAGENT_TYPES = [
  'biological',
  'compound',
  'buffer',
  'solvent',
  'media',
  'other',
] as const;
export type ReagentType = (typeof REAGENT_TYPES)[number];

/** Types as the API stores them. */
export const SERVER_REAGENT_TYPES = [
  'chemical',
  'biological',
  'buffer',
  'solvent',
  'media',
  'other',
] as const;
export type ServerReagentType = (typeof SERVER_REAGENT_TYPES)[number];

/** Either spelling of a type. */
export type AnyReagentType = ReagentType | ServerReagentType;

/** Display type of a server (or display) type; chemical -> compound, unknown -> other. */
export function toDisplayType(type: string | null | undefined): ReagentType {
  if (type === 'chemical') return 'compound';
  return (REAGENT_TYPES as readonly string[]).includes(type ?? '')
    ? (type as ReagentType)
    : 'other';
}

/** Server type of a display (or server) type; compound -> chemical, unknown -> other. */
export function toServerType(type: string | null | undefined): ServerReagentType {
  if (type === 'compound') return 'chemical';
  return (SERVER_REAGENT_TYPES as readonly string[]).includes(type ?? '')
    ? (type as ServerReagentType)
    : 'other';
}

/** Index of a type in REAGENT_TYPES (the kernel's reagentType code). */
export function reagentTypeCode(type: string | null | undefined): number {
  return REAGENT_TYPES.indexOf(toDisplayType(type));
}

/** Labels people read. */
export const REAGENT_TYPE_LABELS: Record<ReagentType, string> = {
  biological: 'Biological',
  compound: 'Compound',
  buffer: 'Buffer',
  solvent: 'Solvent',
  media: 'Media',
  other: 'Other',
};

/**
 * Colour per type, from the Okabe-Ito palette: the hues stay apart for the common colour
 * vision deficiencies and all read on a white plate.
 */
export const REAGENT_TYPE_COLORS: Record<ReagentType, string> = {
  biological: '#009E73',
  compound: '#D55E00',
  buffer: '#0072B2',
  solvent: '#E69F00',
  media: '#CC79A7',
  other: '#7F7F7F',
};

/** The same colours as 0xRRGGBB numbers (pixi tints), indexed like REAGENT_TYPES. */
export const REAGENT_TYPE_COLOR_NUMBERS: readonly number[] = REAGENT_TYPES.map((t) =>
  Number.parseInt(REAGENT_TYPE_COLORS[t].slice(1), 16),
);

/** Colour of a type in either spelling. */
export function reagentTypeColor(type: string | null | undefined): string {
  return REAGENT_TYPE_COLORS[toDisplayType(type)];
}

/** Form defaults per type (spec section 9), in the fields of the create payload. */
export const REAGENT_DEFAULTS: Record<
  ReagentType,
  {
    solvent?: string;
    default_concentration_value?: number;
    default_concentration_units?: 'uM';
    max_concentration_percent?: number;
    purity_grade?: string;
    ph?: number;
  }
> = {
  biological: {},
  compound: {
    solvent: 'DMSO',
    default_concentration_value: 10000,
    default_concentration_units: 'uM',
  },
  buffer: { ph: 7.4 },
  solvent: { max_concentration_percent: 0.1, purity_grade: 'Cell culture grade' },
  media: { ph: 7.4 },
  other: {},
};

/** Form fields a type shows. "media" of a biological reagent is sent as `solvent`. */
export type ReagentField =
  | 'name'
  | 'solvent'
  | 'media'
  | 'stock_concentration'
  | 'molecular_weight_g_per_mol'
  | 'cells_per_ml'
  | 'ph'
  | 'ionic_strength'
  | 'purity_grade'
  | 'max_concentration_percent'
  | 'supplements'
  | 'description';

/** Fields shown per type (spec section 3 table), in display order. */
export const REAGENT_FIELDS: Record<ReagentType, readonly ReagentField[]> = {
  compound: ['name', 'solvent', 'stock_concentration', 'molecular_weight_g_per_mol'],
  biological: [
    'name',
    'media',
    'cells_per_ml',
    'molecular_weight_g_per_mol',
    'stock_concentration',
  ],
  buffer: ['name', 'stock_concentration', 'ph', 'ionic_strength', 'solvent'],
  solvent: ['name', 'purity_grade', 'max_concentration_percent', 'stock_concentration'],
  media: ['name', 'supplements', 'ph'],
  other: ['name', 'description'],
};

/** What default-vehicle selection needs to know of a bench reagent (fill-liquid.ts's rule). */
export type VehicleCandidate = FillCandidate;

/**
 * Default vehicle: the liquid that fills wells (dispensing/fill-liquid.ts), when the bench
 * holds it: the first medium without a limit, else a buffer or an aqueous liquid; never a
 * solvent with a limit (the spec's "else a solvent" made DMSO fill every well). Null when
 * water, which the bench does not hold, fills. The experiment's `chosen` vehicle when it can
 * fill.
 */
export function pickDefaultVehicle(
  bench: readonly VehicleCandidate[],
  chosen: string | null = null,
): string | null {
  const fill = fillLiquid(bench, chosen);
  return fill.onBench ? fill.slug : null;
}
