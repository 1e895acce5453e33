// loop.import_reconcile_300x1536: the transfer logs of a 300-plate campaign (1,400 transfers
// a 1536 plate, 420,000 rows, 5 % failed) read and reconciled with their plans: parse each
// log, match every row, work out every well's actual concentrations and status and every
// source well's volume, and make the re-pick. The plans are built from the plan's types (a
// compound plate of 384 source wells per destination plate). One core, one process.
import type { DispensePlan, SourceFill, Transfer } from '../../src/domain/dispensing/plan-types';
import { plateDefn } from '../../src/domain/plate-format';
import { parseTransferLog } from '../../src/domain/transfer-log/echo-log';
import { reconcile } from '../../src/domain/transfer-log/reconcile';
import type { PlannedRun } from '../../src/domain/transfer-log/reconcile-types';
import { repickOf } from '../../src/domain/transfer-log/repick';
import { idOfIndex } from '../../src/domain/well-id';
import { echoLogOf } from '../server/transfer-logs/echo-log-writer';
import { summarize, type BenchResult } from './bench-result';

const PLATES = 300;
const TRANSFERS = 1400;
const RUNS = 3;
const DEST = plateDefn(1536);
const SOURCE = plateDefn(384);

function planOf(p: number): PlannedRun & Pick<DispensePlan, 'transfers' | 'sources'> {
  const barcode = `LIB-${String(p).padStart(4, '0')}`;
  const destination = `ASSAY-${String(p).padStart(4, '0')}`;
  const transfers: Transfer[] = [];
  // nL each source well (by index) gives
  const given = new Map<number, number>();
  for (let k = 0; k < TRANSFERS; k++) {
    const well = idOfIndex(SOURCE, k % 384);
    const volume = 2.5 * (1 + (k % 20));
    given.set(k % 384, (given.get(k % 384) ?? 0) + volume);
    transfers.push({
      source_plate: 'Source[1]',
      source_barcode: barcode,
      source_plate_type: '384LDV_DMSO',
      source_well: well,
      destination_plate: 'Destination[1]',
      destination_barcode: destination,
      destination_plate_type: 'Corning_1536_Flat',
      destination_well: idOfIndex(DEST, k),
      volume_nL: volume,
      reagent: `cpd-${p}-${k % 384}`,
      stock_nM: 1e7,
    });
  }
  const sources: SourceFill[] = [...given].map(([i, nL]) => ({
    plate: 'Source[1]',
    barcode,
    type: '384LDV_DMSO',
    well: idOfIndex(SOURCE, i),
    reagent: `cpd-${p}-${i}`,
    concentration: 1e7,
    diluent: null,
    fill_uL: Number((nL / 1000 + 2.5).toFixed(6)),
    dead_uL: 2.5,
    transfers_uL: nL / 1000,
  }));
  const wells = transfers.map((t) => ({
    well: t.destination_well,
    volume_uL: 5,
    backfill_uL: 0,
    solvent_pct: { dmso: (t.volume_nL / 5000) * 100 },
  }));
  return {
    transfers,
    sources,
    wells,
    solvents: Object.fromEntries(transfers.map((t) => [t.reagent, { key: 'dmso', pct: 100 }])),
  };
}

export default async function loopBench(): Promise<BenchResult[]> {
  const plans = Array.from({ length: PLATES }, (_, p) => planOf(p));
  const logs = plans.map((plan, p) => echoLogOf(plan, 0.05, 1000 + p));
  const rows = logs.reduce((s, l) => s + l.text.split('\n').length, 0);
  const samples: number[] = [];
  // CPU time next to wall time: on a shared machine the wall clock counts other processes
  const cpu: number[] = [];
  let missed = 0;
  let repicked = 0;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    missed = 0;
    repicked = 0;
    for (let p = 0; p < PLATES; p++) {
      const log = parseTransferLog(logs[p].text);
      const rec = reconcile(plans[p], [{ name: `plate-${p}.csv`, kind: 'transfer log', log }]);
      for (const w of rec.wells) if (w.status === 'missed') missed++;
      repicked += repickOf(plans[p], rec).transfers.length;
    }
    samples.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const failed = logs.reduce((s, l) => s + l.failed.length, 0);
  if (repicked !== failed) throw new Error(`re-picked ${repicked} of ${failed} failed transfers`);
  return [
    summarize('loop.import_reconcile_300x1536', samples, {
      plates: PLATES,
      rows,
      failed,
      missed_wells: missed,
      cpu_p50_ms: Math.round(cpu.toSorted((a, b) => a - b)[Math.floor(cpu.length / 2)]),
      budget_ms: 5000,
    }),
  ];
}
