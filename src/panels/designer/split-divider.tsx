/**
 * The draggable divider between the plate and the right area: pointer drag, arrow keys,
 * Page Up/Down, Home/End; a WAI-ARIA window splitter (role="separator" with aria-valuenow).
 */
import { useRef, type RefObject } from 'react';
import { SPLIT_MAX, SPLIT_MIN, splitAfterKey, splitAtPointer } from './split-width';

export interface SplitDividerProps {
  value: number;
  onChange(value: number): void;
  /** The element whose width the percentage is of. */
  container: RefObject<HTMLElement | null>;
  controls?: string;
}

export function SplitDivider({ value, onChange, container, controls }: SplitDividerProps) {
  const dragging = useRef(false);
  const at = (clientX: number) => {
    const box = container.current?.getBoundingClientRect();
    if (box) onChange(splitAtPointer(clientX, box.left, box.width));
  };
  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label="Resize plate and side panels"
      aria-valuemin={SPLIT_MIN}
      aria-valuemax={SPLIT_MAX}
      aria-valuenow={value}
      aria-controls={controls}
      className="designer-divider"
      data-testid="designer-divider"
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        event.preventDefault();
      }}
      onPointerMove={(event) => {
        if (dragging.current) at(event.clientX);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
      onKeyDown={(event) => {
        const next = splitAfterKey(value, event.key);
        if (next === undefined) return;
        event.preventDefault();
        onChange(next);
      }}
    />
  );
}
