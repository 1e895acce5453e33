/**
 * The tool layer as one table: each tool's name, a description and JSON schema of its
 * arguments (what a language model is offered), and the kernel that runs it. The built-in
 * interpreter emits calls to the same names.
 */
import { copyWells, type CopyArgs } from './copy-wells';
import { dilutionSeries, type SeriesArgs } from './dilution-series';
import {
  annotateWells,
  clearWells,
  fillVehicle,
  removeReagent,
  setControl,
  setReagent,
  type ControlArgs,
  type SetReagentArgs,
} from './plate-tools';
import { describeWells, listUnmet, plateSummary, reagentAmount, whereIs } from './plate-questions';
import { toolError, type ToolContext, type ToolOutcome } from './tool-types';

/** A call of one tool with its arguments. */
export interface ToolCall {
  name: ToolName;
  args: Record<string, unknown>;
}

const wells = {
  type: 'array',
  items: { type: 'string' },
  description: 'Well ids such as "B3" (rows A-Z then AA-AF, columns from 1), in order',
};
const reagent = { type: 'string', description: 'Bench reagent slug or name' };
const nM = { type: 'number', description: 'Final concentration in nM (10 uM = 10000)' };
const percent = { type: 'number', description: 'Final % v/v, for % stocks such as DMSO' };
const volume = { type: 'number', description: 'Volume in uL' };

function schema(properties: Record<string, unknown>, required: string[]) {
  return { type: 'object', properties, required, additionalProperties: false };
}

interface ToolSpec {
  description: string;
  parameters: Record<string, unknown>;
  run: (ctx: ToolContext, args: never) => ToolOutcome;
}

/** Every tool: description, argument schema and kernel. */
export const TOOLS = {
  set_reagent: {
    description:
      'Put a reagent into wells at a final concentration (volume planned, vehicle fills the rest) or a volume. Overwrites that reagent in the wells.',
    parameters: schema(
      {
        wells,
        reagent,
        target_nM: nM,
        percent,
        volume_uL: volume,
        final_volume_uL: volume,
        tol_pct: { type: 'number' },
      },
      ['wells', 'reagent'],
    ),
    run: (ctx: ToolContext, a: SetReagentArgs) => setReagent(ctx, a),
  },
  remove_reagent: {
    description: 'Take one reagent out of wells; its volume goes to the vehicle.',
    parameters: schema({ wells, reagent }, ['wells', 'reagent']),
    run: (ctx: ToolContext, a: { wells: string[]; reagent: string }) => removeReagent(ctx, a),
  },
  clear_wells: {
    description: 'Empty wells completely. Only for wells the user named explicitly.',
    parameters: schema({ wells }, ['wells']),
    run: (ctx: ToolContext, a: { wells: string[] }) => clearWells(ctx, a),
  },
  fill_vehicle: {
    description: 'Fill wells with the default vehicle (or a named liquid) up to a final volume.',
    parameters: schema({ wells, final_volume_uL: volume, reagent }, ['wells']),
    run: (ctx: ToolContext, a: { wells: string[]; final_volume_uL?: number; reagent?: string }) =>
      fillVehicle(ctx, a),
  },
  dilution_series: {
    description:
      'Serial dilution of a reagent from a top concentration, dividing by factor at each point, along rows (across/left) or columns (down/up); replicates are further lines.',
    parameters: schema(
      {
        reagent,
        wells,
        start_nM: nM,
        factor: { type: 'number', description: '3 for a 3-fold series' },
        points: { type: 'integer' },
        direction: { type: 'string', enum: ['across', 'left', 'down', 'up'] },
        start_well: { type: 'string', description: 'the well the series starts in, e.g. D12' },
        replicates: { type: 'integer' },
        final_volume_uL: volume,
        tol_pct: { type: 'number' },
      },
      ['reagent', 'wells', 'start_nM', 'factor'],
    ),
    run: (ctx: ToolContext, a: SeriesArgs) => dilutionSeries(ctx, a),
  },
  set_control: {
    description:
      'Make wells controls: positive (reagent + concentration), negative or vehicle (vehicle only), dmso (DMSO at % v/v), zero (blank), reserved (tag only).',
    parameters: schema(
      {
        wells,
        kind: {
          type: 'string',
          enum: ['positive', 'negative', 'dmso', 'vehicle', 'zero', 'reserved'],
        },
        reagent,
        target_nM: nM,
        percent,
        final_volume_uL: volume,
      },
      ['wells', 'kind'],
    ),
    run: (ctx: ToolContext, a: ControlArgs) => setControl(ctx, a),
  },
  annotate_wells: {
    description: 'Add or remove a tag, set a label or a sample name on wells.',
    parameters: schema(
      {
        wells,
        tag: { type: 'string' },
        remove_tag: { type: 'string' },
        label: { type: 'string' },
        sample: { type: 'string' },
      },
      ['wells'],
    ),
    run: (
      ctx: ToolContext,
      a: { wells: string[]; tag?: string; remove_tag?: string; label?: string; sample?: string },
    ) => annotateWells(ctx, a),
  },
  copy_wells: {
    description:
      'Copy (or move, emptying the sources, or swap, exchanging the two) well contents: the n-th of from goes to the n-th of to; both lists the same size.',
    parameters: schema(
      { from: wells, to: wells, move: { type: 'boolean' }, swap: { type: 'boolean' } },
      ['from', 'to'],
    ),
    run: (ctx: ToolContext, a: CopyArgs) => copyWells(ctx, a),
  },
  describe_wells: {
    description: 'Answer what wells hold (reagents, targets, predictions, volumes, tags).',
    parameters: schema({ wells }, ['wells']),
    run: (ctx: ToolContext, a: { wells: string[] }) => describeWells(ctx, a),
  },
  list_unmet: {
    description: 'Answer which wells have unmet targets or broken constraints, and why.',
    parameters: schema({}, []),
    run: (ctx: ToolContext) => listUnmet(ctx),
  },
  reagent_amount: {
    description: 'Answer how much of a reagent wells hold (volume per well, total, % v/v).',
    parameters: schema({ reagent, wells }, ['reagent']),
    run: (ctx: ToolContext, a: { reagent: string; wells?: string[] }) => reagentAmount(ctx, a),
  },
  where_is: {
    description: 'Answer which wells hold a reagent.',
    parameters: schema({ reagent }, ['reagent']),
    run: (ctx: ToolContext, a: { reagent: string }) => whereIs(ctx, a),
  },
  plate_summary: {
    description: 'Answer what the plate holds overall.',
    parameters: schema({}, []),
    run: (ctx: ToolContext) => plateSummary(ctx),
  },
  undo: {
    description: "Undo the assistant's last change to the plate.",
    parameters: schema({}, []),
    // The route owns history: it restores the plate of the version before the last change.
    run: () => toolError('Undo is handled by the conversation, not as a plate edit.'),
  },
} satisfies Record<string, ToolSpec>;

export type ToolName = keyof typeof TOOLS;

/** True for a known tool name. */
export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(TOOLS, name);
}

interface PropertySchema {
  type: 'string' | 'number' | 'integer' | 'array';
  enum?: string[];
}
interface ObjectSchema {
  properties: Record<string, PropertySchema>;
}

// Arguments come from a language model as often as from the interpreter: check them against
// the schema the model was given, so "10 uM" never reaches the arithmetic as a number.
function argumentProblem(spec: ObjectSchema, args: Record<string, unknown>): string | undefined {
  for (const [key, value] of Object.entries(args)) {
    const p = spec.properties[key];
    if (!p) return `unknown argument "${key}"`;
    if (value == null) continue;
    if (
      (p.type === 'number' || p.type === 'integer') &&
      (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    )
      return `${key} must be a number >= 0`;
    if (p.type === 'integer' && !Number.isInteger(value)) return `${key} must be a whole number`;
    if (p.type === 'string' && typeof value !== 'string') return `${key} must be text`;
    if (p.enum && !p.enum.includes(value as string))
      return `${key} must be one of ${p.enum.join(', ')}`;
    if (p.type === 'array' && (!Array.isArray(value) || value.some((v) => typeof v !== 'string')))
      return `${key} must be a list of well ids`;
  }
  return undefined;
}

/** Runs one call; unknown names and malformed arguments become refusals, never throws. */
export function runTool(ctx: ToolContext, call: ToolCall): ToolOutcome {
  if (!isToolName(call.name)) return toolError(`There is no tool called "${String(call.name)}".`);
  const spec = TOOLS[call.name] as ToolSpec;
  const args = call.args ?? {};
  const required = (spec.parameters as { required: string[] }).required;
  const missing = required.filter((k) => args[k] == null);
  if (missing.length > 0) return toolError(`${call.name} needs ${missing.join(', ')}.`);
  const wrong = argumentProblem(spec.parameters as unknown as ObjectSchema, args);
  if (wrong) return toolError(`${call.name}: ${wrong}.`);
  try {
    return spec.run(ctx, args as never);
  } catch (e) {
    return toolError(`${call.name} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The tools in the OpenAI function-calling form. */
export function toolSchemas(): {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}[] {
  return Object.entries(TOOLS).map(([name, t]) => ({
    type: 'function',
    function: { name, description: t.description, parameters: t.parameters },
  }));
}
