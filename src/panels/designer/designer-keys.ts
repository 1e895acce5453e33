// The designer's shortcuts as data (primary = Ctrl or Cmd): undo, redo, copy and paste of
// wells, and single keys for the plate's display (colour by, the zoomed block). They apply
// when the focus is not in a text field, so typing stays typing.
import { useEffect } from 'react';
import { colourMode, nextColourMode, setColourMode } from '../../state/colour-mode-store';
import { copy, paste, redo, undo } from '../../state/plate-actions';
import { toggleZoomBlock } from '../../state/zoom-block-store';

export type DesignerKeyAction = 'undo' | 'redo' | 'copy' | 'paste' | 'colourBy' | 'zoomBlock';

/** The shortcut table (also what a shortcut sheet lists). */
export const DESIGNER_KEYS: readonly {
  keys: string;
  action: DesignerKeyAction;
  description: string;
}[] = [
  { keys: 'primary+z', action: 'undo', description: 'Undo the last plate edit' },
  { keys: 'primary+shift+z', action: 'redo', description: 'Redo' },
  { keys: 'primary+y', action: 'redo', description: 'Redo' },
  { keys: 'primary+c', action: 'copy', description: 'Copy the selected wells' },
  { keys: 'primary+v', action: 'paste', description: 'Paste onto the focused well (top-left)' },
  {
    keys: 'c',
    action: 'colourBy',
    description: 'Colour by the next mode (type, reagent, concentration, role, status)',
  },
  { keys: 'z', action: 'zoomBlock', description: 'Hide or show the zoomed block (384 and 1536)' },
];

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The action of a key press, or null. */
export function designerKeyAction(event: KeyLike): DesignerKeyAction | null {
  if (event.altKey) return null;
  const key = event.key.toLowerCase();
  const primary = event.ctrlKey || event.metaKey ? 'primary+' : '';
  const wanted = `${primary}${event.shiftKey ? 'shift+' : ''}${key}`;
  return DESIGNER_KEYS.find((k) => k.keys === wanted)?.action ?? null;
}

/** True for targets where the browser's own editing keys must win. */
export function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

function run(action: DesignerKeyAction): boolean {
  if (action === 'undo') return undo();
  if (action === 'redo') return redo();
  if (action === 'colourBy') {
    setColourMode(nextColourMode(colourMode.mode));
    return true;
  }
  if (action === 'zoomBlock') {
    toggleZoomBlock();
    return true;
  }
  // Copying wells must not take over a copy of text the user selected on the page.
  if (action === 'copy') return !window.getSelection()?.toString() && copy();
  return paste();
}

/** Listens on the document while the designer is open (not while a dialog is modal). */
export function useDesignerKeys(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = designerKeyAction(event);
      if (!action || isTextTarget(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      if (run(action)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
