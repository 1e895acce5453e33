/**
 * Compound library files (SCREENING.md "Libraries and campaigns"): one line per source well
 * with its plate barcode, well, compound and stock. People name the columns differently, so
 * each field has the names it is known by and the user may map any other header to it. A
 * line that cannot be read is refused with its line number and reason; the caller stores
 * nothing from a file with refused lines unless the user keeps the good ones.
 */
import { plateDefn, type PlateDefn } from '../plate-format';
import { sourcePlateTypeById, type SourcePlateType } from '../dispensing/plate-types';
import { parseConcentrationUnit, toNanomolar, isMolarUnit } from '../units';
import { canonicalWellId } from '../well-id';

/** One source well of a library plate, as stored. */
export interface LibraryWell {
  barcode: string;
  plate_type: string;
  /** canonical well id of the source plate */
  well: string;
  compound_id: string;
  compound_name: string;
  /** molar stock concentration, nM */
  concentration_nM: number;
  solvent: string;
  /** the volume the well holds, uL */
  volume_uL: number;
  molecular_weight: number | null;
}

export const LIBRARY_FIELDS = [
  'barcode',
  'well',
  'compound_id',
  'compound_name',
  'concentration',
  'unit',
  'solvent',
  'volume',
  'molecular_weight',
] as const;
export type LibraryField = (typeof LIBRARY_FIELDS)[number];

/** Header names each field is known by, compared lower case without spaces, _ or -. */
const KNOWN_NAMES: Record<LibraryField, readonly string[]> = {
  barcode: ['barcode', 'platebarcode', 'sourceplatebarcode', 'plate', 'plateid', 'sourceplate'],
  well: ['well', 'wellid', 'sourcewell', 'position', 'wellposition'],
  compound_id: ['compoundid', 'compound', 'id', 'sampleid', 'molid', 'regid', 'cmpdid'],
  compound_name: ['compoundname', 'name', 'samplename', 'molname'],
  concentration: ['concentration', 'conc', 'stockconcentration', 'sampleconcentration'],
  unit: ['unit', 'units', 'concentrationunit', 'concentrationunits', 'concunit'],
  solvent: ['solvent', 'fluid', 'fluidtype', 'vehicle'],
  volume: ['volume', 'volumeul', 'vol', 'volul', 'currentvolume', 'fluidvolume'],
  molecular_weight: ['mw', 'molecularweight', 'molweight', 'formulaweight', 'fw'],
};

const REQUIRED: readonly LibraryField[] = ['barcode', 'well', 'compound_id', 'concentration'];

function normalise(header: string): string {
  return header.toLowerCase().replace(/[\s_\-().µ]/g, '');
}

/** A header spelling the user maps to a field (as typed, any case). */
export type ColumnMapping = Partial<Record<LibraryField, string>>;

/**
 * The column of each field: the user's mapping first, else a known name. A missing required
 * field, or a mapped header that is not in the file, is a message.
 */
export function columnsOf(
  header: readonly string[],
  mapping: ColumnMapping = {},
): { ok: true; columns: Partial<Record<LibraryField, number>> } | { ok: false; message: string } {
  const names = header.map(normalise);
  const columns: Partial<Record<LibraryField, number>> = {};
  for (const field of LIBRARY_FIELDS) {
    const mapped = mapping[field];
    if (mapped !== undefined && mapped !== '') {
      const at = names.indexOf(normalise(mapped));
      if (at < 0) return { ok: false, message: `The file has no column "${mapped}" (${field})` };
      columns[field] = at;
      continue;
    }
    const at = names.findIndex((n) => KNOWN_NAMES[field].includes(n));
    if (at >= 0 && !Object.values(columns).includes(at)) columns[field] = at;
  }
  const missing = REQUIRED.filter((f) => columns[f] === undefined);
  if (missing.length > 0) {
    return {
      ok: false,
      message: `No column for ${missing.join(', ')}: name the columns in the header row or map them`,
    };
  }
  return { ok: true, columns };
}

/** A line of the file that is not stored: its 1-based line number and why. */
export interface RefusedLine {
  line: number;
  reason: string;
}

export interface LibraryParseOptions {
  mapping?: ColumnMapping;
  /** plate type per barcode; `default_plate_type` for the others */
  plate_types?: Record<string, string>;
  default_plate_type: string;
  /** the unit of a concentration without one (no unit column or an empty cell) */
  default_unit?: string;
}

export type LibraryParse =
  { ok: true; wells: LibraryWell[]; refused: RefusedLine[] } | { ok: false; message: string };

/** A concentration in nM from a value and its unit; mass units need the molecular weight. */
export function concentrationNanomolar(
  value: number,
  unitText: string,
  mw: number | null,
): { nM: number } | { message: string } {
  const unit = parseConcentrationUnit(unitText);
  if (unit && isMolarUnit(unit)) return { nM: toNanomolar(value, unit) };
  const mass = /^(u|µ|μ|m|n)g\/ml$/i.exec(unitText.replace(/\s+/g, ''));
  if (mass) {
    if (mw === null) return { message: `${unitText} needs a molecular weight` };
    // c (nM) = 1000 * c (ng/mL) / MW (DISPENSING.md "Mass units")
    const ngPerMl = value * { n: 1, u: 1e3, µ: 1e3, μ: 1e3, m: 1e6 }[mass[1].toLowerCase()]!;
    return { nM: (1000 * ngPerMl) / mw };
  }
  return { message: `unknown concentration unit "${unitText}" (mM, uM, nM, M, ug/mL)` };
}

const isBlank = (cell: string) => cell.trim() === '';

function positive(text: string): number | null {
  const v = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(v) && v > 0 ? v : null;
}

/** A line's cell in a column, trimmed; '' for a column the file has not (-1). */
const cell = (row: readonly string[], column: number) =>
  column < 0 ? '' : (row[column] ?? '').trim();

/** A line's stock: its concentration in nM and molecular weight, or why it is refused. */
type Stock = { nM: number; mw: number | null } | { reason: string };

function stockOf(concText: string, unitText: string, mwText: string): Stock {
  const mw = mwText === '' ? null : positive(mwText);
  if (mwText !== '' && mw === null)
    return { reason: `molecular weight "${mwText}" is not a positive number` };
  const value = positive(concText);
  if (value === null) return { reason: `concentration "${concText}" is not a positive number` };
  const conc = concentrationNanomolar(value, unitText, mw);
  if ('message' in conc) return { reason: conc.message };
  return { nM: Number(conc.nM.toPrecision(12)), mw };
}

/** What the lines of one plate barcode share: its type and shape, and the wells named. */
interface PlateOfLines {
  type: SourcePlateType | undefined;
  defn: PlateDefn | undefined;
  wells: Set<string>;
}

/**
 * The wells of a library file's rows (the first row is the header). Every line is read; the
 * refused ones are listed with their line number (1 is the header) and reason. Blank lines
 * are skipped. A barcode and well named twice are refused the second time. What lines share
 * (a plate's type, a stock's concentration) is worked out once: a library is 100,000 lines of
 * a few plates types and stocks.
 */
export function parseLibraryRows(
  rows: readonly (readonly string[])[],
  options: LibraryParseOptions,
): LibraryParse {
  if (rows.length === 0) return { ok: false, message: 'The file is empty' };
  const found = columnsOf(rows[0], options.mapping);
  if (!found.ok) return found;
  const c = found.columns;
  const plates = new Map<string, PlateOfLines>();
  const plateOf = (barcode: string) => {
    let plate = plates.get(barcode);
    if (!plate) {
      const type = sourcePlateTypeById(
        options.plate_types?.[barcode] ?? options.default_plate_type,
      );
      plate = { type, defn: type && plateDefn(type.format), wells: new Set() };
      plates.set(barcode, plate);
    }
    return plate;
  };
  const stocks = new Map<string, Stock>();
  const wells: LibraryWell[] = [];
  const refused: RefusedLine[] = [];
  // each field's column, -1 when the file has none
  const at = (f: LibraryField) => c[f] ?? -1;
  const [cBarcode, cWell, cCompound, cName, cConc, cUnit, cSolvent, cVolume, cMw] = [
    at('barcode'),
    at('well'),
    at('compound_id'),
    at('compound_name'),
    at('concentration'),
    at('unit'),
    at('solvent'),
    at('volume'),
    at('molecular_weight'),
  ];
  // made once, not once a line (100,000 lines)
  const refuse = (line: number, reason: string) => refused.push({ line, reason });
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i];
    const line = i + 1;
    const barcode = cell(row, cBarcode);
    if (!barcode) {
      if (!row.every(isBlank)) refuse(line, 'no plate barcode');
      continue;
    }
    const plate = plateOf(barcode);
    const type = plate.type;
    if (!type || !plate.defn) {
      refuse(
        line,
        `unknown plate type "${options.plate_types?.[barcode] ?? options.default_plate_type}"`,
      );
      continue;
    }
    const wellText = cell(row, cWell);
    const well = canonicalWellId(wellText, plate.defn);
    if (!well) {
      refuse(line, `"${wellText}" is not a well of a ${type.format}-well ${type.id} plate`);
      continue;
    }
    if (plate.wells.has(well)) {
      refuse(line, `${barcode} ${well} is listed twice`);
      continue;
    }
    const compound = cell(row, cCompound);
    if (!compound) {
      refuse(line, 'no compound id');
      continue;
    }
    const concText = cell(row, cConc);
    const unitText = cell(row, cUnit) || options.default_unit || 'mM';
    const mwText = cell(row, cMw);
    const key = `${concText}\u0000${unitText}\u0000${mwText}`;
    let stock = stocks.get(key);
    if (!stock) {
      stock = stockOf(concText, unitText, mwText);
      stocks.set(key, stock);
    }
    if ('reason' in stock) {
      refuse(line, stock.reason);
      continue;
    }
    const volText = cell(row, cVolume);
    let volume = type.max_uL;
    if (volText !== '') {
      const v = positive(volText);
      if (v === null) {
        refuse(line, `volume "${volText}" is not a positive number of uL`);
        continue;
      }
      if (v > type.max_uL) {
        refuse(line, `${v} uL is more than a ${type.id} well holds (${type.max_uL} uL)`);
        continue;
      }
      volume = v;
    }
    plate.wells.add(well);
    wells.push({
      barcode,
      plate_type: type.id,
      well,
      compound_id: compound,
      compound_name: cell(row, cName),
      concentration_nM: stock.nM,
      solvent: cell(row, cSolvent) || 'DMSO',
      volume_uL: volume,
      molecular_weight: stock.mw,
    });
  }
  return { ok: true, wells, refused };
}
