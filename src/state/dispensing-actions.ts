// Changing the experiment's dispensing settings: the server keeps them and computes the plate
// with them; the designer computes its own numbers with the same settings, so after a change
// the shown plate is computed again (same wells, new volumes, backfill and predictions).
import { putDispensing } from '../api/dispensing';
import { getPlateCompact } from '../api/plate';
import type { DispenseSettings } from '../domain/dispensing/settings';
import { adoptWirePlate, flushSaves, savesIdle } from './designer-document';
import { designer } from './designer-store';

/** Saves some settings; resolves with all of them once the plate shows their numbers. */
export async function saveDispensing(
  changes: Partial<DispenseSettings>,
): Promise<DispenseSettings> {
  const id = designer.experiment?.id;
  if (id === undefined) throw new Error('No experiment is open');
  // edits waiting to be saved go first, so the plate read back below holds them
  if (!savesIdle()) await flushSaves();
  const settings = await putDispensing(id, changes);
  designer.dispensing = settings;
  const plate = await getPlateCompact(id);
  if (plate && savesIdle()) adoptWirePlate(plate, false);
  return settings;
}
