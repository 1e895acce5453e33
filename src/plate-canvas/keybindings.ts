// The plate's keyboard shortcuts as data: one table drives both the key handler and the
// shortcut sheet. Binding strings read like "primary+shift+ArrowDown": modifiers first, then
// a KeyboardEvent.key value; primary is Ctrl or Cmd, so the same table works on every platform.

export type PlateAction =
  | 'moveUp'
  | 'moveDown'
  | 'moveLeft'
  | 'moveRight'
  | 'extendUp'
  | 'extendDown'
  | 'extendLeft'
  | 'extendRight'
  | 'moveRowStart'
  | 'moveRowEnd'
  | 'extendRowStart'
  | 'extendRowEnd'
  | 'selectRow'
  | 'selectColumn'
  | 'toggle'
  | 'selectAll'
  | 'clear'
  | 'openDetails'
  | 'openEditor'
  | 'clearWells'
  | 'showShortcuts';

export interface KeyBinding {
  keys: string;
  action: PlateAction;
  /** What the sheet says the shortcut does. */
  description: string;
}

/** Every shortcut of the plate, in the order the shortcut sheet lists them. */
export const PLATE_KEYBINDINGS: readonly KeyBinding[] = [
  { keys: 'ArrowUp', action: 'moveUp', description: 'Move focus up' },
  { keys: 'ArrowDown', action: 'moveDown', description: 'Move focus down' },
  { keys: 'ArrowLeft', action: 'moveLeft', description: 'Move focus left' },
  { keys: 'ArrowRight', action: 'moveRight', description: 'Move focus right' },
  { keys: 'shift+ArrowUp', action: 'extendUp', description: 'Extend selection up' },
  { keys: 'shift+ArrowDown', action: 'extendDown', description: 'Extend selection down' },
  { keys: 'shift+ArrowLeft', action: 'extendLeft', description: 'Extend selection left' },
  { keys: 'shift+ArrowRight', action: 'extendRight', description: 'Extend selection right' },
  { keys: 'Home', action: 'moveRowStart', description: 'Move focus to the first well of the row' },
  { keys: 'End', action: 'moveRowEnd', description: 'Move focus to the last well of the row' },
  {
    keys: 'shift+Home',
    action: 'extendRowStart',
    description: 'Extend the selection to the first well of the row',
  },
  {
    keys: 'shift+End',
    action: 'extendRowEnd',
    description: 'Extend the selection to the last well of the row',
  },
  { keys: ' ', action: 'toggle', description: 'Select or deselect the focused well' },
  { keys: 'shift+ ', action: 'selectRow', description: 'Select the focused well’s whole row' },
  {
    keys: 'primary+ ',
    action: 'selectColumn',
    description: 'Select the focused well’s whole column',
  },
  { keys: 'primary+a', action: 'selectAll', description: 'Select all wells' },
  { keys: 'Escape', action: 'clear', description: 'Clear the selection' },
  { keys: 'Enter', action: 'openDetails', description: 'Show the focused well’s details' },
  {
    keys: 'F2',
    action: 'openEditor',
    description: 'Edit the selected wells (focus moves to the well editor; Esc there comes back)',
  },
  { keys: 'Delete', action: 'clearWells', description: 'Clear the selected wells' },
  { keys: 'Backspace', action: 'clearWells', description: 'Clear the selected wells' },
  { keys: '?', action: 'showShortcuts', description: 'Show keyboard shortcuts' },
];

interface ParsedBinding {
  key: string;
  primary: boolean;
  shift: boolean;
  alt: boolean;
}

/** Splits "primary+shift+ArrowDown" into its key and modifiers. */
export function parseBinding(keys: string): ParsedBinding {
  // A lone "+" or " " is a key, not a separator ("shift+ " is Shift and Space).
  const parts = keys.length > 1 ? keys.split('+') : [keys];
  const key = parts.pop() ?? '';
  return {
    key: normaliseKey(key),
    primary: parts.includes('primary'),
    shift: parts.includes('shift'),
    alt: parts.includes('alt'),
  };
}

function normaliseKey(key: string): string {
  return key.length === 1 ? key.toLowerCase() : key;
}

/** The subset of a KeyboardEvent that matching needs. */
export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** True when a printable symbol needs Shift on some layouts ("?"), so Shift is not compared. */
function isShiftedSymbol(key: string): boolean {
  return key.length === 1 && !/[a-z0-9 ]/.test(key);
}

/** The action bound to a key event, or undefined. Modifiers must match exactly. */
export function matchKeyBinding(
  e: KeyInput,
  table: readonly KeyBinding[] = PLATE_KEYBINDINGS,
): PlateAction | undefined {
  const key = normaliseKey(e.key);
  const primary = e.ctrlKey || e.metaKey;
  for (const binding of table) {
    const b = parseBinding(binding.keys);
    if (b.key !== key || b.primary !== primary || b.alt !== e.altKey) continue;
    if (!isShiftedSymbol(b.key) && b.shift !== e.shiftKey) continue;
    return binding.action;
  }
  return undefined;
}

const KEY_LABELS: Record<string, string> = {
  ' ': 'Space',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
};

/** Key caps of a binding for the sheet, e.g. ["Ctrl", "A"] or ["⌘", "A"] on macOS. */
export function bindingLabel(keys: string, isMac: boolean): string[] {
  const b = parseBinding(keys);
  const caps: string[] = [];
  if (b.primary) caps.push(isMac ? '⌘' : 'Ctrl');
  if (b.alt) caps.push(isMac ? '⌥' : 'Alt');
  if (b.shift) caps.push('Shift');
  caps.push(KEY_LABELS[b.key] ?? (b.key.length === 1 ? b.key.toUpperCase() : b.key));
  return caps;
}
