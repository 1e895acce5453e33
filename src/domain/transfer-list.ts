/**
 * Transfer lists for an acoustic dispenser (DOMAIN.md "Exports"): source plate/well,
 * destination plate/well, volume in nL as a multiple of the 2.5 nL droplet. What HTS staff
 * load into the instrument.
 */
import { plateDefn, type PlateDefn } from './plate-format';
import type { WireWells } from './plate-wire';
import { idOfIndex, indexOfWellId } from './well-id';

/** Droplet size of an acoustic dispenser, nL. */
export const DROPLET_NL = 2.5;

/** Column headers in the order acoustic dispensers read them. */
export const TRANSFER_LIST_HEADERS = [
  'Source Plate Name',
  'Source Well',
  'Destination Plate Name',
  'Destination Well',
  'Transfer Volume',
] as const;

/** Where a reagent (or one of its working stocks) sits on a source plate. */
export interface SourceWell {
  plate: string;
  well: string;
}

/** One transfer. */
export interface TransferRow {
  source_plate: string;
  source_well: string;
  destination_plate: string;
  destination_well: string;
  /** a multiple of 2.5 nL */
  volume_nL: number;
  /** source key: the slug, or "slug@1:F" for a working stock */
  reagent: string;
}

/** Key of a source liquid: the slug, or "slug@1:F" for a working stock diluted F times. */
export function sourceKey(slug: string, dilution?: number): string {
  return dilution != null && dilution !== 1 ? `${slug}@1:${dilution}` : slug;
}

/** A volume in uL as nL rounded to whole droplets. */
export function toDropletNL(volumeUL: number): number {
  return Math.round(Number(((volumeUL * 1000) / DROPLET_NL).toFixed(9))) * DROPLET_NL;
}

/**
 * Lays source liquids out on source plates in row-major order (A1, A2, ...), starting a new
 * plate ("Source[2]", ...) when one is full.
 */
export function assignSourceWells(
  keys: readonly string[],
  source: PlateDefn = plateDefn(384),
  name = (n: number) => `Source[${n}]`,
): Record<string, SourceWell> {
  const per = source.rows * source.cols;
  const out: Record<string, SourceWell> = {};
  keys.forEach((key, i) => {
    out[key] = { plate: name(Math.floor(i / per) + 1), well: idOfIndex(source, i % per) };
  });
  return out;
}

/** Source keys a plate needs, in order of first use (row-major over wells). */
export function sourceKeysOf(defn: PlateDefn, wells: WireWells): string[] {
  const keys = new Set<string>();
  const ids = Object.keys(wells).toSorted(
    (a, b) => indexOfWellId(a, defn) - indexOfWellId(b, defn),
  );
  for (const id of ids) {
    for (const [slug, t] of Object.entries(wells[id].targets ?? {})) {
      if (t.volume_uL > 0) keys.add(sourceKey(slug, t.dilution));
    }
  }
  return [...keys];
}

/**
 * The transfers of a plate, grouped by source liquid then destination well (row-major), so
 * the instrument works through one source well at a time. Additions that round to 0 nL or
 * have no source well are returned in `skipped`.
 */
export function acousticTransferList(
  defn: PlateDefn,
  wells: WireWells,
  sources: Record<string, SourceWell>,
  destinationPlate = 'Destination[1]',
): { rows: TransferRow[]; skipped: { well: string; reagent: string; reason: string }[] } {
  const order = new Map(Object.keys(sources).map((k, i) => [k, i]));
  const rows: (TransferRow & { s: number; d: number })[] = [];
  const skipped: { well: string; reagent: string; reason: string }[] = [];
  for (const [id, well] of Object.entries(wells)) {
    const d = indexOfWellId(id, defn);
    if (d < 0) continue;
    const dest = idOfIndex(defn, d);
    for (const [slug, t] of Object.entries(well.targets ?? {})) {
      if (!(t.volume_uL > 0)) continue;
      const key = sourceKey(slug, t.dilution);
      const src = sources[key];
      const nl = toDropletNL(t.volume_uL);
      if (!src) skipped.push({ well: dest, reagent: key, reason: 'no source well' });
      else if (nl === 0)
        skipped.push({ well: dest, reagent: key, reason: 'below one 2.5 nL droplet' });
      else
        rows.push({
          source_plate: src.plate,
          source_well: src.well,
          destination_plate: destinationPlate,
          destination_well: dest,
          volume_nL: nl,
          reagent: key,
          s: order.get(key)!,
          d,
        });
    }
  }
  rows.sort((a, b) => a.s - b.s || a.d - b.d);
  return { rows: rows.map(({ s: _s, d: _d, ...row }) => row), skipped };
}

/** Header and rows as cells, ready for a CSV writer. */
export function transferListCells(rows: readonly TransferRow[]): (string | number)[][] {
  return [
    [...TRANSFER_LIST_HEADERS],
    ...rows.map((r) => [
      r.source_plate,
      r.source_well,
      r.destination_plate,
      r.destination_well,
      r.volume_nL,
    ]),
  ];
}
