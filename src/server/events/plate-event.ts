// The plate_changed event of a plate write: the version, its base and the changed wells, so
// that a tab one version behind applies it without a reload. A change too large for one
// event (PostgreSQL NOTIFY payloads stop at 8000 bytes) carries changed/removed null: clients
// then read GET /plate?since=<their version>.
import type { WireWell } from '../../domain/plate-wire';
import type { EventInput } from './event-bus';

/** Largest changed-wells JSON an event carries, leaving room for the rest of the event. */
export const MAX_CHANGE_BYTES = 7000;

export interface PlateChangeFields {
  version: number;
  base_version: number;
  hash: string;
  changed: Record<string, WireWell>;
  removed: string[];
}

/** The event of a plate change; changed/removed null when too large for one event. */
export function plateChangedEvent(change: PlateChangeFields): EventInput {
  const fits = changeBytesWithin(change, MAX_CHANGE_BYTES);
  return {
    type: 'plate_changed',
    version: change.version,
    base_version: change.base_version,
    hash: change.hash,
    changed: fits ? change.changed : null,
    removed: fits ? change.removed : null,
  };
}

/**
 * Whether the JSON of changed and removed takes at most `max` bytes, counted well by well
 * and given up on as soon as it is over: a 1400-well change is not serialized whole only to
 * learn that it does not fit.
 */
export function changeBytesWithin(
  change: Pick<PlateChangeFields, 'changed' | 'removed'>,
  max: number,
): boolean {
  let bytes = Buffer.byteLength(JSON.stringify(change.removed)) + 2; // and the changed {}
  let first = true;
  for (const [id, w] of Object.entries(change.changed)) {
    // "id":<well> plus the comma before all but the first
    bytes += Buffer.byteLength(JSON.stringify(id)) + 1 + Buffer.byteLength(JSON.stringify(w));
    if (!first) bytes += 1;
    first = false;
    if (bytes > max) return false;
  }
  return bytes <= max;
}
