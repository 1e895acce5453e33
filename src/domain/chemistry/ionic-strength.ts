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
 * I in mM of a salt at `concentrationMM`, from its ions; 0 without ions.
 * @internal used by tests only, not yet by the product
 */
export function saltIonicStrengthMM(
  concentrationMM: number,
  ions: readonly Ion[] | null | undefined,
): number {
  const f = ionicFactor(ions);
  return Number.isNaN(f) || !Number.isFinite(concentrationMM) ? 0 : concentrationMM * f;
}
