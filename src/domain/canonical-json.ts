/** Canonical JSON (sorted keys) and its SHA-256, for content hashes that every side agrees on. */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * JSON with object keys sorted at every depth and no whitespace. Undefined and function
 * members are left out, symbol members become null, and non-finite numbers become null, as
 * JSON.stringify does; any other object (a Date too) is written as its own enumerable keys.
 */
export function canonicalJson(value: unknown): string {
  // The native serializer is several times faster than building strings in script, so a
  // copy with keys in sorted order is handed to it; parts already in canonical form are
  // shared, not copied. Where the engine would not keep the sorted order of a copy's keys
  // (integer-like keys are always enumerated first, "__proto__" is not an own key on
  // assignment) the whole value is written by hand instead.
  try {
    return JSON.stringify(canonicalCopy(value)) ?? 'null';
  } catch (error) {
    if (error !== UNORDERABLE) throw error;
    return write(value);
  }
}

const UNORDERABLE = Symbol('unorderable');
const INDEX_LIKE = /^(?:0|[1-9]\d*)$/;

function isSorted(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] > keys[i]) return false;
  return true;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function plain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

// The value itself when JSON.stringify already writes it canonically, else a copy that it does.
function canonicalCopy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    // holes are written as null, like undefined; an array of another kind is copied plain
    let out = Object.getPrototypeOf(value) === Array.prototype ? undefined : ([] as unknown[]);
    for (let i = 0; i < value.length; i++) {
      const v = value[i] as unknown;
      const c = canonicalCopy(v);
      if (out === undefined && (c !== v || !(i in value))) out = value.slice(0, i);
      if (out !== undefined) out.push(c);
    }
    return out ?? value;
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  let same = plain(obj) && isSorted(keys);
  if (!same) keys.sort();
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    if (key === '__proto__' || (isDigit(key.charCodeAt(0)) && INDEX_LIKE.test(key))) {
      throw UNORDERABLE;
    }
    const v = obj[key];
    if (v === undefined || typeof v === 'function') {
      same = false;
      continue;
    }
    const c = typeof v === 'symbol' ? null : canonicalCopy(v);
    if (c !== v) same = false;
    copy[key] = c;
  }
  return same ? obj : copy;
}

// The same output built as a string, for values canonicalCopy cannot order.
function write(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const v = value[i] as unknown;
      out += (i > 0 ? ',' : '') + (v === undefined ? 'null' : write(v));
    }
    return out + ']';
  }
  const obj = value as Record<string, unknown>;
  let out = '';
  for (const key of Object.keys(obj).toSorted()) {
    const v = obj[key];
    if (v === undefined || typeof v === 'function') continue;
    out += (out === '' ? '' : ',') + JSON.stringify(key) + ':' + write(v);
  }
  return `{${out}}`;
}

/**
 * True when canonicalJson would write `a` and `b` the same, without writing either: keys in
 * any order, undefined and function members left out, non-finite numbers, undefined,
 * functions and symbols as null, -0 as 0, any other object by its own enumerable keys.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'bigint' || typeof b === 'bigint') return canonicalJson(a) === canonicalJson(b);
  const objA = typeof a === 'object' && a !== null;
  const objB = typeof b === 'object' && b !== null;
  if (!objA || !objB) return !objA && !objB && leaf(a) === leaf(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], other[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let members = 0;
  // for-in over own keys: no array of keys per object (a plate's wells are compared at each
  // edit, each with its targets)
  for (const key in x) {
    if (!Object.hasOwn(x, key) || left(x[key])) continue;
    members++;
    if (!Object.hasOwn(y, key) || left(y[key]) || !jsonEqual(x[key], y[key])) return false;
  }
  for (const key in y) if (Object.hasOwn(y, key) && !left(y[key])) members--;
  return members === 0;
}

// Object members canonicalJson leaves out.
function left(v: unknown): boolean {
  return v === undefined || typeof v === 'function';
}

// A value that is not an object as canonicalJson writes it (null for what it writes as null).
function leaf(v: unknown): unknown {
  if (typeof v === 'number') return Number.isFinite(v) ? v + 0 : null;
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return null;
  return v;
}

/** Lower-case hex SHA-256 of a string's UTF-8 bytes. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
