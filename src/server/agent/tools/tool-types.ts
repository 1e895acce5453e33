/**
 * Shapes shared by the plate tools. Tools are kernels: the current wire wells, the bench and
 * the arguments in, a plan out (next wells, a summary, the changed wells). Nothing here
 * reads or writes storage; the chat route applies plans.
 */
import type { DispenseSettings } from '../../../domain/dispensing/settings';
import type { PrimitiveOp } from '../../../domain/plate/ops';
import type { PlateOpInput } from '../../../domain/schemas/plate-ops';
import type { PlateDefn } from '../../../domain/plate-format';
import type { BenchReagentInfo, ProtocolOp, WireWells } from '../../../domain/plate-wire';
import type { CatalogReagent } from '../../catalog/catalog-seed';

/** What every tool reads. */
export interface ToolContext {
  defn: PlateDefn;
  wells: WireWells;
  /** the experiment's bench plus catalog reagents proposed earlier in the same turn */
  bench: BenchReagentInfo[];
  /** the experiment's default vehicle; null: picked from the bench (see pickDefaultVehicle) */
  vehicleSlug: string | null;
  /** selected well indices, for "the selection" */
  selection?: readonly number[];
  /** catalog to propose reagents that are not on the bench yet */
  catalog?: readonly CatalogReagent[];
  /** the experiment's dispensing settings (null: the format's defaults) */
  dispensing?: Partial<DispenseSettings> | null;
  /**
   * the wells before the turn's first change: the plate writer reads the vehicle load of
   * the plate it applies the turn's ops to, so the tools read the same (default: wells)
   */
  baseWells?: WireWells;
  /**
   * what the server has already computed of the stored plate `wells`: its unmet marks. The
   * questions read them while the turn's wells are still those (a question after a change
   * of the same turn works them out again)
   */
  computed?: { wells: WireWells; unmet: readonly string[] };
}

/** A change to the plate: the next wells and what it did. */
export interface ToolChange {
  kind: 'change';
  wells: WireWells;
  summary: string;
  /** ids of the wells whose contents or annotations changed */
  changed: string[];
  /** the plate ops that make this change, as the designer sends them (what is written) */
  plateOps: PlateOpInput[];
  /** plateOps expanded as the writer expands them, when `wells` is their applyOps result */
  expanded?: PrimitiveOp[];
  /** working-stock preparations this change needs */
  ops: ProtocolOp[];
  /** catalog reagents this change puts on the bench */
  benchAdds: CatalogReagent[];
  /** the layout tools' warnings (an edge well, a layout replaced): the change is still made */
  warnings: string[];
}

/** An answer to a question; the plate is unchanged. */
export interface ToolAnswer {
  kind: 'answer';
  text: string;
}

/** A refusal with a sentence a person can act on; the plate is unchanged. */
export interface ToolError {
  kind: 'error';
  message: string;
}

export type ToolOutcome = ToolChange | ToolAnswer | ToolError;

/** A refusal. */
export function toolError(message: string): ToolError {
  return { kind: 'error', message };
}
