// The left/right split of the designer (40-85 %, default 65 %: on a large monitor the plate,
// not the chat, gets most of the width; spec section 9 said 60 %), remembered in
// localStorage. Pure helpers plus the storage edge.

export const SPLIT_MIN = 40;
export const SPLIT_MAX = 85;
export const SPLIT_DEFAULT = 65;
/** Percent moved by one arrow key; Page Up/Down move ten times as far. */
export const SPLIT_STEP = 1;
export const SPLIT_STORAGE_KEY = 'designer.split.left-percent';

/** Keeps a width inside 40..85 %, rounded to 0.1 %; anything unreadable is the default. */
export function clampSplit(value: number): number {
  if (!Number.isFinite(value)) return SPLIT_DEFAULT;
  return Math.round(Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, value)) * 10) / 10;
}

/** The left width after a key on the separator; undefined for keys it does not handle. */
export function splitAfterKey(value: number, key: string): number | undefined {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampSplit(value - SPLIT_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampSplit(value + SPLIT_STEP);
    case 'PageDown':
      return clampSplit(value - 10 * SPLIT_STEP);
    case 'PageUp':
      return clampSplit(value + 10 * SPLIT_STEP);
    case 'Home':
      return SPLIT_MIN;
    case 'End':
      return SPLIT_MAX;
    default:
      return undefined;
  }
}

/** The left width for a pointer at clientX over a container starting at left with width. */
export function splitAtPointer(clientX: number, left: number, width: number): number {
  if (!(width > 0)) return SPLIT_DEFAULT;
  return clampSplit(((clientX - left) / width) * 100);
}

/** The remembered width, or the default. */
export function readSplit(): number {
  try {
    const raw = localStorage.getItem(SPLIT_STORAGE_KEY);
    return raw === null ? SPLIT_DEFAULT : clampSplit(Number(raw));
  } catch {
    return SPLIT_DEFAULT; // storage blocked: the default works as well
  }
}

/** Remembers the width. */
export function writeSplit(value: number): void {
  try {
    localStorage.setItem(SPLIT_STORAGE_KEY, String(clampSplit(value)));
  } catch {
    // Storage blocked or full: the width is simply not remembered.
  }
}
