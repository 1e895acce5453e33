// Beside "Colour by" when the plate is coloured by readout value: the scale (raw reading or
// percent effect) and the hit threshold, in percent effect.
import { useSnapshot } from 'valtio';
import { READOUT_SCALE_LABELS } from '../../plate-canvas/colour-by-readout';
import { readoutColour } from '../../state/readout-colour-store';

export function ReadoutColourControls() {
  const { scale, hitMin } = useSnapshot(readoutColour);
  return (
    <>
      <select
        className="input select select--sm"
        aria-label="Readout scale"
        value={scale}
        onChange={(e) => {
          readoutColour.scale = e.target.value as 'raw' | 'normalised';
        }}
      >
        {(['normalised', 'raw'] as const).map((s) => (
          <option key={s} value={s}>
            {READOUT_SCALE_LABELS[s]}
          </option>
        ))}
      </select>
      <label className="colour-by__label" style={{ whiteSpace: 'nowrap' }}>
        Hit at effect ≥{' '}
        <input
          className="input"
          style={{ width: '5em' }}
          type="number"
          step="5"
          min="-1000"
          max="1000"
          size={5}
          value={hitMin}
          onChange={(e) => {
            const v = Number(e.target.value);
            if (e.target.value !== '' && Number.isFinite(v)) readoutColour.hitMin = v;
          }}
        />{' '}
        %
      </label>
    </>
  );
}
