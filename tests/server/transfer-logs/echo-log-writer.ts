// An Echo Plate Reformat transfer log of a dispense plan as the instrument writes it, with
// the transfers a seeded draw fails moved to [EXCEPTIONS] (Actual Volume 0, MM0202001) and
// each source well's Current Fluid Volume falling with what it gives.
import type { DispensePlan, Transfer } from '../../../src/domain/dispensing/plan-types';

const COLUMNS =
  'Date Time Point,Source Plate Name,Source Plate Barcode,Source Plate Type,Source Well,' +
  'Destination Plate Name,Destination Plate Barcode,Destination Plate Type,Destination Well,' +
  'Transfer Volume,Actual Volume,Sample ID,Sample Name,Survey Fluid Volume,' +
  'Current Fluid Volume,Fluid Composition,Fluid Units,Fluid Type,Transfer Status';

const LOW = 'MM0202001: Current fluid height below minimum transfer level';

/** A small seeded generator (mulberry32): the same failures on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The log text and the transfers it failed. */
export function echoLogOf(
  plan: Pick<DispensePlan, 'transfers' | 'sources'>,
  failRate: number,
  seed: number,
): { text: string; failed: Transfer[] } {
  const random = seeded(seed);
  const volume = new Map(plan.sources.map((s) => [`${s.barcode}|${s.plate}|${s.well}`, s.fill_uL]));
  const details: string[] = [];
  const exceptions: string[] = [];
  const failed: Transfer[] = [];
  const start = Date.UTC(2026, 10, 20, 9, 0, 0);
  plan.transfers.forEach((t, k) => {
    const key = `${t.source_barcode}|${t.source_plate}|${t.source_well}`;
    const survey = volume.get(key) ?? 0;
    const fails = random() < failRate;
    const actual = fails ? 0 : t.volume_nL;
    const current = Number((survey - actual / 1000).toFixed(4));
    volume.set(key, current);
    const time = new Date(start + k * 150).toISOString().replace('T', ' ').replace('Z', '');
    const row = [
      time,
      t.source_plate,
      t.source_barcode,
      t.source_plate_type,
      t.source_well,
      t.destination_plate,
      t.destination_barcode,
      t.destination_plate_type,
      t.destination_well,
      t.volume_nL,
      actual,
      '',
      t.reagent,
      survey,
      current,
      100,
      '%',
      'DMSO',
      fails ? LOW : '',
    ].join(',');
    (fails ? exceptions : details).push(row);
    if (fails) failed.push(t);
  });
  const text = [
    'Run ID,1790045678',
    'Run Date/Time,2026-11-20 09:00:00',
    'Application Name,Labcyte Echo Plate Reformat',
    'Application Version,1.7.2',
    'Protocol Name,campaign.epr',
    'User Name,Screening',
    '',
    '[EXCEPTIONS]',
    COLUMNS,
    ...exceptions,
    '',
    '[DETAILS]',
    COLUMNS,
    ...details,
    '',
    'Instrument Name,E5XX-00003',
    'Instrument Model,Echo 655',
    'Instrument Serial Number,E5XX-00003',
    'Instrument Software Version,2.6.3',
    '',
  ].join('\n');
  return { text, failed };
}
