/**
 * mulberry32: a 32-bit seeded generator (public domain, Tommy Ettinger). All of its arithmetic
 * is 32-bit integer (Math.imul, shifts), so a seed gives the same sequence in every engine on
 * every platform; that is what makes a randomised layout reproducible from its seed.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n). */
export function randomInt(next: () => number, n: number): number {
  return Math.floor(next() * n);
}

/** Fisher-Yates shuffle in place. */
export function shuffle<T>(next: () => number, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(next, i + 1);
    const t = list[i];
    list[i] = list[j];
    list[j] = t;
  }
  return list;
}
