/**
 * The QC of every plate of a campaign under the user's thresholds: each plate's Z', robust Z',
 * S/B, control CVs and SSMD from its control wells (their roles from the layout's tags, as the
 * per-plate results read them), and why a plate fails. A plate fails when its Z' is below the
 * minimum or a control's CV above the maximum; a plate whose Z' cannot be worked out is not
 * known, with the reason.
 */
import { roleOf } from './doses';
import { plateQc, type PlateQc } from './qc';

export interface CampaignQcThresholds {
  z_prime_min: number;
  /** a control's CV (%) above this fails the plate */
  cv_max_pct: number;
}

export const DEFAULT_CAMPAIGN_QC: CampaignQcThresholds = { z_prime_min: 0.5, cv_max_pct: 20 };

export interface PlateQcRow {
  qc: PlateQc;
  /** true: passes; false: fails (see failures); null: cannot be said (see qc.notes) */
  pass: boolean | null;
  failures: string[];
}

const fixed = (x: number, digits: number) => String(Number(x.toFixed(digits)));

/** One plate's QC from its readings and its wells' tags. */
export function plateQcRow(
  wells: Readonly<Record<string, { tags?: readonly string[] } | null | undefined>>,
  values: Readonly<Record<string, number>>,
  thresholds: CampaignQcThresholds,
): PlateQcRow {
  const pos: number[] = [];
  const neg: number[] = [];
  for (const [id, raw] of Object.entries(values)) {
    const role = roleOf(wells[id]?.tags ?? []);
    if (role === 'pos') pos.push(raw);
    else if (role === 'neg') neg.push(raw);
  }
  const qc = plateQc(pos, neg, { z_prime_min: thresholds.z_prime_min });
  const failures: string[] = [];
  if (qc.z_prime !== null && qc.z_prime < thresholds.z_prime_min)
    failures.push(`Z' ${fixed(qc.z_prime, 2)} < ${thresholds.z_prime_min}`);
  for (const [kind, c] of [
    ['POS', qc.pos],
    ['NEG', qc.neg],
  ] as const)
    if (c && c.n > 1 && Math.abs(c.cv_pct) > thresholds.cv_max_pct)
      failures.push(`CV ${kind} ${fixed(Math.abs(c.cv_pct), 1)} % > ${thresholds.cv_max_pct} %`);
  return {
    qc,
    pass: failures.length > 0 ? false : qc.z_prime === null ? null : true,
    failures,
  };
}
