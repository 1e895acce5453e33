// A plate's planned run (its dispense plan as GET /dispense-plan answers it) reconciled with
// the files imported onto it, and the actual concentrations readouts use once a log exists.
import { planDispense } from '../../domain/dispensing/plan';
import type { DispensePlan } from '../../domain/dispensing/plan-types';
import type { BenchReagentInfo, WireWells } from '../../domain/plate-wire';
import { parseTransferLog } from '../../domain/transfer-log/echo-log';
import { plannedRunOf } from '../../domain/transfer-log/planned-run';
import { actualConcentrations, reconcile } from '../../domain/transfer-log/reconcile';
import type {
  PlannedRun,
  Reconciliation,
  RunFile,
} from '../../domain/transfer-log/reconcile-types';
import { parseSurvey } from '../../domain/transfer-log/survey';
import type { PlateService } from '../plate/plate-service';
import type { ExperimentRow } from '../repositories/experiments';
import { settingsOf } from '../routes/dispensing';
import type { TransferLogsRepository } from './repository';

/** A stored file read again (it was read when imported, so it reads). */
function runFileOf(f: { kind: string; filename: string; text: string }): RunFile {
  return f.kind === 'survey'
    ? { name: f.filename, kind: 'survey', survey: parseSurvey(f.text) }
    : { name: f.filename, kind: 'transfer log', log: parseTransferLog(f.text) };
}

export interface PlateRun {
  plan: DispensePlan;
  run: PlannedRun;
  files: number;
  rec: Reconciliation;
  /**
   * the plate's actual concentrations, nM, per well and reagent, for readouts to normalise
   * and fit with; null when no file has been imported (the planned figures stand)
   */
  actual: Record<string, Record<string, number>> | null;
}

/** The owner's plate, its plan and the reconciliation of every file imported onto it. */
export async function plateRun(
  plates: PlateService,
  logs: TransferLogsRepository,
  owner: string,
  experiment: ExperimentRow,
): Promise<PlateRun> {
  const { defn, wells, bench } = await plates.planInputs(owner, experiment.id);
  const plan = planDispense(defn, wells, bench, settingsOf(experiment));
  return reconcilePlan(plan, wells, bench, await logs.texts(experiment.id));
}

/** A plate's plan (already made) reconciled with the files stored for it. */
export function reconcilePlan(
  plan: DispensePlan,
  wells: WireWells,
  bench: readonly BenchReagentInfo[],
  stored: readonly { kind: string; filename: string; text: string }[],
): PlateRun {
  const run = plannedRunOf(plan, wells, bench);
  const rec = reconcile(run, stored.map(runFileOf));
  const actual = stored.length === 0 ? null : actualConcentrations(rec);
  return { plan, run, files: stored.length, rec, actual };
}
