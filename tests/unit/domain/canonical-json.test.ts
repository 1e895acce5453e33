import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { canonicalJson, jsonEqual, sha256Hex } from '../../../src/domain/canonical-json';

const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

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

// Canonical JSON spelled out level by level: each key and leaf as JSON.stringify writes it,
// keys in code-unit order (a key-sorted copy would not do: integer-like keys come first).
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v: unknown) => reference(v)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const members = Object.keys(obj)
    .toSorted()
    .filter((k) => obj[k] !== undefined && typeof obj[k] !== 'function')
    .map((k) => `${JSON.stringify(k)}:${reference(obj[k])}`);
  return `{${members.join(',')}}`;
}

const key = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('__proto__', '0', '1', '9', '10', '01', '-1', '1.5', 'a', 'B', '', 'toJSON'),
);
const leaf = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.double(),
  fc.integer(),
  fc.string({ unit: 'binary' }),
  fc.constant(() => 1),
);
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('tree'), { maxLength: 5 }),
    fc.dictionary(key, tie('tree'), { maxKeys: 6 }),
  ),
}));

describe('canonical JSON against a plain reference', () => {
  it('is byte for byte the reference for random nested values (property)', () => {
    fc.assert(
      fc.property(tree, (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
  });

  it('orders integer-like and special keys by code units and keeps __proto__', () => {
    const parsed = JSON.parse('{"b":1,"__proto__":{"z":[2,1]},"10":3,"9":4,"-1":5}') as object;
    expect(canonicalJson(parsed)).toBe('{"-1":5,"10":3,"9":4,"__proto__":{"z":[2,1]},"b":1}');
    expect(canonicalJson({ nested: parsed })).toBe(`{"nested":${canonicalJson(parsed)}}`);
  });

  it('writes other objects as their own keys and leaves its input untouched', () => {
    expect(canonicalJson({ at: new Date(0), n: [Symbol('s'), () => 1] })).toBe(
      '{"at":{},"n":[null,null]}',
    );
    const input = { b: { d: 1, c: 2 }, a: [{ y: 1, x: 2 }] };
    const before = JSON.stringify(input);
    expect(canonicalJson(input)).toBe('{"a":[{"x":2,"y":1}],"b":{"c":2,"d":1}}');
    expect(JSON.stringify(input)).toBe(before);
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

describe('jsonEqual', () => {
  const anything = fc.anything({
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
    withUnicodeString: true,
  });

  it('answers as comparing canonicalJson would, for any two values', () => {
    fc.assert(fc.property(anything, anything, (a, b) => jsonEqual(a, b) === sameJson(a, b)));
  });

  it('reads only own members, as canonicalJson writes them', () => {
    const inherits = Object.create({ extra: 1 }) as Record<string, unknown>;
    inherits.a = 1;
    expect(canonicalJson(inherits)).toBe('{"a":1}');
    expect(jsonEqual(inherits, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, inherits)).toBe(true);
  });

  it('sees a value equal to its copy with keys reordered and left-out members added', () => {
    const reordered = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(reordered);
      if (typeof v !== 'object' || v === null) return v;
      const out: Record<string, unknown> = { skipped: undefined };
      // defined, not assigned: a member called "__proto__" stays a member (an assignment
      // would set the copy's prototype instead)
      for (const k of Object.keys(v).toReversed())
        Object.defineProperty(out, k, {
          value: reordered((v as never)[k]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    };
    const prop = fc.property(fc.jsonValue(), (v) => {
      const copy = reordered(v);
      return jsonEqual(v, copy) === sameJson(v, copy) && jsonEqual(v, copy);
    });
    fc.assert(prop);
    // the case a run once found: a member called "__proto__"
    fc.assert(prop, { seed: 560230381, path: '2:1:0:0:0:85', endOnFailure: true });
    expect(
      jsonEqual(JSON.parse('{"__proto__":""}'), reordered(JSON.parse('{"__proto__":""}'))),
    ).toBe(true);
  });

  it('wells: the same content spelled otherwise is equal, one volume apart is not', () => {
    const well = {
      label: '',
      sample: '',
      tags: ['POS'],
      targets: { dmso: { target_nM: null, volume_uL: 0.01 }, c1: { target_nM: 10, volume_uL: 1 } },
    };
    const same = {
      targets: { c1: { volume_uL: 1, target_nM: 10 }, dmso: { volume_uL: 0.01, target_nM: null } },
      tags: ['POS'],
      sample: '',
      label: '',
      note: undefined,
    };
    expect(jsonEqual(well, same)).toBe(true);
    expect(
      jsonEqual(well, {
        ...same,
        targets: { ...same.targets, c1: { target_nM: 10, volume_uL: 1.5 } },
      }),
    ).toBe(false);
    expect(jsonEqual({ a: -0, b: Number.NaN }, { a: 0, b: null })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});
