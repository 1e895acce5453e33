/**
 * The neutral (vehicle) control of a screen (DOMAIN.md "Vehicle and solvent load"): a
 * control without a target sits beside the compound wells at their solvent load. A solvent
 * control (DMSO) holds the % v/v the user gives, else the load the plate's compound wells
 * carry of it (1 % DMSO beside compounds at 1 %); a control of another liquid (a medium)
 * beside compound wells that carry a solvent holds none of it, and is warned about. One rule
 * for the controls tool, the server's writes (applyOps) and the assistant.
 */
import { formatPercent } from '../accuracy';
import { solventOfReagent } from '../chemistry';
import { vehicleLoadOf } from '../dispensing/vehicle-load';
import type { DispenseSettings } from '../dispensing/settings';
import type { PlateDefn } from '../plate-format';
import type { BenchReagentInfo, WireWells } from '../plate-wire';

/** Highest % v/v a vehicle control may be given: a solvent cannot be more than the well. */
const VEHICLE_PCT_MAX = 100;

/** A solvent on the bench and the load the plate's compound wells carry of it. */
export interface SolventLoad {
  slug: string;
  name: string;
  /** median % v/v over the compound wells dissolved in it; null when none carries it */
  pct: number | null;
}

/** Every solvent-type reagent of the bench with its load in the plate's compound wells. */
export function solventLoadsOf(
  defn: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  settings: Partial<DispenseSettings> | null,
): SolventLoad[] {
  const load = vehicleLoadOf(defn, wells, bench, settings);
  return bench
    .filter((b) => b.type === 'solvent' && solventOfReagent(b.type, b.solvent, b.slug) !== null)
    .map((b) => ({ slug: b.slug, name: b.name, pct: load(b.slug) }));
}

/**
 * The solvent loads a batch of ops is judged by: worked out only when one of them places
 * controls (the only op a vehicle control comes from), so other edits pay nothing for them.
 */
export function solventLoadsForOps(
  ops: readonly { op: string }[],
  defn: PlateDefn,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  settings: Partial<DispenseSettings> | null,
): SolventLoad[] | undefined {
  return ops.some((o) => o.op === 'controls')
    ? solventLoadsOf(defn, wells, bench, settings)
    : undefined;
}

/** What a control without a target holds, or why it cannot be placed. */
export type VehicleControl =
  | {
      ok: true;
      /** the solvent's % v/v of the well; null for a liquid that fills (a medium) */
      pct: number | null;
      /** a medium-only control beside compound wells that carry a solvent */
      warning: string | null;
    }
  | { ok: false; message: string };

/**
 * The rule: `reagent` (a bench slug) as a control without a target, with the % v/v the user
 * gave (undefined: none), among the bench's solvents and their loads.
 */
export function vehicleControl(
  reagent: string,
  givenPct: number | undefined,
  solvents: readonly SolventLoad[],
): VehicleControl {
  if (givenPct !== undefined && !(givenPct > 0 && givenPct <= VEHICLE_PCT_MAX)) {
    return {
      ok: false,
      message: `The vehicle's % v/v must be a number above 0 and at most ${VEHICLE_PCT_MAX}`,
    };
  }
  const solvent = solvents.find((s) => s.slug === reagent);
  if (solvent) {
    const pct = givenPct ?? solvent.pct;
    if (pct === null) {
      return {
        ok: false,
        message:
          `${solvent.name} as a control needs its % v/v: no compound well of the plate holds ` +
          `${solvent.name} yet. Give the % v/v (e.g. 0.5), or place the compounds first.`,
      };
    }
    return { ok: true, pct, warning: null };
  }
  if (givenPct !== undefined) {
    return {
      ok: false,
      message: `A % v/v is for a solvent control (DMSO); "${reagent}" fills the rest of the well: leave the % empty`,
    };
  }
  const loaded = solvents.filter((s) => s.pct !== null && s.pct > 0);
  const warning =
    loaded.length === 0
      ? null
      : loaded
          .map(
            (s) =>
              `The control holds no ${s.name} while the compound wells hold ${formatPercent(s.pct!)}: ` +
              `choose ${s.name} as the negative control to sit at the same load.`,
          )
          .join(' ');
  return { ok: true, pct: null, warning };
}
