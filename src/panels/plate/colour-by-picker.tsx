// The "Colour by" control above the plate: a mode, and for colour by concentration the
// reagent whose concentration the heat map shows.
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { COLOUR_MODE_LABELS } from '../../plate-canvas/colour-by';
import {
  COLOUR_MODES,
  colourMode,
  setColourMode,
  type ColourMode,
} from '../../state/colour-mode-store';
import { ReadoutColourControls } from './readout-colour-controls';

export interface ColourByPickerProps {
  /** Reagents on the plate (slug, name), for colour by concentration. */
  reagents: readonly { slug: string; name: string }[];
  /** The reagent the heat map shows now (the stored choice, or the first on the plate). */
  reagent: string | null;
}

export function ColourByPicker({ reagents, reagent }: ColourByPickerProps) {
  const { mode } = useSnapshot(colourMode);
  const id = useId();
  return (
    <div className="colour-by" data-testid="colour-by">
      <label htmlFor={`${id}-mode`} className="colour-by__label">
        Colour by
      </label>
      <select
        id={`${id}-mode`}
        className="input select select--sm"
        value={mode}
        aria-keyshortcuts="c"
        onChange={(e) => setColourMode(e.target.value as ColourMode)}
      >
        {COLOUR_MODES.map((m) => (
          <option key={m} value={m}>
            {COLOUR_MODE_LABELS[m]}
          </option>
        ))}
      </select>
      {mode === 'concentration' && (
        <select
          className="input select select--sm"
          aria-label="Reagent of the concentration heat map"
          value={reagent ?? ''}
          onChange={(e) => setColourMode('concentration', e.target.value || null)}
          disabled={reagents.length === 0}
        >
          {reagents.length === 0 && <option value="">No reagent on the plate</option>}
          {reagents.map((r) => (
            <option key={r.slug} value={r.slug}>
              {r.name}
            </option>
          ))}
        </select>
      )}
      {mode === 'readout' && <ReadoutColourControls />}
    </div>
  );
}
