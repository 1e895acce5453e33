// A tool dialog's values between openings: closing a dialog (Apply, Cancel, Escape) and
// opening it again shows what was last entered, for the experiment it was entered on and for
// as long as the page is open. Values start from the dialog's defaults otherwise.
import { useState } from 'react';
import { designer } from '../../state/designer-store';

const remembered = new Map<string, object>();

/** The dialog's values (defaults overlaid with the last entered) and a patching setter. */
export function useRememberedForm<T extends object>(
  dialog: string,
  defaults: () => T,
): [T, (patch: Partial<T>) => void] {
  const key = `${designer.experiment?.id ?? ''}:${dialog}`;
  const [values, setValues] = useState<T>(() => ({
    ...defaults(),
    ...(remembered.get(key) as Partial<T> | undefined),
  }));
  const set = (patch: Partial<T>) => {
    const next = { ...values, ...patch };
    remembered.set(key, next);
    setValues(next);
  };
  return [values, set];
}
