// Colour by readout value: the readout the Results tab shows (its wells' raw and normalised
// values), the scale the plate colours by and the hit threshold the user sets. Session state
// of the viewer, never saved with the plate.
import { proxy } from 'valtio/vanilla';

/** A read well: its reading and its percent effect (null without both controls). */
export interface ReadoutWell {
  raw: number;
  normalised: number | null;
}

export interface ReadoutColourState {
  /** the experiment whose readout the values are; another plate ignores them */
  experimentId: number | null;
  values: Record<string, ReadoutWell> | null;
  scale: 'raw' | 'normalised';
  /** percent effect at or above which a well is a hit */
  hitMin: number;
}

export const readoutColour = proxy<ReadoutColourState>({
  experimentId: null,
  values: null,
  scale: 'normalised',
  hitMin: 50,
});

/** The readout the Results tab now shows (null: none). */
export function showReadout(
  experimentId: number,
  wells: readonly { well: string; raw: number; normalised: number | null }[] | null,
): void {
  readoutColour.experimentId = experimentId;
  readoutColour.values = wells
    ? Object.fromEntries(wells.map((w) => [w.well, { raw: w.raw, normalised: w.normalised }]))
    : null;
}
