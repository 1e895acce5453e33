// A form field of the campaign cards: its label tied to the input whose id is the form's id
// and the field's key.
import type { ReactNode } from 'react';

/** The field maker of a form whose ids start with `id`. */
export function fieldOf(id: string) {
  return (label: string, key: string, input: ReactNode) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      {input}
    </div>
  );
}
