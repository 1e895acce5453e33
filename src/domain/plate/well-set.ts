// An immutable set of well indices stored as a bitset (32 wells per word; a 1536 plate is
// 48 words). Every operation that would not change the set returns the same instance, so
// `prev === next` tells memoised layers and stores that there is nothing to do.

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Immutable bitset over the well indices 0..size-1 of one plate. */
export class WellSet {
  /** Number of wells in the set. */
  readonly count: number;

  private constructor(
    /** Number of wells on the plate (the universe). */
    readonly size: number,
    private readonly words: Uint32Array,
  ) {
    let n = 0;
    for (let i = 0; i < words.length; i++) n += popcount(words[i]);
    this.count = n;
  }

  /** The empty set over a plate of `size` wells. */
  static empty(size: number): WellSet {
    return new WellSet(size, new Uint32Array(Math.ceil(size / 32)));
  }

  /** Every well of a plate of `size` wells. */
  static all(size: number): WellSet {
    const words = new Uint32Array(Math.ceil(size / 32)).fill(0xffffffff);
    const tail = size % 32;
    if (tail !== 0) words[words.length - 1] = (1 << tail) - 1;
    return new WellSet(size, words);
  }

  /** The wells listed (indices outside 0..size-1 are ignored). */
  static of(size: number, indices: Iterable<number>): WellSet {
    const words = new Uint32Array(Math.ceil(size / 32));
    for (const i of indices) if (i >= 0 && i < size) words[i >>> 5] |= 1 << (i & 31);
    return new WellSet(size, words);
  }

  /** A set from the words of toWords() (e.g. after crossing to a worker). */
  static fromWords(size: number, words: Uint32Array): WellSet {
    const own = new Uint32Array(Math.ceil(size / 32));
    own.set(words.subarray(0, own.length));
    return new WellSet(size, own);
  }

  /** A copy of the bitset's words (32 wells per word, well i at bit i % 32 of word i / 32). */
  toWords(): Uint32Array {
    return this.words.slice();
  }

  /** Writes the bitset's words into `into` from `offset`: toWords without a copy of its own. */
  writeWords(into: Uint32Array | Float64Array, offset = 0): void {
    into.set(this.words, offset);
  }

  get isEmpty(): boolean {
    return this.count === 0;
  }

  has(index: number): boolean {
    if (index < 0 || index >= this.size) return false;
    return (this.words[index >>> 5] & (1 << (index & 31))) !== 0;
  }

  /** True when the set holds exactly this one well. */
  isOnly(index: number): boolean {
    return this.count === 1 && this.has(index);
  }

  /** Same plate size and same wells. */
  equals(other: WellSet): boolean {
    if (other === this) return true;
    if (other.size !== this.size || other.count !== this.count) return false;
    for (let i = 0; i < this.words.length; i++) if (this.words[i] !== other.words[i]) return false;
    return true;
  }

  /** True when every well of `other` is in this set. */
  containsAll(other: WellSet): boolean {
    for (let i = 0; i < this.words.length; i++) {
      if ((other.words[i] & ~this.words[i]) !== 0) return false;
    }
    return true;
  }

  with(index: number): WellSet {
    if (index < 0 || index >= this.size || this.has(index)) return this;
    return this.toggle(index);
  }

  without(index: number): WellSet {
    return this.has(index) ? this.toggle(index) : this;
  }

  toggle(index: number): WellSet {
    if (index < 0 || index >= this.size) return this;
    const words = this.words.slice();
    words[index >>> 5] ^= 1 << (index & 31);
    return new WellSet(this.size, words);
  }

  union(other: WellSet): WellSet {
    return this.combine(other, (a, b) => a | b);
  }

  difference(other: WellSet): WellSet {
    return this.combine(other, (a, b) => a & ~b);
  }

  /** Symmetric difference: wells in exactly one of the two sets (ctrl/meta drag toggles). */
  xor(other: WellSet): WellSet {
    return this.combine(other, (a, b) => a ^ b);
  }

  /** This set when `other` holds the same wells, else `other`: keeps identity for stores. */
  reuse(other: WellSet): WellSet {
    return this.equals(other) ? this : other;
  }

  /** The indices in ascending order. */
  indices(): number[] {
    const out: number[] = [];
    this.forEach((i) => out.push(i));
    return out;
  }

  forEach(fn: (index: number) => void): void {
    for (let w = 0; w < this.words.length; w++) {
      let bits = this.words[w];
      while (bits !== 0) {
        const low = bits & -bits;
        fn((w << 5) + 31 - Math.clz32(low));
        bits ^= low;
      }
    }
  }

  /** Calls `fn` for every well whose membership differs between this set and `other`. */
  forEachDifference(other: WellSet, fn: (index: number, inThis: boolean) => void): void {
    for (let w = 0; w < this.words.length; w++) {
      let bits = this.words[w] ^ (other.words[w] ?? 0);
      while (bits !== 0) {
        const low = bits & -bits;
        const index = (w << 5) + 31 - Math.clz32(low);
        fn(index, (this.words[w] & low) !== 0);
        bits ^= low;
      }
    }
  }

  private combine(other: WellSet, op: (a: number, b: number) => number): WellSet {
    if (other.size !== this.size) throw new Error('Well sets of different plate sizes');
    const words = new Uint32Array(this.words.length);
    let changed = false;
    for (let i = 0; i < words.length; i++) {
      words[i] = op(this.words[i], other.words[i]);
      if (words[i] !== this.words[i]) changed = true;
    }
    if (!changed) return this;
    const next = new WellSet(this.size, words);
    return next.equals(other) ? other : next;
  }
}
