/**
 * What a campaign's plate thumbnail draws: each well's role as one character, row by row
 * (A1, A2, ... then B1...), so 300 plates of 1536 wells travel as 300 short strings and the
 * client paints them straight into one texture. The roles are the plate map export's (its
 * control tags, else a compound when the well names one), read from the plates' own wells.
 */
import type { PlateDefn } from '../plate-format';
import type { WireWells } from '../plate-wire';
import { indexOfWellId } from '../well-id';

/** The role characters, in the order the client's palette lists their colours. */
export const WELL_ROLE_CODES = {
  empty: '.',
  compound: 'c',
  positive: 'P',
  negative: 'N',
  vehicle: 'Z',
  other: 'o',
} as const;

const CONTROL_CODES: Record<string, string> = {
  POS: WELL_ROLE_CODES.positive,
  NEG: WELL_ROLE_CODES.negative,
  ZERO: WELL_ROLE_CODES.vehicle,
};

/** One character a well, rows then columns: its control tag, a compound, another fill, empty. */
export function plateRoleCodes(defn: Pick<PlateDefn, 'rows' | 'cols'>, wells: WireWells): string {
  const codes: string[] = Array.from(
    { length: defn.rows * defn.cols },
    () => WELL_ROLE_CODES.empty,
  );
  for (const [id, well] of Object.entries(wells)) {
    const index = indexOfWellId(id, defn);
    if (index < 0) continue;
    const control = well.tags?.find((t) => t in CONTROL_CODES);
    if (control) codes[index] = CONTROL_CODES[control];
    else if (well.sample) codes[index] = WELL_ROLE_CODES.compound;
    else if (Object.keys(well.targets).length > 0) codes[index] = WELL_ROLE_CODES.other;
  }
  return codes.join('');
}
