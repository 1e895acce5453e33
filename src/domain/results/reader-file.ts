/**
 * A plate-reader file (its sheets as rows of cell text) read into plates' readouts: long
 * tables and grid blocks, several plates and channels a file, and the ratio of two channels
 * when asked. All or nothing: a file with any line that cannot be read is refused with every
 * such line named (the first 20), so nothing of it is stored.
 */
import { hasGrid, readGrids } from './reader-grid';
import { looksLong, readLong } from './reader-long';
import type { PlateReadout } from './reader-cells';

export type { PlateReadout } from './reader-cells';

export interface ReaderSheet {
  name: string;
  rows: string[][];
}

export interface RatioRequest {
  numerator: string;
  denominator: string;
}

export type ReaderFile =
  { ok: true; plates: PlateReadout[] } | { ok: false; message: string; problems: string[] };

const MAX_PROBLEMS = 20;

export function ratioChannel(r: RatioRequest): string {
  return `${r.numerator}/${r.denominator}`;
}

/** Adds numerator / denominator for every plate that has both channels. */
function addRatio(plates: PlateReadout[], ratio: RatioRequest): string | undefined {
  const added: PlateReadout[] = [];
  for (const num of plates.filter((p) => p.channel === ratio.numerator)) {
    const den = plates.find((p) => p.barcode === num.barcode && p.channel === ratio.denominator);
    if (!den) continue;
    const values: Record<string, number> = {};
    for (const [well, v] of Object.entries(num.values)) {
      const d = den.values[well];
      if (d !== undefined && d !== 0) values[well] = v / d;
    }
    added.push({ barcode: num.barcode, channel: ratioChannel(ratio), values });
  }
  if (added.length === 0)
    return `No plate holds both channels "${ratio.numerator}" and "${ratio.denominator}"`;
  plates.push(...added);
  return undefined;
}

export function readReaderFile(sheets: ReaderSheet[], ratio?: RatioRequest): ReaderFile {
  const plates: PlateReadout[] = [];
  const problems: string[] = [];
  for (const sheet of sheets) {
    if (!sheet.rows.some((r) => r.some((c) => c.trim() !== ''))) continue;
    const read = hasGrid(sheet.rows)
      ? readGrids(sheet.rows, sheet.name)
      : looksLong(sheet.rows)
        ? readLong(sheet.rows, sheet.name)
        : undefined;
    if (!read) {
      problems.push(
        `${sheet.name === 'CSV' ? 'The file' : `Sheet "${sheet.name}"`} has neither a header with well and value nor a grid with column numbers 1, 2, 3...`,
      );
      continue;
    }
    // A workbook's sheet without a barcode of its own is named by its sheet
    for (const p of read.plates) {
      if (p.barcode === '' && sheet.name !== 'CSV' && sheets.length > 1) p.barcode = sheet.name;
    }
    plates.push(...read.plates);
    problems.push(...read.problems);
  }
  const seen = new Set<string>();
  for (const p of plates) {
    const key = `${p.barcode}\u0000${p.channel}`;
    if (seen.has(key))
      problems.push(
        `Plate "${p.barcode || '(no barcode)'}"${p.channel ? `, channel "${p.channel}"` : ''} is read twice: give each block its barcode or channel`,
      );
    seen.add(key);
  }
  if (problems.length === 0 && plates.length === 0) problems.push('The file holds no readings');
  if (problems.length === 0 && ratio) {
    const missing = addRatio(plates, ratio);
    if (missing) problems.push(missing);
  }
  if (problems.length > 0) {
    const more = problems.length - MAX_PROBLEMS;
    return {
      ok: false,
      message: `The file was not imported: ${problems.length} problem${problems.length === 1 ? '' : 's'}. Mend ${problems.length === 1 ? 'it' : 'them'} and import it again`,
      problems: more > 0 ? [...problems.slice(0, MAX_PROBLEMS), `... and ${more} more`] : problems,
    };
  }
  return { ok: true, plates };
}
