/**
 * The screening tools by op name: `PATCH /plate`, the designer's previews and the assistant
 * expand a high-level op here into the primitive ops that carry it out.
 */
import type { HIGH_LEVEL_OP_NAMES } from '../plate/ops';
import type { ExpandResult, LayoutContext } from './context';
import { expandControls, type ControlsParams } from './controls';
import { expandImport, type ImportParams } from './plate-map-import';
import { expandRandomise, type RandomiseParams } from './randomise';
import { expandReformat, type ReformatParams } from './reformat';
import { expandSeries, type SeriesParams } from './series';
import { expandTemplate, type TemplateParams } from './templates';

export type { ExpandResult, LayoutContext, RejectedLine } from './context';

export type HighLevelOp =
  SeriesParams | ControlsParams | TemplateParams | RandomiseParams | ReformatParams | ImportParams;

type Expanders = {
  [K in (typeof HIGH_LEVEL_OP_NAMES)[number]]: (
    op: Extract<HighLevelOp, { op: K }>,
    ctx: LayoutContext,
  ) => ExpandResult;
};

export const EXPANDERS: Expanders = {
  series: expandSeries,
  controls: expandControls,
  template: expandTemplate,
  randomise: expandRandomise,
  reformat: expandReformat,
  import: expandImport,
};

/** Expands one high-level op (already validated by schemas/layout-ops.ts) into primitive ops. */
export function expandHighLevelOp(op: HighLevelOp, ctx: LayoutContext): ExpandResult {
  const expand = EXPANDERS[op.op] as (op: HighLevelOp, ctx: LayoutContext) => ExpandResult;
  if (!expand) return { ok: false, message: `Unknown op "${(op as { op: string }).op}"` };
  return expand(op, ctx);
}
