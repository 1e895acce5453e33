import { describe, expect, it } from 'vitest';
import {
  bindingLabel,
  matchKeyBinding,
  parseBinding,
  PLATE_KEYBINDINGS,
  type KeyInput,
} from '../../../src/plate-canvas/keybindings';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('parseBinding', () => {
  it('splits modifiers from the key', () => {
    expect(parseBinding('primary+shift+ArrowDown')).toEqual({
      key: 'ArrowDown',
      primary: true,
      shift: true,
      alt: false,
    });
    expect(parseBinding(' ')).toEqual({ key: ' ', primary: false, shift: false, alt: false });
    expect(parseBinding('primary+A').key).toBe('a');
  });
});

describe('matchKeyBinding', () => {
  it('moves focus with arrows and extends with shift+arrows', () => {
    expect(matchKeyBinding(key('ArrowUp'))).toBe('moveUp');
    expect(matchKeyBinding(key('ArrowRight'))).toBe('moveRight');
    expect(matchKeyBinding(key('ArrowDown', { shiftKey: true }))).toBe('extendDown');
    expect(matchKeyBinding(key('ArrowLeft', { shiftKey: true }))).toBe('extendLeft');
  });

  it('treats Ctrl and Cmd as primary for select all', () => {
    expect(matchKeyBinding(key('a', { ctrlKey: true }))).toBe('selectAll');
    expect(matchKeyBinding(key('a', { metaKey: true }))).toBe('selectAll');
    expect(matchKeyBinding(key('A', { metaKey: true }))).toBe('selectAll'); // Caps Lock
    expect(matchKeyBinding(key('a'))).toBeUndefined();
  });

  it('maps space, Escape, Enter and ?', () => {
    expect(matchKeyBinding(key(' '))).toBe('toggle');
    expect(matchKeyBinding(key('Escape'))).toBe('clear');
    expect(matchKeyBinding(key('Enter'))).toBe('openDetails');
    expect(matchKeyBinding(key('F2'))).toBe('openEditor');
    expect(matchKeyBinding(key('?', { shiftKey: true }))).toBe('showShortcuts');
    expect(matchKeyBinding(key('?'))).toBe('showShortcuts');
  });

  it('maps the spreadsheet keys for whole rows and columns', () => {
    expect(matchKeyBinding(key(' ', { shiftKey: true }))).toBe('selectRow');
    expect(matchKeyBinding(key(' ', { ctrlKey: true }))).toBe('selectColumn');
    expect(matchKeyBinding(key(' ', { metaKey: true }))).toBe('selectColumn');
    expect(matchKeyBinding(key('Home', { shiftKey: true }))).toBe('extendRowStart');
    expect(matchKeyBinding(key('End', { shiftKey: true }))).toBe('extendRowEnd');
    expect(matchKeyBinding(key('End'))).toBe('moveRowEnd');
    expect(bindingLabel('shift+ ', false)).toEqual(['Shift', 'Space']);
    expect(bindingLabel('primary+ ', true)).toEqual(['⌘', 'Space']);
  });

  it('requires modifiers to match exactly', () => {
    expect(matchKeyBinding(key('ArrowUp', { ctrlKey: true }))).toBeUndefined();
    expect(matchKeyBinding(key('ArrowUp', { altKey: true }))).toBeUndefined();
    expect(matchKeyBinding(key('Enter', { shiftKey: true }))).toBeUndefined();
    expect(matchKeyBinding(key('a', { ctrlKey: true, shiftKey: true }))).toBeUndefined();
  });

  it('every binding in the table matches its own action', () => {
    for (const b of PLATE_KEYBINDINGS) {
      const p = parseBinding(b.keys);
      const input = key(p.key, { shiftKey: p.shift, ctrlKey: p.primary, altKey: p.alt });
      expect(matchKeyBinding(input)).toBe(b.action);
    }
  });

  it('has one binding per key combination', () => {
    const seen = PLATE_KEYBINDINGS.map((b) => JSON.stringify(parseBinding(b.keys)));
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('bindingLabel', () => {
  it('names keys for the sheet on each platform', () => {
    expect(bindingLabel('primary+a', false)).toEqual(['Ctrl', 'A']);
    expect(bindingLabel('primary+a', true)).toEqual(['⌘', 'A']);
    expect(bindingLabel('shift+ArrowUp', false)).toEqual(['Shift', '↑']);
    expect(bindingLabel(' ', false)).toEqual(['Space']);
    expect(bindingLabel('Escape', false)).toEqual(['Esc']);
  });
});
