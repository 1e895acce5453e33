/**
 * Templates: a selection's layout saved under a name as wells relative to the selection's
 * top-left corner (reagents, targets, tolerances, label, sample, tags; never volumes, which
 * the dispensing engine plans again on the plate the template lands on), applied at any
 * offset of any plate.
 */
import type { PlateDefn } from '../plate-format';
import type { PrimitiveOp } from '../plate/ops';
import type { WireWells } from '../plate-wire';
import { parseWellId, wellId } from '../well-id';
import { benchSlug, fail, unknownReagent, type ExpandResult, type LayoutContext } from './context';
import { edgeWarning, isEdge } from './edges';

export interface TemplateWell {
  /** row and column offsets from the template's top-left well */
  dr: number;
  dc: number;
  targets: Record<string, { target_nM: number | null; tol_pct?: number }>;
  label?: string;
  sample?: string;
  tags?: string[];
}

export interface LayoutTemplate {
  name: string;
  wells: TemplateWell[];
}

export interface TemplateParams {
  op: 'template';
  template: LayoutTemplate;
  /** the well that the template's top-left lands on */
  at: string;
}

/**
 * The template of the selected wells (empty wells are left out, so applying it does not
 * wipe what lies between). Undefined when no selected well holds anything.
 */
export function captureTemplate(
  name: string,
  defn: Pick<PlateDefn, 'rows' | 'cols'>,
  wells: WireWells,
  selection: readonly string[],
): LayoutTemplate | undefined {
  const picked: { row: number; col: number; id: string }[] = [];
  for (const id of selection) {
    const rc = parseWellId(id, defn);
    if (rc) picked.push({ ...rc, id: wellId(rc.row, rc.col) });
  }
  if (picked.length === 0) return undefined;
  const row0 = Math.min(...picked.map((p) => p.row));
  const col0 = Math.min(...picked.map((p) => p.col));
  const out: TemplateWell[] = [];
  for (const p of picked.toSorted((a, b) => a.row - b.row || a.col - b.col)) {
    const well = wells[p.id];
    if (
      !well ||
      (Object.keys(well.targets).length === 0 &&
        !well.label &&
        !well.sample &&
        !(well.tags ?? []).length)
    )
      continue;
    const targets: TemplateWell['targets'] = {};
    for (const [slug, t] of Object.entries(well.targets)) {
      targets[slug] =
        t.tol_pct === undefined
          ? { target_nM: t.target_nM }
          : { target_nM: t.target_nM, tol_pct: t.tol_pct };
    }
    const tw: TemplateWell = { dr: p.row - row0, dc: p.col - col0, targets };
    if (well.label) tw.label = well.label;
    if (well.sample) tw.sample = well.sample;
    if (well.tags && well.tags.length > 0) tw.tags = [...well.tags];
    out.push(tw);
  }
  return out.length > 0 ? { name, wells: out } : undefined;
}

export function expandTemplate(params: TemplateParams, ctx: LayoutContext): ExpandResult {
  const { defn } = ctx;
  const at = parseWellId(params.at, defn);
  if (!at) return fail(`"${params.at}" is not a well of this ${defn.format}-well plate`, params.at);
  const ops: PrimitiveOp[] = [];
  const placed: string[] = [];
  const onEdge: string[] = [];
  // One set op per reagent and target, one tag op per tag: short on the wire.
  const sets = new Map<
    string,
    { reagent: string; target_nM: number | null; tol_pct?: number; wells: string[] }
  >();
  const tags = new Map<string, string[]>();
  for (const tw of params.template.wells) {
    const row = at.row + tw.dr;
    const col = at.col + tw.dc;
    if (row < 0 || col < 0 || row >= defn.rows || col >= defn.cols) {
      return fail(
        `Template "${params.template.name}" at ${params.at} runs off the plate (offset ${tw.dr}, ${tw.dc})`,
        params.at,
      );
    }
    const id = wellId(row, col);
    placed.push(id);
    let treated = false;
    for (const [reagent, t] of Object.entries(tw.targets)) {
      const slug = benchSlug(ctx, reagent);
      if (!slug) return fail(unknownReagent(reagent), id);
      const key = `${slug}\u0000${t.target_nM}\u0000${t.tol_pct ?? ''}`;
      const entry = sets.get(key) ?? {
        reagent: slug,
        target_nM: t.target_nM,
        tol_pct: t.tol_pct,
        wells: [],
      };
      entry.wells.push(id);
      sets.set(key, entry);
      if (t.target_nM !== null) treated = true;
    }
    if (tw.label) ops.push({ op: 'label', wells: [id], label: tw.label });
    if (tw.sample) ops.push({ op: 'sample', wells: [id], sample: tw.sample });
    for (const tag of tw.tags ?? []) tags.set(tag, [...(tags.get(tag) ?? []), id]);
    const control = (tw.tags ?? []).some((t) => t === 'POS' || t === 'NEG' || t === 'ZERO');
    if (treated && !control && isEdge(defn, row, col)) onEdge.push(id);
  }
  for (const s of sets.values()) {
    const op: PrimitiveOp = {
      op: 'set',
      wells: s.wells,
      reagent: s.reagent,
      target_nM: s.target_nM,
    };
    if (s.tol_pct !== undefined) op.tol_pct = s.tol_pct;
    ops.push(op);
  }
  for (const [tag, wells] of tags) ops.push({ op: 'tag', wells, add: [tag] });
  ops.unshift({ op: 'clear', wells: placed });
  const warning = edgeWarning(onEdge);
  return { ok: true, ops, warnings: warning ? [warning] : [] };
}
