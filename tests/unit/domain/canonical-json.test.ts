import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { canonicalJson, sha256Hex } from '../../../src/domain/canonical-json';

describe('canonical JSON', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null }, e: undefined })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson([undefined, Number.NaN, 'x'])).toBe('[null,null,"x"]');
    expect(canonicalJson('µM')).toBe('"µM"');
  });

  it('does not depend on key order and parses back to the same value (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).toReversed());
        expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        expect(JSON.parse(canonicalJson(obj))).toEqual(JSON.parse(JSON.stringify(obj)));
      }),
    );
  });
});

describe('sha256Hex', () => {
  it('matches known digests', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('µM')).toBe(
      'fb23709011c660149c9e10583eabe71c64e267b4314b06ec54abfaa16a0c7a42',
    );
  });
});
