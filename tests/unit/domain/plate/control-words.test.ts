// The one list of control words: each word names one kind and its tags.
import { describe, expect, it } from 'vitest';
import {
  CONTROL_VOCABULARY,
  controlTags,
  controlWords,
} from '../../../../src/domain/plate/control-words';

describe('control words', () => {
  it('gives the tags of the kind a word names, every kind for none', () => {
    expect(controlTags('hi')).toEqual(['POS']);
    expect(controlTags('HPE')).toEqual(['POS']);
    expect(controlTags('max signal')).toEqual(['POS']);
    expect(controlTags('neutral')).toEqual(['NEG']);
    expect(controlTags('zpe')).toEqual(['NEG']);
    expect(controlTags('vehicle')).toEqual(['DMSO', 'vehicle']);
    expect(controlTags('blanks')).toEqual(['ZERO']);
    expect(controlTags('foo')).toEqual([]);
    expect(controlTags(undefined)).toEqual(['POS', 'NEG', 'DMSO', 'vehicle', 'ZERO']);
  });

  it('lists the words a read request keeps, not the shorthand spelt out before', () => {
    expect(CONTROL_VOCABULARY).toContain('untreated');
    expect(CONTROL_VOCABULARY).toContain('ctrls');
    expect(CONTROL_VOCABULARY).not.toContain('hpe');
    expect(CONTROL_VOCABULARY).not.toContain('neutral');
  });

  it('makes alternations longest word first, so a longer word is never cut short', () => {
    expect(controlWords('positive', 'names', 'signal')).toBe('positive|maximum|high|pos|max');
    expect(new RegExp(`^(?:${controlWords('negative', 'shorthand')})$`).test('neutral')).toBe(true);
  });
});
