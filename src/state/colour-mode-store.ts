// How the designer's plate is coloured (colour by reagent type, reagent, concentration of one
// reagent, role or status): session state of the viewer, remembered in localStorage so a
// reload keeps it. Never saved with the plate, never undone.
import { proxy, subscribe } from 'valtio/vanilla';

/** The ways the plate can be coloured; the canvas paints each (plate-canvas/colour-by.ts). */
export const COLOUR_MODES = [
  'layout',
  'type',
  'reagent',
  'concentration',
  'series',
  'role',
  'status',
  'transfer',
  'readout',
] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];

export const COLOUR_STORAGE_KEY = 'designer.colour-by';

export interface ColourModeState {
  mode: ColourMode;
  /** Colour by concentration: the reagent shown; null picks the first one on the plate. */
  reagent: string | null;
}

/** The stored choice, or the layout colouring (role and compound). */
export function readColourMode(raw: string | null): ColourModeState {
  try {
    const value = raw ? (JSON.parse(raw) as Partial<ColourModeState>) : {};
    const mode = COLOUR_MODES.includes(value.mode as ColourMode)
      ? (value.mode as ColourMode)
      : 'layout';
    return { mode, reagent: typeof value.reagent === 'string' ? value.reagent : null };
  } catch {
    return { mode: 'layout', reagent: null };
  }
}

function stored(): string | null {
  try {
    return localStorage.getItem(COLOUR_STORAGE_KEY);
  } catch {
    return null; // storage blocked: the default works as well
  }
}

export const colourMode = proxy<ColourModeState>(readColourMode(stored()));

subscribe(colourMode, () => {
  try {
    localStorage.setItem(
      COLOUR_STORAGE_KEY,
      JSON.stringify({ mode: colourMode.mode, reagent: colourMode.reagent }),
    );
  } catch {
    // Storage blocked or full: the choice is simply not remembered.
  }
});

/** Colours the plate by a mode (and, for concentration, a reagent). */
export function setColourMode(mode: ColourMode, reagent?: string | null): void {
  colourMode.mode = mode;
  if (reagent !== undefined) colourMode.reagent = reagent;
}

/** The next mode in the list (the shortcut steps through them). */
export function nextColourMode(mode: ColourMode): ColourMode {
  return COLOUR_MODES[(COLOUR_MODES.indexOf(mode) + 1) % COLOUR_MODES.length];
}
