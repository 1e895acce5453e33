// The screening tools from the designer: a tool's parameters are expanded into plate ops by
// the domain (expandHighLevelOp), applied to the document (applyOps) and shown on the plate
// as a preview; Apply commits the previewed wells as one edit (one undo step, saved as ops by
// the save queue). Nothing here is a rule of its own: the layout and the op application are
// the domain's, so the preview, the assistant and PATCH /plate lay out the same plate.
import { proxy, ref } from 'valtio/vanilla';
import { benchReagentInfo, type BenchReagent } from '../api/bench';
import {
  expandHighLevelOp,
  type ExpandResult,
  type HighLevelOp,
  type RejectedLine,
} from '../domain/layout';
import { edgeFillOps, treatmentsOnEdge } from '../domain/layout/edges';
import { applyOps } from '../domain/plate/apply-ops';
import { planVolumeFor, plannedWellVolume, vehicleOnStepFor } from '../domain/plate/plan-volume';
import { vehicleLoadOf } from '../domain/dispensing/vehicle-load';
import { benchWithFill, fillLiquid } from '../domain/dispensing/fill-liquid';
import { plateDefn, type PlateDefn, type PlateFormat } from '../domain/plate-format';
import type { WireWells } from '../domain/plate-wire';
import { bench } from './bench-store';
import { commit } from './designer-document';
import { designer } from './designer-store';

/** The screening tools that have a dialog. */
export const TOOLS = [
  'series',
  'controls',
  'template',
  'randomise',
  'edges',
  'reformat',
  'import',
] as const;
export type Tool = (typeof TOOLS)[number];

/** What a tool would do to the plate. */
export type ToolPreview =
  | {
      ok: true;
      wells: WireWells;
      /** wells the tool writes or empties */
      changed: number;
      warnings: string[];
      notes: string[];
      rejected: RejectedLine[];
    }
  | { ok: false; message: string; rejected: RejectedLine[] };

/** Edge avoidance: the outer ring emptied, or filled with the vehicle. */
export interface EdgesOp {
  op: 'edges';
  mode: 'empty' | 'vehicle';
  vehicle?: string;
}

export type ToolOp = HighLevelOp | EdgesOp;

function expandEdges(op: EdgesOp, defn: PlateDefn, wells: WireWells): ExpandResult {
  if (op.mode === 'vehicle' && !op.vehicle) {
    return { ok: false, message: 'Choose the vehicle that fills the edge wells' };
  }
  const moved = treatmentsOnEdge(defn, wells);
  const warnings =
    moved.length > 0
      ? [`${moved.length} treated well${moved.length === 1 ? '' : 's'} on the edge will be emptied`]
      : [];
  return { ok: true, ops: edgeFillOps(defn, op.mode, op.vehicle), warnings };
}

/** The preview of a tool's op on the given plate. */
export function previewOp(
  op: ToolOp,
  plate: { format: PlateFormat; wells: WireWells },
  reagents: readonly BenchReagent[],
): ToolPreview {
  const defn = plateDefn(plate.format);
  const benchSlugs = reagents.map((r) => r.slug);
  const ctx = { defn, wells: plate.wells, benchSlugs };
  const expanded =
    op.op === 'edges' ? expandEdges(op, defn, plate.wells) : expandHighLevelOp(op, ctx);
  if (!expanded.ok) {
    const where = expanded.well ? ` (well ${expanded.well})` : '';
    return { ok: false, message: `${expanded.message}${where}`, rejected: expanded.rejected ?? [] };
  }
  // planned as the server plans it: the same engine, settings and vehicle
  const chosen = designer.experiment?.vehicle_slug ?? null;
  // the server's bench with its fill (water when no medium or buffer is on the bench)
  const infos = benchWithFill(reagents.map(benchReagentInfo), chosen);
  const dispensing = designer.dispensing;
  const vehicle = fillLiquid(infos, chosen).slug;
  const applied = applyOps(defn, plate.wells, expanded.ops, {
    benchSlugs: new Set(infos.map((b) => b.slug)),
    planVolume: planVolumeFor(defn, infos, dispensing),
    vehicle,
    wellVolume: (current) => plannedWellVolume(defn, dispensing, current),
    vehicleOnStep: vehicleOnStepFor(defn, infos, vehicle, dispensing),
    vehicleLoadPct: vehicleLoadOf(defn, plate.wells, infos, dispensing ?? null),
  });
  if (!applied.ok) {
    const where = applied.well ? ` (well ${applied.well})` : '';
    return { ok: false, message: `${applied.message}${where}`, rejected: [] };
  }
  // the import's left-out lines come with its expansion: the file is parsed once
  const rejected = expanded.rejected ?? [];
  return {
    ok: true,
    wells: applied.wells,
    changed: applied.changed.length + applied.removed.length,
    warnings: expanded.warnings,
    notes: expanded.notes ?? [],
    rejected,
  };
}

/** The open tool and the wells it previews on the plate (null: the document is shown). */
export const toolState = proxy<{ open: Tool | null; preview: WireWells | null }>({
  open: null,
  preview: null,
});

export function openTool(tool: Tool): void {
  toolState.open = tool;
  toolState.preview = null;
}

export function closeTool(): void {
  toolState.open = null;
  toolState.preview = null;
}

/** Shows a preview on the plate (or the document again with null). */
export function showPreview(wells: WireWells | null): void {
  toolState.preview = wells && ref(wells);
}

/** Previews an op on the current document with the bench as it is. */
export function previewOnDocument(op: ToolOp): ToolPreview {
  return previewOp(
    op,
    { format: designer.format, wells: designer.wells },
    bench.reagents as readonly BenchReagent[],
  );
}

/** Commits previewed wells as one edit and closes the tool. */
export function applyPreview(wells: WireWells, format: PlateFormat = designer.format): void {
  commit({ format, wells });
  closeTool();
}
