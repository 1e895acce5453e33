/** One reagent of the bench fridge: type colour, name, stock, constraints, details, delete. */
import type { KeyboardEvent } from 'react';
import type { BenchReagent } from '../../api/bench';
import { REAGENT_TYPE_LABELS, reagentTypeColor, toDisplayType } from '../../domain/reagent-types';
import { benchStockLabel, constraintsLabel } from './bench-format';

export interface BenchRowProps {
  reagent: BenchReagent;
  isVehicle: boolean;
  onOpen(slug: string): void;
  onDelete(slug: string): void;
}

/** A list item; Enter opens the details, Delete removes it. */
export function BenchRow({ reagent, isVehicle, onOpen, onDelete }: BenchRowProps) {
  const display = toDisplayType(reagent.type || reagent.reagent_type);
  const constraints = constraintsLabel(reagent);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Delete') {
      event.preventDefault();
      onDelete(reagent.slug);
    }
  };
  return (
    <li className="bench-row" data-testid="bench-row" data-slug={reagent.slug}>
      <button
        type="button"
        className="bench-row__main"
        onClick={() => onOpen(reagent.slug)}
        onKeyDown={onKeyDown}
        aria-label={`${reagent.name}, ${REAGENT_TYPE_LABELS[display]}: details and constraints`}
      >
        <span
          className="type-dot"
          style={{ background: reagentTypeColor(display) }}
          title={REAGENT_TYPE_LABELS[display]}
          aria-hidden
        />
        <span className="bench-row__name">{reagent.name}</span>
        {isVehicle && <span className="tag tag--strong">Vehicle</span>}
        <span className="bench-row__type">{REAGENT_TYPE_LABELS[display]}</span>
        <span className="bench-row__stock">{benchStockLabel(reagent)}</span>
        {constraints && <span className="bench-row__constraints">{constraints}</span>}
      </button>
      <button
        type="button"
        className="btn btn--icon bench-row__delete"
        aria-label={`Delete ${reagent.name}`}
        title={`Delete ${reagent.name}`}
        onClick={() => onDelete(reagent.slug)}
      >
        ×
      </button>
    </li>
  );
}
