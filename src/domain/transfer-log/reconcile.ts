/**
 * Reconciliation of a plate's planned run with what the instrument did: each log row is
 * matched to a planned transfer (destination and source plate and well, volume; a later
 * row that makes up a failed or short transfer, as a re-pick run writes it, adds to it),
 * rows that match nothing are listed with why; each well gets its actual volume,
 * concentrations and solvent load from the actual volumes (the plate's own prediction
 * formulas) and a status; each source well its measured volume.
 */
import { solventVolumeUL, vehiclePct } from '../chemistry';
import type { SourceFill, Transfer } from '../dispensing/plan-types';
import { effectiveTolerance, errorPct, predictNM } from '../prediction';
import { isFailed, type LogTransfer } from './echo-log';
import { measuredSources, plateKey, sourceKey } from './measured-sources';
import type {
  PlannedRun,
  Reconciliation,
  RunFile,
  SourceInventory,
  TransferOutcome,
  UnmatchedRow,
  WellOutcome,
  WellReagent,
} from './reconcile-types';

// volumes in nL are whole droplets written with a few decimals at most
const NL_SLACK = 1e-6;

/** x rounded to 1/scale (sums of decimal volumes drift); cheaper than toFixed per row. */
const round = (x: number, scale: number) => Math.round(x * scale) / scale;

const sourceOf = (t: Transfer) => sourceKey(t.source_barcode, t.source_plate, t.source_well);
const fillKey = (s: SourceFill) => sourceKey(s.barcode, s.plate, s.well);
const rowSource = (r: LogTransfer) => sourceKey(r.source_barcode, r.source_plate, r.source_well);

/** Whether two source wells hold the same liquid at the same concentration. */
function sameLiquid(a: SourceFill, b: SourceFill): boolean {
  if (a.reagent !== b.reagent) return false;
  if (a.concentration == null || b.concentration == null)
    return a.concentration === b.concentration;
  return Math.abs(a.concentration - b.concentration) <= 1e-9 * Math.abs(a.concentration);
}

interface Match {
  actual: number;
  rows: number;
  reason: string;
}

/** Matches every row of the logs to the planned transfers. */
function matchRows(
  run: PlannedRun,
  files: readonly RunFile[],
  fills: ReadonlyMap<string, SourceFill>,
): { matches: (Match | null)[]; unmatched: UnmatchedRow[] } {
  const byDestination = new Map<string, number[]>();
  const destinations = new Set<string>();
  const sources = run.transfers.map(sourceOf);
  run.transfers.forEach((t, k) => {
    const dest = plateKey(t.destination_barcode, t.destination_plate);
    destinations.add(dest);
    const key = `${dest}|${t.destination_well}`;
    const list = byDestination.get(key);
    if (list) list.push(k);
    else byDestination.set(key, [k]);
  });
  const matches: (Match | null)[] = run.transfers.map(() => null);
  const unmatched: UnmatchedRow[] = [];
  for (const file of files) {
    if (file.kind !== 'transfer log') continue;
    for (const row of file.log.transfers) {
      const dest = plateKey(row.destination_barcode, row.destination_plate);
      const candidates = byDestination.get(`${dest}|${row.destination_well}`) ?? [];
      const source = rowSource(row);
      const volume = row.transfer_nL;
      // the planned transfer itself: same source, same volume, not matched yet
      let k: number | undefined;
      for (const c of candidates) {
        if (
          matches[c] === null &&
          sources[c] === source &&
          Math.abs(run.transfers[c].volume_nL - volume) <= NL_SLACK
        ) {
          k = c;
          break;
        }
      }
      // else the make-up of one failed or short: its shortfall, from its source well or one
      // holding the same liquid
      if (k === undefined) {
        const from = fills.get(source);
        k = candidates.find((c) => {
          const m = matches[c];
          const t = run.transfers[c];
          if (m === null || Math.abs(t.volume_nL - m.actual - volume) > NL_SLACK) return false;
          const planned = fills.get(sources[c]);
          return sources[c] === source || (!!from && !!planned && sameLiquid(from, planned));
        });
      }
      if (k === undefined) {
        unmatched.push({
          file: file.name,
          line: row.line,
          source: plateKey(row.source_barcode, row.source_plate),
          source_well: row.source_well,
          destination: dest,
          destination_well: row.destination_well,
          transfer_nL: volume,
          actual_nL: row.actual_nL,
          why: whyUnmatched(run, row, dest, destinations, candidates),
        });
        continue;
      }
      const m = matches[k] ?? { actual: 0, rows: 0, reason: '' };
      m.actual = round(m.actual + row.actual_nL, 1e6);
      m.rows++;
      if (isFailed(row) || row.status !== '') m.reason = row.status;
      matches[k] = m;
    }
  }
  return { matches, unmatched };
}

function whyUnmatched(
  run: PlannedRun,
  row: LogTransfer,
  dest: string,
  destinations: ReadonlySet<string>,
  candidates: readonly number[],
): string {
  if (!destinations.has(dest)) {
    return `the destination plate ${dest || '(no barcode, no name)'} is not this plate (${[...destinations].join(', ') || 'no transfers planned'})`;
  }
  if (candidates.length === 0) return `no transfer is planned to ${row.destination_well}`;
  const source = rowSource(row);
  const same = candidates.filter((c) => sourceOf(run.transfers[c]) === source);
  if (same.length === 0) {
    return `no transfer to ${row.destination_well} is planned from ${source.replace('|', ' ')}`;
  }
  const volumes = same.map((c) => run.transfers[c].volume_nL);
  if (!volumes.some((v) => Math.abs(v - row.transfer_nL) <= NL_SLACK)) {
    return `the plan transfers ${volumes.join(', ')} nL there, not ${row.transfer_nL} nL`;
  }
  return 'it repeats a transfer an earlier row already did';
}

function outcomeOf(t: Transfer, m: Match | null): TransferOutcome {
  if (m === null) return { transfer: t, actual_nL: null, state: 'not logged', reason: '' };
  const state =
    m.actual === 0 && t.volume_nL > 0
      ? 'failed'
      : m.actual < t.volume_nL - NL_SLACK
        ? 'short'
        : 'done';
  return { transfer: t, actual_nL: m.actual, state, reason: state === 'done' ? '' : m.reason };
}

/** What a transfer dispensed; one no log speaks of counts as planned. */
const actualOf = (o: TransferOutcome) => o.actual_nL ?? o.transfer.volume_nL;

/** Per well: actual volume, concentrations and solvent load, and its status. */
function wellsOf(run: PlannedRun, outcomes: readonly TransferOutcome[]): WellOutcome[] {
  const planned = new Map(run.wells.map((w) => [w.well, w]));
  const byWell = new Map<string, TransferOutcome[]>();
  for (const o of outcomes) {
    const list = byWell.get(o.transfer.destination_well);
    if (list) list.push(o);
    else byWell.set(o.transfer.destination_well, [o]);
  }
  const defaultTol = effectiveTolerance(undefined);
  const wells: WellOutcome[] = [];
  for (const [well, list] of byWell) {
    const p = planned.get(well);
    let plannedNL = 0;
    let delta = 0;
    let failed = 0;
    let logged = false;
    for (const o of list) {
      plannedNL += o.transfer.volume_nL;
      delta += actualOf(o) - o.transfer.volume_nL;
      if (o.state === 'failed') failed++;
      if (o.actual_nL !== null) logged = true;
    }
    // a well the plan gives no volume holds its transfers only
    const V = p?.volume_uL ?? plannedNL / 1000;
    const Vact = round(V + delta / 1000, 1e9);
    const reagents: WellReagent[] = [];
    const solventDelta: Record<string, number> = {};
    for (const o of list) {
      const t = o.transfer;
      if (t.stock_nM != null) {
        let r = reagents.find((x) => x.reagent === t.reagent);
        if (!r) {
          r = {
            reagent: t.reagent,
            planned_nM: 0,
            actual_nM: 0,
            error_pct: 0,
            tolerance_pct: effectiveTolerance(run.tolerance_pct?.[`${well}|${t.reagent}`]),
          };
          reagents.push(r);
        }
        r.planned_nM += predictNM(t.stock_nM, t.volume_nL / 1000, V);
        if (Vact > 0) r.actual_nM += predictNM(t.stock_nM, actualOf(o) / 1000, Vact);
      }
      const solvent = run.solvents?.[t.reagent];
      if (solvent && actualOf(o) !== t.volume_nL) {
        const d = solventVolumeUL((actualOf(o) - t.volume_nL) / 1000, solvent.pct);
        solventDelta[solvent.key] = (solventDelta[solvent.key] ?? 0) + d;
      }
    }
    // the largest departure, a concentration's or a solvent load's, against its tolerance
    let offPct = 0;
    let offOver = 0;
    for (const r of reagents) {
      r.error_pct = r.planned_nM > 0 ? errorPct(r.actual_nM, r.planned_nM) : 0;
      const over = Math.abs(r.error_pct) - r.tolerance_pct;
      if (over > 1e-9 && over > offOver) [offPct, offOver] = [r.error_pct, over];
    }
    const solventPlanned = p?.solvent_pct ?? {};
    const actualSolvent: Record<string, number> = {};
    for (const key in solventPlanned) {
      const pct = solventPlanned[key];
      const uL = (pct * V) / 100 + (solventDelta[key] ?? 0);
      const now = round(vehiclePct(Math.max(0, uL), Vact), 1e6);
      actualSolvent[key] = now;
      if (!(pct > 0)) continue;
      const err = errorPct(now, pct);
      const over = Math.abs(err) - defaultTol;
      if (over > 1e-9 && over > offOver) [offPct, offOver] = [err, over];
    }
    for (const key in solventDelta) {
      if (!(key in actualSolvent)) {
        actualSolvent[key] = round(vehiclePct(Math.max(0, solventDelta[key]), Vact), 1e6);
      }
    }
    const status =
      failed > 0 ? 'missed' : offOver > 0 ? 'off' : logged ? 'as planned' : 'not logged';
    wells.push({
      well,
      status,
      off_pct: status === 'off' ? Number(offPct.toFixed(3)) : null,
      volume_uL: V,
      actual_volume_uL: Vact,
      reagents,
      solvent_pct: { ...solventPlanned },
      actual_solvent_pct: actualSolvent,
      failed,
    });
  }
  return wells;
}

/**
 * The source wells a transfer takes from or a file measured: what was dispensed from each,
 * and what the instrument last measured.
 */
function sourcesOf(
  run: PlannedRun,
  files: readonly RunFile[],
  outcomes: readonly TransferOutcome[],
): SourceInventory[] {
  const delivered = new Map<string, number>();
  for (const o of outcomes) {
    if (o.actual_nL === null) continue;
    const key = sourceOf(o.transfer);
    delivered.set(key, (delivered.get(key) ?? 0) + o.actual_nL);
  }
  const used = new Set(run.transfers.map(sourceOf));
  const measured = measuredSources(files);
  const out: SourceInventory[] = [];
  for (const s of run.sources) {
    const key = fillKey(s);
    if (!used.has(key) && !measured.has(key)) continue;
    const deliveredUL = Number(((delivered.get(key) ?? 0) / 1000).toFixed(6));
    const expected = Number((s.fill_uL - deliveredUL).toFixed(6));
    const m = measured.get(key);
    out.push({
      plate: s.plate,
      barcode: s.barcode,
      well: s.well,
      reagent: s.reagent,
      concentration: s.concentration,
      fill_uL: s.fill_uL,
      dead_uL: s.dead_uL,
      delivered_uL: deliveredUL,
      expected_uL: expected,
      measured_uL: m?.uL ?? null,
      measured_by: m?.by ?? null,
      dmso_pct: m?.dmso ?? null,
      flagged: m !== undefined && Math.abs(m.uL - expected) > s.dead_uL + 1e-9,
    });
  }
  return out;
}

/** Reconciles a plate's planned run with the files the instrument wrote (in import order). */
export function reconcile(run: PlannedRun, files: readonly RunFile[]): Reconciliation {
  const fills = new Map(run.sources.map((s) => [fillKey(s), s]));
  const { matches, unmatched } = matchRows(run, files, fills);
  const transfers = run.transfers.map((t, k) => outcomeOf(t, matches[k]));
  return {
    transfers,
    unmatched,
    wells: wellsOf(run, transfers),
    sources: sourcesOf(run, files, transfers),
  };
}

/**
 * A plate's actual concentrations, nM, per well and reagent: what readouts normalise and fit
 * with once a log exists (wells no log speaks of keep their planned figures).
 */
export function actualConcentrations(rec: Reconciliation): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const w of rec.wells) {
    const row: Record<string, number> = {};
    for (const r of w.reagents) row[r.reagent] = r.actual_nM;
    out[w.well] = row;
  }
  return out;
}
