/**
 * Source wells for the transfers (DISPENSING.md "Acoustic source plate types"): each source
 * liquid gets wells in order of first use; a well holds its transfers plus the dead volume,
 * at least the type's minimum; a liquid whose transfers pass what one well can give spills
 * into more wells, and a full plate into the next plate.
 */
import { plateDefn } from '../plate-format';
import { idOfIndex } from '../well-id';
import type { SourcePlateType } from './plate-types';

/** One transfer to place: its source liquid and volume, in the order it runs. */
export interface PendingTransfer {
  key: string;
  volumeUL: number;
}

/** Where a transfer's liquid is taken from. */
export interface PlacedSource {
  plate: number;
  well: string;
}

/** The wells of one source liquid and what each gives. */
export interface SourceWellUse {
  key: string;
  plate: number;
  well: string;
  transfersUL: number;
}

// Sums of decimal volumes (0.0025 + ...) drift: compare with a hair of slack.
const SLACK = 1e-9;

/**
 * Places every transfer on a source well of `type`: liquid by liquid in order of first use,
 * each liquid's transfers in run order, a new well when the next transfer would take the
 * well past what it can give (working maximum less dead volume). Returns for each transfer
 * (same order) its source, and the wells with what they give. A single transfer larger than
 * a well can give still gets a well of its own; the caller warns.
 */
export function assignSourceWells(
  transfers: readonly PendingTransfer[],
  type: SourcePlateType,
): { placed: PlacedSource[]; wells: SourceWellUse[] } {
  const per = plateDefn(type.format);
  const perPlate = per.rows * per.cols;
  const capacity = type.max_uL - type.dead_uL;
  const byKey = new Map<string, number[]>();
  transfers.forEach((t, i) => {
    const list = byKey.get(t.key);
    if (list) list.push(i);
    else byKey.set(t.key, [i]);
  });
  const wells: SourceWellUse[] = [];
  const placed: PlacedSource[] = Array.from({ length: transfers.length });
  for (const [key, indices] of byKey) {
    let well: SourceWellUse | undefined;
    for (const i of indices) {
      const v = transfers[i].volumeUL;
      if (!well || (well.transfersUL > 0 && well.transfersUL + v > capacity + SLACK)) {
        const n = wells.length;
        well = {
          key,
          plate: Math.floor(n / perPlate) + 1,
          well: idOfIndex(per, n % perPlate),
          transfersUL: 0,
        };
        wells.push(well);
      }
      well.transfersUL = Number((well.transfersUL + v).toFixed(6));
      placed[i] = { plate: well.plate, well: well.well };
    }
  }
  return { placed, wells };
}

/** The fill of a source well: its transfers plus the dead volume, at least the type's minimum. */
export function fillOf(transfersUL: number, type: SourcePlateType): number {
  return Number(Math.max(type.min_uL, transfersUL + type.dead_uL).toFixed(6));
}
