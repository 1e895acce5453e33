/** Rules of the upload smoke-test panel (spec section 5). */

/** The create button works with a non-blank name and no request running. */
export function canCreateForUpload(name: string, busy: boolean): boolean {
  return !busy && name.trim() !== '';
}

/** The description is sent only when it is non-empty after trimming. */
export function descriptionToSend(description: string): string | undefined {
  const trimmed = description.trim();
  return trimmed ? trimmed : undefined;
}

/** Upload needs a chosen file and an experiment id. */
export function canUpload(file: File | null, experimentId: number | null, busy: boolean): boolean {
  return !busy && file !== null && experimentId !== null;
}

/** Fetch Text needs an experiment. */
export function canFetchText(experimentId: number | null, busy: boolean): boolean {
  return !busy && experimentId !== null;
}

/** A positive integer id from the query (?experimentId=12), else null. */
export function experimentIdFrom(value: string | null): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}
