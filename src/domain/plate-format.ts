/** Plate formats of DOMAIN.md: rows x cols and the 8x12 subsection grid of 96/384/1536. */
export const PLATE_FORMATS = [6, 12, 24, 48, 96, 384, 1536] as const;
export type PlateFormat = (typeof PLATE_FORMATS)[number];

export interface PlateDefn {
  format: PlateFormat;
  rows: number;
  cols: number;
}

const SHAPES: Record<PlateFormat, [rows: number, cols: number]> = {
  6: [2, 3],
  12: [3, 4],
  24: [4, 6],
  48: [6, 8],
  96: [8, 12],
  384: [16, 24],
  1536: [32, 48],
};

/** Short descriptions shown beside each option (spec section 3). */
export const PLATE_FORMAT_NOTES: Record<PlateFormat, string> = {
  6: 'large volume',
  12: 'large volume',
  24: 'mid volume',
  48: 'mid volume',
  96: 'classic',
  384: 'high-throughput',
  1536: 'ultra density',
};

/** Subsection block size: one 96-well footprint. */
export const BLOCK_ROWS = 8;
export const BLOCK_COLS = 12;

export function isPlateFormat(value: unknown): value is PlateFormat {
  return typeof value === 'number' && (PLATE_FORMATS as readonly number[]).includes(value);
}

/** Parses "96", 96 or "1536" into a format; undefined for anything else. */
export function parsePlateFormat(value: unknown): PlateFormat | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return isPlateFormat(n) ? n : undefined;
}

export function plateDefn(format: PlateFormat): PlateDefn {
  const [rows, cols] = SHAPES[format];
  return { format, rows, cols };
}

export function wellCount(format: PlateFormat): number {
  const [rows, cols] = SHAPES[format];
  return rows * cols;
}

/** Blocks per row and per column of 8x12 subsections; 0x0 for plates smaller than 96. */
export function subsectionGrid(format: PlateFormat): { blockRows: number; blockCols: number } {
  if (format < 96) return { blockRows: 0, blockCols: 0 };
  const { rows, cols } = plateDefn(format);
  return { blockRows: rows / BLOCK_ROWS, blockCols: cols / BLOCK_COLS };
}

export function subsectionCount(format: PlateFormat): number {
  const { blockRows, blockCols } = subsectionGrid(format);
  return blockRows * blockCols;
}

/** The rectangle of subsection s: rows [row0, row0+8), cols [col0, col0+12). */
export function subsectionBounds(
  format: PlateFormat,
  s: number,
): { row0: number; col0: number; rows: number; cols: number } {
  const { blockCols } = subsectionGrid(format);
  if (blockCols === 0) {
    const { rows, cols } = plateDefn(format);
    return { row0: 0, col0: 0, rows, cols };
  }
  return {
    row0: Math.floor(s / blockCols) * BLOCK_ROWS,
    col0: (s % blockCols) * BLOCK_COLS,
    rows: BLOCK_ROWS,
    cols: BLOCK_COLS,
  };
}

/** The subsection that holds (row, col); 0 on plates without subsections. */
export function subsectionOf(format: PlateFormat, row: number, col: number): number {
  const { blockCols } = subsectionGrid(format);
  if (blockCols === 0) return 0;
  return Math.floor(row / BLOCK_ROWS) * blockCols + Math.floor(col / BLOCK_COLS);
}

/**
 * Total volume a well holds, in uL (typical SBS-footprint polystyrene plates: 16.8 mL, 6.9 mL,
 * 3.4 mL, 1.6 mL, 360 uL, 112 uL, 12.5 uL). A well holding more is over-filled.
 */
export const WELL_CAPACITY_UL: Record<PlateFormat, number> = {
  6: 16_800,
  12: 6_900,
  24: 3_400,
  48: 1_600,
  96: 360,
  384: 112,
  1536: 12.5,
};
