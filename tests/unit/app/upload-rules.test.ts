import { describe, expect, it } from 'vitest';
import {
  canCreateForUpload,
  canFetchText,
  canUpload,
  descriptionToSend,
  experimentIdFrom,
} from '../../../src/app/dev-upload/upload-rules';

describe('upload panel rules', () => {
  it('create needs a trimmed name and no running request', () => {
    expect(canCreateForUpload('  ', false)).toBe(false);
    expect(canCreateForUpload('a', true)).toBe(false);
    expect(canCreateForUpload(' a ', false)).toBe(true);
  });

  it('sends the description only when it is not blank', () => {
    expect(descriptionToSend('   ')).toBeUndefined();
    expect(descriptionToSend(' notes ')).toBe('notes');
  });

  it('upload needs a file and an experiment; fetch needs an experiment', () => {
    const file = new File(['x'], 'a.txt', { type: 'text/plain' });
    expect(canUpload(null, 1, false)).toBe(false);
    expect(canUpload(file, null, false)).toBe(false);
    expect(canUpload(file, 1, false)).toBe(true);
    expect(canFetchText(null, false)).toBe(false);
    expect(canFetchText(1, false)).toBe(true);
  });

  it('reads a positive integer experiment id from the query', () => {
    expect(experimentIdFrom('12')).toBe(12);
    expect(experimentIdFrom('0')).toBeNull();
    expect(experimentIdFrom('x1')).toBeNull();
    expect(experimentIdFrom(null)).toBeNull();
  });
});
