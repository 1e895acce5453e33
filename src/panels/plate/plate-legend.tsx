// What the plate's colours and marks mean: the fills of the chosen colouring with how many
// wells each covers (reagent types by default, spec section 9), the concentration scale,
// status rings, control and vehicle markers, and the selection and focus marks. The swatches
// use the same colour tables as the canvas.
import { formatConcentration } from '../../domain/accuracy';
import { STATUS } from '../../domain/prediction';
import type { Colouring } from '../../plate-canvas/colour-by';
import { REAGENT_TYPES, REAGENT_TYPE_LABELS } from '../../domain/reagent-types';
import {
  EMPTY_WELL,
  MARKER,
  OVERLAY_COLORS,
  STATUS_RING,
  TYPE_FILL,
} from '../../plate-canvas/well-appearance';

const hex = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

function Swatch({
  fill,
  ring,
  stroke,
  marker,
  square,
}: {
  fill?: number;
  ring?: number | null;
  stroke?: number;
  marker?: number;
  square?: boolean;
}) {
  return (
    <svg className="plate-legend__swatch" viewBox="0 0 20 20" aria-hidden="true">
      <circle
        cx="10"
        cy="10"
        r="8"
        fill={fill === undefined ? '#ffffff' : hex(fill)}
        stroke={stroke === undefined ? 'none' : hex(stroke)}
        strokeWidth="1.5"
        fillOpacity={fill === OVERLAY_COLORS.selection ? 0.3 : 1}
      />
      {ring != null && (
        <circle cx="10" cy="10" r="6.8" fill="none" stroke={hex(ring)} strokeWidth="2.4" />
      )}
      {square && (
        <rect
          x="1"
          y="1"
          width="18"
          height="18"
          fill="none"
          stroke={hex(OVERLAY_COLORS.focus)}
          strokeWidth="1.6"
        />
      )}
      {marker !== undefined && (
        <g stroke="#1b212b" strokeWidth="1.4" strokeLinecap="round">
          <circle cx="10" cy="10" r="6" fill="#ffffff" />
          {marker === MARKER.POSITIVE && <path d="M6.5 10h7M10 6.5v7" />}
          {marker === MARKER.NEGATIVE && <path d="M6.5 10h7" />}
          {marker === MARKER.RESERVED && <path d="M7.5 7.5l5 5M12.5 7.5l-5 5" />}
          {marker === MARKER.VEHICLE && <circle cx="10" cy="10" r="1.6" fill="#1b212b" />}
        </g>
      )}
    </svg>
  );
}

function Item({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <li className="plate-legend__item">
      {children}
      <span>{label}</span>
    </li>
  );
}

const cssHex = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

/** The fills of a colouring with their counts, and the heat map's scale. */
function ColouringItems({ colouring, empty }: { colouring: Colouring; empty: number }) {
  const { scale, valueScale } = colouring;
  return (
    <ul className="plate-legend__group" aria-label="Well colours" data-testid="legend-colours">
      {scale && (
        <li className="plate-legend__item plate-legend__scale" data-testid="legend-scale">
          <span>{formatConcentration(scale.minNM)}</span>
          <span
            className="plate-legend__ramp"
            aria-hidden="true"
            style={{
              background: `linear-gradient(to right, ${scale.stops.map(cssHex).join(', ')})`,
            }}
          />
          <span>{formatConcentration(scale.maxNM)}</span>
          <span className="plate-legend__note">(log scale)</span>
        </li>
      )}
      {valueScale && (
        <li className="plate-legend__item plate-legend__scale" data-testid="legend-value-scale">
          <span>{valueScale.label}:</span>
          <span>{Number(valueScale.min.toPrecision(3))}</span>
          <span
            className="plate-legend__ramp"
            aria-hidden="true"
            style={{
              background: `linear-gradient(to right, ${valueScale.stops.map(cssHex).join(', ')})`,
            }}
          />
          <span>{Number(valueScale.max.toPrecision(3))}</span>
          <span className="plate-legend__note">(linear)</span>
        </li>
      )}
      {colouring.legend.map((e) => (
        <Item key={e.key} label={`${e.label} (${e.count})`}>
          {e.ramp ? (
            <span
              className="plate-legend__ramp plate-legend__ramp--series"
              aria-hidden="true"
              style={{ background: `linear-gradient(to right, ${e.ramp.map(cssHex).join(', ')})` }}
            />
          ) : (
            <Swatch fill={e.colour} />
          )}
        </Item>
      ))}
      <Item label={`Empty (${empty})`}>
        <Swatch stroke={EMPTY_WELL.outline} />
      </Item>
    </ul>
  );
}

/** The legend under the plate; without a colouring it lists the reagent type colours. */
export function PlateLegend({ colouring, empty }: { colouring?: Colouring; empty?: number }) {
  return (
    <div className="plate-legend" data-testid="plate-legend">
      {colouring ? (
        <ColouringItems colouring={colouring} empty={empty ?? 0} />
      ) : (
        <ul className="plate-legend__group" aria-label="Reagent types">
          {REAGENT_TYPES.map((t, i) => (
            <Item key={t} label={REAGENT_TYPE_LABELS[t]}>
              <Swatch fill={TYPE_FILL[i]} />
            </Item>
          ))}
          <Item label="Empty">
            <Swatch stroke={EMPTY_WELL.outline} />
          </Item>
        </ul>
      )}
      <ul className="plate-legend__group" aria-label="Target status">
        <Item label="Within tolerance">
          <Swatch stroke={EMPTY_WELL.outline} ring={STATUS_RING[STATUS.GOOD]} />
        </Item>
        <Item label="Up to 2× tolerance">
          <Swatch stroke={EMPTY_WELL.outline} ring={STATUS_RING[STATUS.WARNING]} />
        </Item>
        <Item label="Beyond 2× tolerance or a broken limit">
          <Swatch stroke={EMPTY_WELL.outline} ring={STATUS_RING[STATUS.ERROR]} />
        </Item>
        <Item label="No prediction">
          <Swatch stroke={EMPTY_WELL.outline} ring={STATUS_RING[STATUS.UNKNOWN]} />
        </Item>
      </ul>
      <ul className="plate-legend__group" aria-label="Tags and marks">
        <Item label="Positive control">
          <Swatch marker={MARKER.POSITIVE} />
        </Item>
        <Item label="Negative control">
          <Swatch marker={MARKER.NEGATIVE} />
        </Item>
        <Item label="Vehicle / zero">
          <Swatch marker={MARKER.VEHICLE} />
        </Item>
        <Item label="Reserved">
          <Swatch marker={MARKER.RESERVED} />
        </Item>
        <Item label="Selected">
          <Swatch fill={OVERLAY_COLORS.selection} stroke={OVERLAY_COLORS.selection} />
        </Item>
        <Item label="Keyboard focus">
          <Swatch stroke={EMPTY_WELL.outline} square />
        </Item>
      </ul>
    </div>
  );
}
