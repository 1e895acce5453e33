// Bench reagents of the dispensing tests, written out in full.
import type { BenchReagentInfo } from '../../../../src/domain/plate-wire';

const none = {
  stock_nM: null,
  stock_pct: null,
  solvent: null,
  max_concentration_percent: null,
  min_transfer_ul: null,
  ionic_strength_mM: null,
};

/** A compound at 10 mM in DMSO. */
export const CPD: BenchReagentInfo = {
  ...none,
  slug: 'cpd',
  name: 'Cpd',
  type: 'chemical',
  stock_nM: 10_000_000,
  solvent: 'DMSO',
};
/** DMSO, 2 % v/v limit (a biochemical assay). */
export const DMSO: BenchReagentInfo = {
  ...none,
  slug: 'dmso',
  name: 'DMSO',
  type: 'solvent',
  stock_pct: 100,
  max_concentration_percent: 2,
};
export const MEDIA: BenchReagentInfo = { ...none, slug: 'media', name: 'Media', type: 'media' };

export const BENCH = [CPD, DMSO, MEDIA];

/** Targets of a 10-point 3-fold series from 10 uM: 10000 / 3^k nM. */
export const SERIES_NM = Array.from({ length: 10 }, (_, k) => 10_000 / 3 ** k);
