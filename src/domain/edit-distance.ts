/**
 * The one typo distance of the product: optimal string alignment (insertions, deletions,
 * substitutions and swaps of two neighbouring letters), bounded, since typo tolerance only
 * asks "within 1 or 2", and the one rule of how many typos a word may carry. The assistant's
 * reading of names and words and the catalog search both use them. Pure.
 */

/** Typos allowed in a word of this length: none up to 3 letters, 1 up to 6, then 2. */
export function allowedTypos(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  return 2;
}

let rows = [0, 1, 2].map(() => new Int32Array(64));

/** The distance of a and b, or max + 1 as soon as it must exceed max. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (max < 1) return max + 1;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  // three rows reused between calls: a request is matched against every name of the
  // catalog, thousands of calls, and fresh arrays for each made the garbage
  if (rows[0].length < n + 1) rows = [0, 1, 2].map(() => new Int32Array(2 * (n + 1)));
  let [prev2, prev, cur] = rows;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}
