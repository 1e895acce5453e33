// A library's wells as a campaign reads them, kept as one text of columns per library
// (library_columns): reading 422,400 wells row by row, or aggregating them in the database,
// took seconds where one row of columns takes a fraction. The columns that repeat (barcodes,
// plate types, wells, solvents, concentrations, volumes) are each a list of their distinct
// values and a code per well, the codes written as runs (a start, a step, a length: a plate's
// barcode is one run, its wells in file order another, a solvent one for the library);
// compound ids are one list. Kept at the library's revision: a change of its wells' volumes
// makes it stale, and the wells are then read from library_wells and kept again. So is a
// text of an earlier form (without runs), which the reader does not take.
import type { LibrarySource } from '../../domain/campaign/plan';

/** A library's well as a campaign reads it, in library order. */
export type SourceWell = LibrarySource & { solvent: string };

const CODED = [
  'barcode',
  'plate_type',
  'well',
  'solvent',
  'concentration_nM',
  'current_uL',
] as const;
type Coded = (typeof CODED)[number];

/** The form of the text: a text of another form is read again from the wells. */
const FORM = 2;

interface Columns {
  form: typeof FORM;
  n: number;
  values: { [K in Coded]: SourceWell[K][] };
  /** each column's codes as runs: start, step, length, ... */
  runs: Record<Coded, number[]>;
  compound_id: string[];
}

/** Codes as runs of a start, a step and a length (JSON of 422,400 codes took 0.4 s to read). */
function runsOf(codes: readonly number[]): number[] {
  const runs: number[] = [];
  let i = 0;
  while (i < codes.length) {
    const start = codes[i];
    const step = i + 1 < codes.length ? codes[i + 1] - start : 0;
    let length = 1;
    while (i + length < codes.length && codes[i + length] === start + step * length) length++;
    runs.push(start, step, length);
    i += length;
  }
  return runs;
}

/** The codes of runsOf's runs, n of them. */
function codesOf(runs: readonly number[], n: number): Int32Array {
  const codes = new Int32Array(n);
  let at = 0;
  for (let r = 0; r < runs.length; r += 3) {
    const [start, step, length] = [runs[r], runs[r + 1], runs[r + 2]];
    for (let k = 0; k < length; k++) codes[at++] = start + step * k;
  }
  return codes;
}

/** The wells as the columns' text. */
export function sourceColumnsText(wells: readonly SourceWell[]): string {
  const n = wells.length;
  const values = {} as Columns['values'];
  const runs = {} as Columns['runs'];
  for (const key of CODED) {
    const seen = new Map<string | number, number>();
    const list: (string | number)[] = [];
    const code: number[] = Array.from({ length: n });
    for (let i = 0; i < n; i++) {
      const v = wells[i][key];
      let c = seen.get(v);
      if (c === undefined) {
        c = list.length;
        seen.set(v, c);
        list.push(v);
      }
      code[i] = c;
    }
    (values as Record<Coded, (string | number)[]>)[key] = list;
    runs[key] = runsOf(code);
  }
  const compound_id = wells.map((w) => w.compound_id);
  const columns: Columns = { form: FORM, n, values, runs, compound_id };
  return JSON.stringify(columns);
}

/**
 * The wells of the columns' text (sourceColumnsText), in library order; null for a text of
 * another form (kept before this one), which the caller reads again from the wells.
 */
export function sourcesOfColumns(text: string): SourceWell[] | null {
  const columns = JSON.parse(text) as Columns | { form?: undefined };
  if (columns.form !== FORM) return null;
  const { n, values: v, runs, compound_id } = columns;
  const [barcode, plate_type, well, solvent, concentration_nM, current_uL] = CODED.map((key) =>
    codesOf(runs[key], n),
  );
  const wells: SourceWell[] = Array.from({ length: n });
  for (let i = 0; i < n; i++) {
    wells[i] = {
      barcode: v.barcode[barcode[i]],
      plate_type: v.plate_type[plate_type[i]],
      well: v.well[well[i]],
      compound_id: compound_id[i],
      concentration_nM: v.concentration_nM[concentration_nM[i]],
      current_uL: v.current_uL[current_uL[i]],
      solvent: v.solvent[solvent[i]],
    };
  }
  return wells;
}
