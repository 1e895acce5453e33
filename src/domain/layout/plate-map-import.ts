/**
 * Plate maps read from files (rows of cell text, from CSV or a workbook sheet) turned into
 * plate ops. Every line that cannot be taken is listed with its reason; the caller imports
 * nothing while any line is rejected unless the user agrees (`accept_partial`).
 *
 * Forms:
 * - long: a header row naming the columns well, reagent, concentration (+ unit) and
 *   optionally volume (+ unit); one line per well and reagent. A unit may sit in its own
 *   column, in the header ("Concentration (uM)") or in the cell ("10 uM").
 * - grid: a header row of column numbers 1..n, then one line per plate row starting with
 *   its letters; a cell holds "reagent", "reagent 10 uM" or several separated by ";".
 * - compounds: a compound list (name, concentration, position): each compound's dilution
 *   series starts at its position, laid out by the series tool.
 * Well ids are accepted in every common form (A1, A01, a1, AA1, AF48).
 */
import {
  isMolarUnit,
  parseConcentration,
  parseConcentrationUnit,
  parseVolumeUnit,
  toMicrolitres,
  toNanomolar,
} from '../units';
import type { PrimitiveOp, SetOp } from '../plate/ops';
import { indexOfWellId, parseWellId, rowIndex, wellId } from '../well-id';
import { benchSlug, type ExpandResult, type LayoutContext, type RejectedLine } from './context';
import { edgeWarning, isEdgeIndex } from './edges';
import { expandSeries, type SeriesDirection } from './series';
import { plateIds } from './well-list';

export const IMPORT_FORMS = ['long', 'grid', 'compounds'] as const;
export type ImportForm = (typeof IMPORT_FORMS)[number];

export interface ImportParams {
  op: 'import';
  form: ImportForm;
  rows: string[][];
  /** import the lines that are fine although others were rejected */
  accept_partial?: boolean;
  /** for compound lists: how each compound's series is laid out */
  series?: {
    factor: number | 'half-log';
    points: number;
    replicates?: number;
    direction: SeriesDirection;
  };
}

export interface ImportOutcome {
  ops: PrimitiveOp[];
  rejected: RejectedLine[];
  warnings: string[];
}

type Target = { target_nM: number | null; target?: { value: number; unit: string } };

const isBlank = (row: readonly string[]) => row.every((c) => c.trim() === '');

/** A row's cell in a column (undefined: the file has no such column). */
const cellAt = (row: readonly string[], col: number | undefined) =>
  col === undefined ? '' : (row[col] ?? '');

/** A concentration cell: "10 uM", "10" with a unit from elsewhere, "" for none. */
function readConcentration(text: string, unit: string | undefined): Target | string {
  const t = text.trim();
  if (t === '') return { target_nM: null };
  const withUnit = unit && /^[-+.\d]/.test(t) && !/[a-z%µμ]/i.test(t) ? `${t} ${unit}` : t;
  const c = parseConcentration(withUnit);
  if (!c) return `concentration "${t}" is not a number with a unit (nM, uM, mM, M, %)`;
  if (!(c.value >= 0) || c.value > 1e12) return `concentration "${t}" is out of range`;
  if (c.unit === '%') return { target_nM: null, target: { value: c.value, unit: '%' } };
  return { target_nM: toNanomolar(c.value, c.unit) };
}

function readVolume(text: string, unit: string | undefined): number | undefined | string {
  const t = text.trim();
  if (t === '') return undefined;
  const m = /^([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*(\S*)$/i.exec(t);
  const u = m && (m[2] ? parseVolumeUnit(m[2]) : unit ? parseVolumeUnit(unit) : 'uL');
  if (!m || !u) return `volume "${t}" is not a number with a unit (nL, uL, mL)`;
  const uL = toMicrolitres(Number(m[1]), u);
  if (!(uL >= 0) || uL > 1_000_000) return `volume "${t}" is out of range`;
  return uL;
}

/** Header cell -> field, with the unit a header may carry ("Concentration (uM)"). */
function headerField(cell: string): { field: string; unit?: string } | undefined {
  const m = /^\s*([^([]*?)\s*(?:[([]\s*([^)\]]*)\s*[)\]])?\s*$/.exec(cell);
  const name = (m?.[1] ?? cell)
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  const unit = m?.[2]?.trim() || undefined;
  const fields: Record<string, string[]> = {
    well: ['well', 'well id', 'wellid', 'position', 'destination well', 'dest well', 'pos'],
    reagent: [
      'reagent',
      'compound',
      'name',
      'slug',
      'reagent name',
      'compound name',
      'sample name',
    ],
    concentration: [
      'concentration',
      'conc',
      'target',
      'final concentration',
      'target concentration',
      'top concentration',
    ],
    unit: ['unit', 'units', 'concentration unit', 'conc unit'],
    volume: ['volume', 'vol', 'volume ul', 'transfer volume'],
    volume_unit: ['volume unit', 'vol unit'],
  };
  for (const [field, names] of Object.entries(fields))
    if (names.includes(name)) return { field, unit };
  return undefined;
}

function readHeader(
  rows: string[][],
): { line: number; columns: Map<string, { col: number; unit?: string }> } | undefined {
  const first = rows.findIndex((r) => !isBlank(r));
  if (first < 0) return undefined;
  const columns = new Map<string, { col: number; unit?: string }>();
  rows[first].forEach((cell, col) => {
    const h = headerField(cell);
    if (h && !columns.has(h.field)) columns.set(h.field, { col, unit: h.unit });
  });
  return { line: first, columns };
}

function importLong(rows: string[][], ctx: LayoutContext): ImportOutcome {
  const rejected: RejectedLine[] = [];
  const header = readHeader(rows);
  if (!header || !header.columns.has('well') || !header.columns.has('reagent')) {
    return {
      ops: [],
      rejected: [
        {
          line: (header?.line ?? 0) + 1,
          reason: 'the header must name a well and a reagent column',
        },
      ],
      warnings: [],
    };
  }
  const col = (f: string) => header.columns.get(f);
  const [wellCol, reagentCol, concentrationCol, unitCol, volumeCol, volumeUnitCol] = [
    'well',
    'reagent',
    'concentration',
    'unit',
    'volume',
    'volume_unit',
  ].map((f) => col(f)?.col);
  const ids = plateIds(ctx.defn);
  const sets: SetOp[] = [];
  const wells: string[] = [];
  const listed = new Uint8Array(ids.length);
  // each reagent's wells so far (a line naming one again is rejected)
  const seen = new Map<string, Uint8Array>();
  // a file repeats a few names, units and concentrations over thousands of lines: each read
  // once
  const slugs = new Map<string, string | undefined>();
  const units = new Map<string, boolean>();
  const concentrations = new Map<string, Map<string, Target | string>>();
  for (let r = header.line + 1; r < rows.length; r++) {
    const row = rows[r];
    if (isBlank(row)) continue;
    const line = r + 1;
    const wellText = cellAt(row, wellCol);
    const index = indexOfWellId(wellText, ctx.defn);
    if (index < 0) {
      rejected.push({
        line,
        reason: `"${wellText}" is not a well of this ${ctx.defn.format}-well plate`,
      });
      continue;
    }
    const id = ids[index];
    const name = cellAt(row, reagentCol);
    let slug = slugs.get(name);
    if (slug === undefined && !slugs.has(name)) slugs.set(name, (slug = benchSlug(ctx, name)));
    if (!slug) {
      rejected.push({
        line,
        reason: name.trim() ? `reagent "${name.trim()}" is not on the bench` : 'no reagent',
      });
      continue;
    }
    const unit = cellAt(row, unitCol).trim() || col('concentration')?.unit;
    let unitKnown = unit ? units.get(unit) : true;
    if (unitKnown === undefined) units.set(unit!, (unitKnown = !!parseConcentrationUnit(unit!)));
    if (!unitKnown) {
      rejected.push({
        line,
        reason: `unit "${unit}" is not a concentration unit (nM, uM, mM, M, %)`,
      });
      continue;
    }
    const text = cellAt(row, concentrationCol);
    let byText = concentrations.get(unit ?? '');
    if (!byText) concentrations.set(unit ?? '', (byText = new Map()));
    let target = byText.get(text);
    if (target === undefined) byText.set(text, (target = readConcentration(text, unit)));
    if (typeof target === 'string') {
      rejected.push({ line, reason: target });
      continue;
    }
    const volume = readVolume(
      cellAt(row, volumeCol),
      cellAt(row, volumeUnitCol).trim() || col('volume')?.unit,
    );
    if (typeof volume === 'string') {
      rejected.push({ line, reason: volume });
      continue;
    }
    let has = seen.get(slug);
    if (!has) seen.set(slug, (has = new Uint8Array(ids.length)));
    if (has[index]) {
      rejected.push({ line, reason: `${id} already has ${slug} on an earlier line` });
      continue;
    }
    has[index] = 1;
    if (!listed[index]) {
      listed[index] = 1;
      wells.push(id);
    }
    const op: SetOp = { op: 'set', wells: [id], reagent: slug, target_nM: target.target_nM };
    if (target.target) op.target = { ...target.target };
    if (volume !== undefined) op.volume_uL = volume;
    sets.push(op);
  }
  return finish(ctx, wells, sets, rejected);
}

/** One grid cell: "staurosporine 10 uM; dmso" -> entries, or a reason. */
function readGridCell(
  text: string,
  ctx: LayoutContext,
): { slug: string; target: Target }[] | string {
  const out: { slug: string; target: Target }[] = [];
  for (const part of text.split(/[;\n]/)) {
    const t = part.trim();
    if (!t) continue;
    const m =
      /^(.*?)\s*@?\s*((?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*(?:[nuµμm]?M|%|[a-z]+\/l))$/i.exec(t);
    const name =
      m && m[1].trim()
        ? m[1]
            .trim()
            .replace(/[@,:]$/, '')
            .trim()
        : t;
    const slug = benchSlug(ctx, name);
    if (!slug) return `reagent "${name}" is not on the bench`;
    const target = m && m[1].trim() ? readConcentration(m[2], undefined) : { target_nM: null };
    if (typeof target === 'string') return target;
    out.push({ slug, target });
  }
  return out;
}

function importGrid(rows: string[][], ctx: LayoutContext): ImportOutcome {
  const { defn } = ctx;
  const rejected: RejectedLine[] = [];
  const headerLine = rows.findIndex((r) => {
    const nums = r
      .slice(1)
      .map((c) => c.trim())
      .filter((c) => c !== '');
    return nums.length > 0 && nums.every((c, k) => c === String(k + 1));
  });
  if (headerLine < 0) {
    return {
      ops: [],
      rejected: [{ line: 1, reason: 'no header row of column numbers (1, 2, 3 ...) found' }],
      warnings: [],
    };
  }
  const header = rows[headerLine];
  const sets: SetOp[] = [];
  const wells = new Set<string>();
  for (let r = headerLine + 1; r < rows.length; r++) {
    const row = rows[r];
    if (isBlank(row)) continue;
    const line = r + 1;
    const letters = row[0]?.trim() ?? '';
    const rowNo = rowIndex(letters);
    if (rowNo < 0 || rowNo >= defn.rows) {
      rejected.push({
        line,
        reason: `"${letters}" is not a row of this ${defn.format}-well plate`,
      });
      continue;
    }
    const reasons: string[] = [];
    const lineSets: SetOp[] = [];
    const lineWells: string[] = [];
    for (let c = 1; c < row.length; c++) {
      const text = row[c]?.trim() ?? '';
      if (!text) continue;
      const column = Number(header[c]?.trim());
      if (!Number.isInteger(column) || column < 1 || column > defn.cols) {
        reasons.push(`column ${header[c] || c + 1} is not on this ${defn.format}-well plate`);
        continue;
      }
      const id = wellId(rowNo, column - 1);
      const entries = readGridCell(text, ctx);
      if (typeof entries === 'string') {
        reasons.push(`${id}: ${entries}`);
        continue;
      }
      lineWells.push(id);
      for (const e of entries) {
        const op: SetOp = {
          op: 'set',
          wells: [id],
          reagent: e.slug,
          target_nM: e.target.target_nM,
        };
        if (e.target.target) op.target = e.target.target;
        lineSets.push(op);
      }
    }
    if (reasons.length > 0) rejected.push({ line, reason: reasons.join('; ') });
    else {
      sets.push(...lineSets);
      lineWells.forEach((w) => wells.add(w));
    }
  }
  return finish(ctx, [...wells], sets, rejected);
}

function importCompounds(params: ImportParams, ctx: LayoutContext): ImportOutcome {
  const rejected: RejectedLine[] = [];
  const header = readHeader(params.rows);
  const series = params.series;
  if (!series)
    return {
      ops: [],
      rejected: [
        {
          line: 1,
          reason: 'a compound list needs the series settings (factor, points, direction)',
        },
      ],
      warnings: [],
    };
  if (
    !header ||
    !header.columns.has('reagent') ||
    !header.columns.has('concentration') ||
    !header.columns.has('well')
  ) {
    return {
      ops: [],
      rejected: [
        {
          line: (header?.line ?? 0) + 1,
          reason: 'the header must name the name, concentration and position columns',
        },
      ],
      warnings: [],
    };
  }
  const ops: PrimitiveOp[] = [];
  const warnings: string[] = [];
  const taken = new Map<string, number>();
  for (let r = header.line + 1; r < params.rows.length; r++) {
    const row = params.rows[r];
    if (isBlank(row)) continue;
    const line = r + 1;
    const cell = (f: string) => row[header.columns.get(f)!.col] ?? '';
    const name = cell('reagent').trim();
    const slug = benchSlug(ctx, name);
    if (!slug) {
      rejected.push({
        line,
        reason: name ? `reagent "${name}" is not on the bench` : 'no compound name',
      });
      continue;
    }
    const unit = header.columns.get('unit')
      ? cell('unit').trim()
      : header.columns.get('concentration')!.unit;
    const conc = parseConcentration(
      unit && !/[a-z%]/i.test(cell('concentration'))
        ? `${cell('concentration')} ${unit}`
        : cell('concentration'),
    );
    if (!conc || !isMolarUnit(conc.unit) || !(conc.value > 0)) {
      rejected.push({
        line,
        reason: `concentration "${cell('concentration').trim()}" is not a molar concentration (nM, uM, mM, M)`,
      });
      continue;
    }
    const start = parseWellId(cell('well'), ctx.defn);
    if (!start) {
      rejected.push({
        line,
        reason: `"${cell('well').trim()}" is not a well of this ${ctx.defn.format}-well plate`,
      });
      continue;
    }
    // Each compound is laid out on the plate as it stands after the compounds before it.
    const result = expandSeries(
      {
        op: 'series',
        compounds: [{ reagent: slug, name, start: wellId(start.row, start.col) }],
        top: { value: conc.value, unit: conc.unit },
        factor: series.factor,
        points: series.points,
        replicates: series.replicates ?? 1,
        direction: series.direction,
        skip_filled: false,
      },
      ctx,
    );
    if (!result.ok) {
      rejected.push({ line, reason: result.message });
      continue;
    }
    // Compounds of one list never share a well: a later one that would is rejected.
    const wells = result.ops.flatMap((o) => (o.op === 'set' ? o.wells : []));
    const clash = wells.find((w) => taken.has(w));
    if (clash !== undefined) {
      rejected.push({
        line,
        reason: `its series would overwrite ${clash}, taken by line ${taken.get(clash)}`,
      });
      continue;
    }
    for (const w of wells) taken.set(w, line);
    ops.push(...result.ops);
    warnings.push(...result.warnings);
  }
  return { ops, rejected, warnings };
}

function finish(
  ctx: LayoutContext,
  wells: string[],
  sets: SetOp[],
  rejected: RejectedLine[],
): ImportOutcome {
  const ops: PrimitiveOp[] = wells.length > 0 ? [{ op: 'clear', wells }, ...sets] : [];
  const ids = plateIds(ctx.defn);
  const onEdge = new Set<string>();
  for (const s of sets) {
    if (s.target_nM == null && !s.target) continue;
    const index = indexOfWellId(s.wells[0], ctx.defn);
    if (isEdgeIndex(ctx.defn, index)) onEdge.add(ids[index]);
  }
  const warning = edgeWarning([...onEdge]);
  return { ops, rejected, warnings: warning ? [warning] : [] };
}

/** The ops of an imported plate map and every rejected line with its reason. */
export function importPlateMap(params: ImportParams, ctx: LayoutContext): ImportOutcome {
  if (params.form === 'long') return importLong(params.rows, ctx);
  if (params.form === 'grid') return importGrid(params.rows, ctx);
  return importCompounds(params, ctx);
}

export function expandImport(params: ImportParams, ctx: LayoutContext): ExpandResult {
  const out = importPlateMap(params, ctx);
  if (out.rejected.length > 0 && !params.accept_partial) {
    const shown = out.rejected.slice(0, 5).map((r) => `line ${r.line}: ${r.reason}`);
    const more = out.rejected.length > 5 ? `; and ${out.rejected.length - 5} more` : '';
    return {
      ok: false,
      message: `${out.rejected.length} line${out.rejected.length === 1 ? '' : 's'} rejected, nothing imported: ${shown.join('; ')}${more}`,
      rejected: out.rejected,
    };
  }
  if (out.ops.length === 0 && out.rejected.length === 0)
    return { ok: false, message: 'The file holds no wells to import' };
  const warnings = [...out.warnings];
  if (out.rejected.length > 0)
    warnings.unshift(
      `${out.rejected.length} line${out.rejected.length === 1 ? '' : 's'} rejected and left out`,
    );
  return { ok: true, ops: out.ops, warnings, rejected: out.rejected };
}
