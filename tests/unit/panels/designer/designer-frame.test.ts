import { describe, expect, it } from 'vitest';
import { fillsWithWater } from '../../../../src/panels/designer/designer-banners';
import { designerKeyAction } from '../../../../src/panels/designer/designer-keys';
import {
  SPLIT_DEFAULT,
  clampSplit,
  splitAfterKey,
  splitAtPointer,
} from '../../../../src/panels/designer/split-width';
import { workingStockOps } from '../../../../src/panels/designer/working-stock-card';

const key = (
  k: string,
  mods: Partial<Record<'ctrl' | 'meta' | 'shift' | 'alt', boolean>> = {},
) => ({
  key: k,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
  altKey: !!mods.alt,
});

describe('designer shortcuts', () => {
  it('maps ctrl or cmd with Z, shift+Z, Y, C and V', () => {
    expect(designerKeyAction(key('z', { ctrl: true }))).toBe('undo');
    expect(designerKeyAction(key('z', { meta: true }))).toBe('undo');
    expect(designerKeyAction(key('Z', { ctrl: true, shift: true }))).toBe('redo');
    expect(designerKeyAction(key('y', { ctrl: true }))).toBe('redo');
    expect(designerKeyAction(key('c', { meta: true }))).toBe('copy');
    expect(designerKeyAction(key('v', { ctrl: true }))).toBe('paste');
  });

  it('maps the plain display keys C (colour by) and Z (zoomed block)', () => {
    expect(designerKeyAction(key('c'))).toBe('colourBy');
    expect(designerKeyAction(key('z'))).toBe('zoomBlock');
  });

  it('ignores other plain keys and alt combinations', () => {
    expect(designerKeyAction(key('x'))).toBeNull();
    expect(designerKeyAction(key('z', { alt: true }))).toBeNull();
    expect(designerKeyAction(key('z', { ctrl: true, alt: true }))).toBeNull();
    expect(designerKeyAction(key('a', { ctrl: true }))).toBeNull();
  });
});

describe('split width', () => {
  it('stays within 40..85 % and defaults to 65 %', () => {
    expect(clampSplit(10)).toBe(40);
    expect(clampSplit(99)).toBe(85);
    expect(clampSplit(Number.NaN)).toBe(SPLIT_DEFAULT);
    expect(SPLIT_DEFAULT).toBe(65);
  });

  it('moves by keys and by pointer', () => {
    expect(splitAfterKey(60, 'ArrowRight')).toBe(61);
    expect(splitAfterKey(60, 'ArrowLeft')).toBe(59);
    expect(splitAfterKey(84.5, 'PageUp')).toBe(85);
    expect(splitAfterKey(60, 'Home')).toBe(40);
    expect(splitAfterKey(60, 'End')).toBe(85);
    expect(splitAfterKey(60, 'Enter')).toBeUndefined();
    expect(splitAtPointer(700, 100, 1000)).toBe(60);
    expect(splitAtPointer(0, 100, 1000)).toBe(40);
  });
});

const r = (type: string, slug = type) => ({
  slug,
  name: slug,
  type,
  reagent_type: type === 'compound' ? 'chemical' : type,
});

describe('water fill banner', () => {
  it('shows when the bench holds no medium, buffer or aqueous liquid', () => {
    expect(fillsWithWater('ready', null, [])).toBe(true);
    expect(fillsWithWater('ready', null, [r('compound')])).toBe(true);
    // DMSO never fills wells, even when set as the vehicle (it said nothing: DMSO filled)
    expect(fillsWithWater('ready', 'dmso', [r('compound'), r('solvent', 'dmso')])).toBe(true);
  });
  it('hides with a medium, a buffer or water on the bench, or while loading', () => {
    expect(fillsWithWater('ready', null, [r('media')])).toBe(false);
    expect(fillsWithWater('ready', null, [r('compound'), r('buffer')])).toBe(false);
    expect(fillsWithWater('ready', null, [r('solvent', 'water')])).toBe(false);
    expect(fillsWithWater('loading', null, [])).toBe(false);
  });
});

describe('working stock card', () => {
  it('lists the off-plate operations only', () => {
    const ops = workingStockOps([
      { op: 'add', sel: 'OFF', reagent: 'cpd', volume_uL: 10, label: 'Dilute 1:100' },
      { op: 'add', sel: 'A1', reagent: 'cpd', volume_uL: 1 },
    ]);
    expect(ops.map((o) => o.label)).toEqual(['Dilute 1:100']);
  });
});
