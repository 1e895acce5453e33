// How a well looks, as compact per-well codes the canvas draws from: the colour of its
// dominant reagent's type, its target status, and one marker for control/vehicle/reserved
// tags. The canvas never reads per-well objects; the designer (or the metrics worker's answer)
// fills these arrays.
import type { MetricsOutput } from '../domain/metrics-kernel';
import type { PlateDefn } from '../domain/plate-format';
import type { WireWells } from '../domain/plate-wire';
import { STATUS } from '../domain/prediction';
import { REAGENT_TYPE_COLOR_NUMBERS } from '../domain/reagent-types';
import { indexOfWellId } from '../domain/well-id';

/** Marker codes, one per well; when a well has several tags the highest code wins. */
export const MARKER = { NONE: 0, VEHICLE: 1, NEGATIVE: 2, POSITIVE: 3, RESERVED: 4 } as const;
export const MARKER_COUNT = 5;

/** Per-well drawing codes for a plate of W wells. */
export interface WellAppearance {
  /** [W] REAGENT_TYPES index of the dominant reagent, -1 for an empty well. */
  typeCode: Int8Array;
  /** [W] STATUS code of the well's worst target. */
  status: Uint8Array;
  /** [W] MARKER code. */
  marker: Uint8Array;
  /**
   * [W] fill colour 0xRRGGBB, -1 for a well drawn empty (colour by reagent, concentration,
   * role, status); when absent the fill is the colour of `typeCode`'s reagent type.
   */
  fill?: Int32Array;
}

/** The fill colour of well w (0xRRGGBB), or -1 when it is drawn empty. */
export function fillColour(a: WellAppearance, w: number): number {
  if (a.fill) return a.fill[w] ?? -1;
  const t = a.typeCode[w];
  return t < 0 || t >= TYPE_FILL.length ? -1 : TYPE_FILL[t];
}

/** Index of a well's ring and marker among the STATUS_COUNT x MARKER_COUNT mark frames. */
export function markFrame(status: number, marker: number): number {
  const s = status < STATUS_COUNT ? status : 0;
  const m = marker < MARKER_COUNT ? marker : 0;
  return s * MARKER_COUNT + m;
}

/** All wells empty, unmarked. */
export function emptyAppearance(wellCount: number): WellAppearance {
  return {
    typeCode: new Int8Array(wellCount).fill(-1),
    status: new Uint8Array(wellCount),
    marker: new Uint8Array(wellCount),
  };
}

/** Marker for a well's tags (DOMAIN.md: POS, NEG, ZERO, DMSO, vehicle, RESERVED). */
export function markerOfTags(tags: readonly string[] | undefined): number {
  let m: number = MARKER.NONE;
  for (const raw of tags ?? []) {
    // a marker's tag has 8 letters at most: a longer one (a reformat's SOURCE tag on every
    // well of a plate) is not read further
    if (raw.length > 8 && raw.trim().length > 8) continue;
    const tag = raw.trim().toUpperCase();
    const code =
      tag === 'RESERVED'
        ? MARKER.RESERVED
        : tag === 'POS'
          ? MARKER.POSITIVE
          : tag === 'NEG'
            ? MARKER.NEGATIVE
            : tag === 'ZERO' || tag === 'DMSO' || tag === 'VEHICLE'
              ? MARKER.VEHICLE
              : MARKER.NONE;
    if (code > m) m = code;
  }
  return m;
}

/** Marker code of every well from the wells' tags (wells outside the plate are skipped). */
export function markersOfWells(defn: PlateDefn, wells: WireWells): Uint8Array {
  const out = new Uint8Array(defn.rows * defn.cols);
  for (const [id, well] of Object.entries(wells)) {
    if (!well?.tags?.length) continue;
    const i = indexOfWellId(id, defn);
    if (i >= 0) out[i] = markerOfTags(well.tags);
  }
  return out;
}

/**
 * Appearance from the metrics kernel's answer: colour by the dominant reagent's type,
 * status as computed; markers come from the plate document's tags.
 */
export function appearanceFromMetrics(
  metrics: Pick<MetricsOutput, 'dominant' | 'status'>,
  reagentType: Uint8Array,
  marker?: Uint8Array,
): WellAppearance {
  const W = metrics.status.length;
  const typeCode = new Int8Array(W);
  for (let w = 0; w < W; w++) {
    const d = metrics.dominant[w];
    typeCode[w] = d < 0 ? -1 : reagentType[d];
  }
  return { typeCode, status: metrics.status.slice(), marker: marker ?? new Uint8Array(W) };
}

/** Fill colour per type index (0xRRGGBB), from the domain's type palette. */
export const TYPE_FILL: readonly number[] = REAGENT_TYPE_COLOR_NUMBERS;

/** Empty wells: a light outline on the plate's plastic. */
export const EMPTY_WELL = { fill: 0xffffff, outline: 0xb4bcc8 } as const;

/** Ring colour per status code; EMPTY draws no ring. */
export const STATUS_RING: Record<number, number | null> = {
  [STATUS.EMPTY]: null,
  [STATUS.UNKNOWN]: 0x9aa3af,
  [STATUS.GOOD]: 0x1e8e3e,
  [STATUS.WARNING]: 0xe0a100,
  [STATUS.ERROR]: 0xd1242f,
};

/** Colours of the session overlay (selection, focus, hover, drag rectangle). */
export const OVERLAY_COLORS = {
  selection: 0x2458c6,
  focus: 0x1b212b,
  hover: 0x5b6574,
  subsection: 0x1b212b,
} as const;

/** Black or white, whichever reads better on a fill colour (for well ids drawn on wells). */
export function textColorOn(fill: number): number {
  const r = (fill >> 16) & 0xff;
  const g = (fill >> 8) & 0xff;
  const b = fill & 0xff;
  // Relative luminance in sRGB, approximated; 0.55 keeps white on the mid-tone palette.
  const y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  return y > 0.55 ? 0x1b212b : 0xffffff;
}

export const STATUS_COUNT = 5;
