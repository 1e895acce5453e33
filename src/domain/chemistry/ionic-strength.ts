/**
 * Ionic strength from the ions of each salt and buffer (DISPENSING.md "Chemistry of a well"):
 * I = 1/2 * sum(c_i * z_i^2). A reagent's ions come from its catalog entry as
 * {charge, count} per formula unit, so one formula unit at concentration c brings
 * c * 1/2 * sum(count * charge^2).
 */

/** One ion of a salt or buffer: its charge and how many a formula unit releases. */
export interface Ion {
  charge: number;
  count: number;
}

/**
 * The ionic-strength factor of one formula unit: 1/2 * sum(count * z^2). NaCl (Na+, Cl-)
 * is 1, MgCl2 (Mg2+, 2 Cl-) is 3, Na2SO4 (2 Na+, SO4 2-) is 3. NaN without ions.
 */
export function ionicFactor(ions: readonly Ion[] | null | undefined): number {
  if (!ions || ions.length === 0) return Number.NaN;
  let sum = 0;
  for (const ion of ions) sum += ion.count * ion.charge * ion.charge;
  return sum / 2;
}

/**
 * The ionic strength one mM of a buffer brings, from its species at the well's pH. A
 * buffer's acid form carries `acidCharge` (HEPES 0, Tris +1, H2PO4- -1) and its base form
 * one less. At a deprotonated fraction `a` the species bring
 * 1/2 [(1 - a) z^2 + a (z - 1)^2]. The stock was titrated to its pH with a monovalent
 * counter-ion (Na+, K+, Cl-) that balances the buffer's net charge there,
 * |z - aMade| per buffer, and it stays in the well whatever the pH becomes:
 * 1/2 |z - aMade|. One buffer at its own pH (a = aMade): HEPES-Na is a, Tris-HCl 1 - a,
 * sodium phosphate 1 + 2a (50 mM at pH 7.4: 22.7, 26.7 at pH 8.0, 111 mM). NaN when the
 * charge is unknown.
 */
export function bufferIonicFactor(acidCharge: number, a: number, aMade: number): number {
  if (!Number.isFinite(acidCharge) || !Number.isFinite(a) || !Number.isFinite(aMade))
    return Number.NaN;
  const z = acidCharge;
  const species = (1 - a) * z * z + a * (z - 1) * (z - 1);
  const counterIon = Math.abs(z - aMade);
  return (species + counterIon) / 2;
}
