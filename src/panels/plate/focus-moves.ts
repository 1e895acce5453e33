// Keyboard focus between the plate and the well editor: Enter on the plate moves into the
// editor's first field, Escape in the editor comes back to the plate.

const EDITOR_FIELD = '[data-testid="well-editor"] select, [data-testid="well-editor"] input';

/** Focuses the well editor's first field once its tab is shown (after React's next pass). */
export function focusWellEditor(): void {
  const attempt = (tries: number) => {
    const field = document.querySelector<HTMLElement>(EDITOR_FIELD);
    if (field) field.focus();
    else if (tries > 0) requestAnimationFrame(() => attempt(tries - 1));
  };
  requestAnimationFrame(() => attempt(10));
}

/** Focuses the plate (its grid element keeps the well focus). */
export function focusPlate(): void {
  document.querySelector<HTMLElement>('[data-testid="plate-view"]')?.focus();
}
