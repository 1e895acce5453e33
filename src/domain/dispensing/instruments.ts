/**
 * Dispensing instruments as data (DISPENSING.md "Instruments"): the step every volume is a
 * whole multiple of, the smallest volume, the accuracy bands by volume, and the dilution
 * factors tried for an intermediate source. Figures are typical published values; a site
 * changes them here or through its own profile, never in the code that uses them.
 */

export type InstrumentKind = 'acoustic' | 'pipette' | 'bulk';

/** One accuracy band: transfers below `below_nL` (null: any larger one) have this CV. */
export interface AccuracyBandSpec {
  below_nL: number | null;
  band: 'poor' | 'moderate' | 'good';
  /** expected error as people read it, e.g. "±10–20%"; null when none is shown */
  range: string | null;
  /**
   * the error one transfer of the band is counted with when errors are summed along a
   * chain of dilutions, %: the low end of its range (a pipette's good band: 1 %)
   */
  error_pct: number;
}

/** A dispensing instrument. */
export interface InstrumentProfile {
  id: string;
  kind: InstrumentKind;
  name: string;
  /** every volume is a whole multiple of this, nL (a droplet, a pipette's resolution) */
  step_nL: number;
  /** smallest volume dispensed, nL */
  min_nL: number;
  /** accuracy bands, smallest `below_nL` first, the last with below_nL null */
  bands: AccuracyBandSpec[];
  /**
   * Dilution factors of intermediate sources tried, besides the stock itself: an
   * acoustic source is diluted in the compound's own solvent, a pipetted one in the assay
   * diluent (DISPENSING.md "Screening practice").
   */
  intermediate_factors: number[];
  /**
   * A pipette whose working stocks the settings dilute in an organic solvent (a `diluent` of
   * DMSO): like an acoustic dispenser's, every transfer of them is all solvent
   */
  diluent_is_solvent?: boolean;
}

/**
 * Whether an instrument's working stocks are diluted in the stock's solvent, so that all of
 * a transfer is solvent (acoustic, or a pipette given a solvent diluent), rather than in the
 * aqueous assay diluent (a pipette's 1:F working stock carries 1/F of the stock's solvent).
 */
export function dilutesInSolvent(profile: InstrumentProfile): boolean {
  return profile.kind === 'acoustic' || profile.diluent_is_solvent === true;
}

/** A hand or liquid-handler pipette's bands (the spec's): also those of preparing intermediates. */
export const PIPETTE_BANDS: AccuracyBandSpec[] = [
  { below_nL: 2000, band: 'poor', range: '±10–20%', error_pct: 10 },
  { below_nL: 10000, band: 'moderate', range: '±5–10%', error_pct: 5 },
  { below_nL: null, band: 'good', range: null, error_pct: 1 },
];

// Acoustic CV is about 2-8 % by fluid and volume: the worst end for a few droplets.
const ACOUSTIC_BANDS: AccuracyBandSpec[] = [
  { below_nL: 10, band: 'moderate', range: '±5–8%', error_pct: 5 },
  { below_nL: null, band: 'good', range: '±2–5%', error_pct: 2 },
];

/** The instruments a plan may use. */
export const INSTRUMENTS: readonly InstrumentProfile[] = [
  {
    id: 'echo-650',
    kind: 'acoustic',
    name: 'Acoustic, 2.5 nL droplets (Echo 55x / 650 series)',
    step_nL: 2.5,
    min_nL: 2.5,
    bands: ACOUSTIC_BANDS,
    intermediate_factors: [10, 100, 1000, 10000],
  },
  {
    id: 'echo-525',
    kind: 'acoustic',
    name: 'Acoustic, 25 nL droplets (Echo 525)',
    step_nL: 25,
    min_nL: 25,
    bands: [{ below_nL: null, band: 'good', range: '±2–5%', error_pct: 2 }],
    intermediate_factors: [10, 100, 1000, 10000],
  },
  {
    id: 'pipette',
    kind: 'pipette',
    name: 'Pipette (hand, 8/16-channel or head)',
    step_nL: 100,
    min_nL: 500,
    bands: PIPETTE_BANDS,
    intermediate_factors: [10, 100, 1000, 10000],
  },
  {
    id: 'bulk-small',
    kind: 'bulk',
    name: 'Bulk dispenser, small-tube cassette',
    step_nL: 100,
    min_nL: 500,
    bands: PIPETTE_BANDS,
    intermediate_factors: [],
  },
  {
    id: 'bulk-standard',
    kind: 'bulk',
    name: 'Bulk dispenser, standard cassette',
    step_nL: 1000,
    min_nL: 5000,
    bands: PIPETTE_BANDS,
    intermediate_factors: [],
  },
];

/** The profile of an id; undefined when unknown. */
export function instrumentById(id: string | null | undefined): InstrumentProfile | undefined {
  return INSTRUMENTS.find((i) => i.id === id);
}
