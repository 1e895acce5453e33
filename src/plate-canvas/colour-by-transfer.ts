// Colour by transfer status: what the instrument's log says each well received, against the
// plan (as planned, off by more than its tolerance, missed, not in any log). Pure: the
// reconciliation's statuses in, one fill per well and the legend out.
import type { PlateDefn } from '../domain/plate-format';
import type { WireWells } from '../domain/plate-wire';
import { indexOfWellId } from '../domain/well-id';

export const TRANSFER_FILL = {
  'as planned': { label: 'As planned', colour: 0x1e8e3e },
  off: { label: 'Off the plan', colour: 0xe0a100 },
  missed: { label: 'Missed', colour: 0xd1242f },
  'not logged': { label: 'Not in the log', colour: 0x9aa3af },
} as const;

export type TransferStatus = keyof typeof TRANSFER_FILL;

const NO_LOG = { key: 'none', label: 'No transfer log imported', colour: 0xd5dae1 };

/** Fills and legend counts of a plate by transfer status (wells without transfers: none). */
export function transferColouring(
  defn: PlateDefn,
  wells: WireWells,
  status: Readonly<Record<string, TransferStatus>> | undefined,
  fill: Int32Array,
): { key: string; label: string; colour: number; count: number }[] {
  const counts = new Map<string, { key: string; label: string; colour: number; count: number }>();
  const count = (key: string, label: string, colour: number) => {
    const e = counts.get(key);
    if (e) e.count++;
    else counts.set(key, { key, label, colour, count: 1 });
  };
  if (!status) {
    for (const [id, well] of Object.entries(wells)) {
      const i = indexOfWellId(id, defn);
      if (i < 0 || Object.keys(well?.targets ?? {}).length === 0) continue;
      fill[i] = NO_LOG.colour;
      count(NO_LOG.key, NO_LOG.label, NO_LOG.colour);
    }
    return [...counts.values()];
  }
  for (const [id, s] of Object.entries(status)) {
    const i = indexOfWellId(id, defn);
    const look = TRANSFER_FILL[s];
    if (i < 0 || !look) continue;
    fill[i] = look.colour;
    count(s, look.label, look.colour);
  }
  const order = Object.keys(TRANSFER_FILL);
  return [...counts.values()].toSorted((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}
