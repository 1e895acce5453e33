/** Open/close state of a popup anchored to a button: outside click and Escape close it. */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Popover {
  open: boolean;
  setOpen(open: boolean): void;
  /** Closes and gives focus back to the button (Escape, choosing an item). */
  closeAndFocusTrigger(): void;
  triggerRef: React.RefObject<HTMLButtonElement | null>;
  panelRef: React.RefObject<HTMLDivElement | null>;
}

/** State and refs for one popup; attach triggerRef to the button and panelRef to the popup. */
export function usePopover(): Popover {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);

  const closeAndFocusTrigger = useCallback(() => {
    setOpen(false);
    triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || triggerRef.current?.contains(target)) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeAndFocusTrigger();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, closeAndFocusTrigger]);

  return { open, setOpen, closeAndFocusTrigger, triggerRef, panelRef };
}
