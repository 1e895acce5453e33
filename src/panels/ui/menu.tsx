/**
 * An actions menu (WAI-ARIA menu button): Enter, Space or ArrowDown open it on the first item,
 * arrows and Home/End move, Escape closes and returns focus to the button, Tab closes.
 */
import { useEffect, useId } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { usePopover } from './use-popover';

export interface MenuProps {
  /** Accessible name of the button, e.g. "Actions for Enzyme sweep". */
  label: string;
  /** Visible content of the button (an icon, a short word). */
  button: ReactNode;
  buttonClassName?: string;
  align?: 'start' | 'end';
  disabled?: boolean;
  /** The items; call close() after acting so focus returns to the button. */
  children: (close: () => void) => ReactNode;
}

function items(panel: HTMLElement | null): HTMLElement[] {
  return panel ? Array.from(panel.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

export function Menu({
  label,
  button,
  buttonClassName = 'btn btn--icon',
  align = 'end',
  disabled,
  children,
}: MenuProps) {
  const popover = usePopover();
  const { open, setOpen, triggerRef, panelRef, closeAndFocusTrigger } = popover;
  const menuId = useId();

  useEffect(() => {
    if (open) items(panelRef.current)[0]?.focus();
  }, [open, panelRef]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items(panelRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="menu">
      <button
        ref={triggerRef}
        type="button"
        className={buttonClassName}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {button}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={`menu__panel menu__panel--${align}`}
          onKeyDown={onMenuKeyDown}
        >
          {children(closeAndFocusTrigger)}
        </div>
      )}
    </div>
  );
}

export interface MenuItemProps {
  children: ReactNode;
  onSelect?: () => void;
  /** Shown but not actionable (aria-disabled keeps it reachable by the arrow keys). */
  disabled?: boolean;
  danger?: boolean;
  title?: string;
}

/** One item of a Menu. */
export function MenuItem({ children, onSelect, disabled, danger, title }: MenuItemProps) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      title={title}
      aria-disabled={disabled || undefined}
      className={`menu__item${danger ? ' menu__item--danger' : ''}`}
      onClick={() => {
        if (!disabled) onSelect?.();
      }}
    >
      {children}
    </button>
  );
}
