// A library's wells as a campaign reads them, kept as one text of columns per library
// (library_columns): reading 422,400 wells row by row, or aggregating them in the database,
// took seconds where one row of columns takes a fraction. The columns that repeat (barcodes,
// plate types, wells, solvents, concentrations, volumes) are each a list of their distinct
// values and a code per well; compound ids are one list. Kept at the library's revision: a
// change of its wells' volumes makes it stale, and the wells are then read from library_wells
// and kept again.
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

interface Columns {
  n: number;
  values: { [K in Coded]: SourceWell[K][] };
  codes: Record<Coded, number[]>;
  compound_id: string[];
}

/** The wells as the columns' text. */
export function sourceColumnsText(wells: readonly SourceWell[]): string {
  const n = wells.length;
  const values = {} as Columns['values'];
  const codes = {} as Columns['codes'];
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
    codes[key] = code;
  }
  const columns: Columns = { n, values, codes, compound_id: wells.map((w) => w.compound_id) };
  return JSON.stringify(columns);
}

/** The wells of the columns' text (sourceColumnsText), in library order. */
export function sourcesOfColumns(text: string): SourceWell[] {
  const { n, values, codes, compound_id } = JSON.parse(text) as Columns;
  const { barcode, plate_type, well, solvent, concentration_nM, current_uL } = codes;
  const v = values;
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
