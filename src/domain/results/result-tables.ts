/**
 * The results as tidy tables for export: one row per well (barcode, well, role, compound,
 * concentration, raw, normalised, z) and one row per fit. The server writes them as CSV
 * (src/server/exports/download.ts) or as a workbook.
 */
import type { SheetCell } from '../csv-safe';
import type { PlateResults } from '../schemas/results';

export function tidyRows(results: PlateResults): SheetCell[][] {
  const barcode = results.readout.barcode;
  return [
    [
      'barcode',
      'channel',
      'well',
      'role',
      'compound',
      'concentration_nM',
      'raw',
      'normalised_pct',
      'npi_pct',
      'robust_z',
      'b_score',
    ],
    ...results.wells.map((w) => [
      barcode,
      results.readout.channel,
      w.well,
      w.role,
      w.compound,
      w.nM,
      w.raw,
      w.normalised,
      w.npi,
      w.z,
      w.b_score,
    ]),
  ];
}

/** The IC50 as said: censored beyond the tested range ("> 10000 nM"). */
const nMText = (x: number) => `${Number(x.toPrecision(3))} nM`;

export function ic50Text(fit: PlateResults['fits'][number]['fit']): string {
  if (!fit.ok) return fit.message;
  if (fit.censored === '>') return `> ${nMText(fit.range[1])}`;
  if (fit.censored === '<') return `< ${nMText(fit.range[0])}`;
  return nMText(fit.e.value);
}

export function fitRows(results: PlateResults): SheetCell[][] {
  return [
    [
      'barcode',
      'compound',
      'points',
      'ic50',
      'ic50_nM',
      'ic50_lower_nM',
      'ic50_upper_nM',
      'hill',
      'bottom',
      'top',
      'rse',
      'df',
      'note',
    ],
    ...results.fits.map(({ compound, x, fit }) =>
      fit.ok
        ? [
            results.readout.barcode,
            compound,
            x.length,
            ic50Text(fit),
            fit.e.value,
            fit.e.lower,
            fit.e.upper,
            fit.b.value,
            fit.c.value,
            fit.d.value,
            fit.rse,
            fit.df,
            '',
          ]
        : [
            results.readout.barcode,
            compound,
            x.length,
            '',
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            fit.message,
          ],
    ),
  ];
}
