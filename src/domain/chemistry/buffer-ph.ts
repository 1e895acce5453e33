/**
 * pH of a buffered well (DISPENSING.md "Chemistry of a well"). Each buffer stock is its
 * total concentration C, its pKa at 25 C (shifted by dpKa/dT at another temperature) and the
 * pH it was made at. Its deprotonated fraction there, a = 1 / (1 + 10^(pKa - pH)), fixes its
 * base equivalents C * a. In the well the pH is where sum C_i a_i(pH) equals the sum of the
 * base equivalents: the function is increasing in pH, so bisection finds it. Activity
 * coefficients, dissolved CO2 and the acidity of the well's other reagents are ignored. The
 * metrics kernel solves each well with `balancePH` on its own arrays.
 */

/** Reference temperature of catalogued pKa values, C. */
export const PKA_REFERENCE_C = 25;

/** pKa at temperature t (C): pKa(25) + dpKa/dT * (t - 25). */
export function pKaAt(pKa25: number, dpKaPerC: number, temperatureC: number): number {
  return pKa25 + dpKaPerC * (temperatureC - PKA_REFERENCE_C);
}

/** Deprotonated fraction of an acid of this pKa at this pH. */
export function baseFraction(pKa: number, pH: number): number {
  return 1 / (1 + 10 ** (pKa - pH));
}

// Bisection bounds and precision: pH 0-14 halved 50 times is below 1e-13.
const LOW = 0;
const HIGH = 14;
const ITERATIONS = 50;

/**
 * The bisection: the pH at which sum c_i * a_i(pH) equals `baseEquivalents`, each pKa
 * already at the well's temperature. Arrays in, so the per-well kernel calls it on its
 * scratch arrays without building objects.
 */
export function balancePH(
  c: ArrayLike<number>,
  pKa: ArrayLike<number>,
  n: number,
  baseEquivalents: number,
): number {
  let lo = LOW;
  let hi = HIGH;
  for (let k = 0; k < ITERATIONS; k++) {
    const mid = (lo + hi) / 2;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += c[i] * baseFraction(pKa[i], mid);
    if (sum < baseEquivalents) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
