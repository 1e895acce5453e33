/**
 * A library plate's compounds onto the bench in one action (in the picker's "Paste a list"):
 * the user's libraries' plates in a list; "Add its compounds" reads the plate's wells and hands
 * their compound names (the id where a well has no name), once each, to the list's adding.
 * Nothing shows when the user has no library.
 */
import { useEffect, useId, useState } from 'react';
import { libraryPlateWells, listLibraries, type LibrarySummary } from '../../api/campaigns';
import { requestErrorMessage } from '../../state/bench-actions';

export interface LibraryPlatePickProps {
  busy: boolean;
  /** The plate's compound names, to be added as a pasted list is. */
  onNames(names: string[]): void;
}

export function LibraryPlatePick({ busy, onNames }: LibraryPlatePickProps) {
  const [libraries, setLibraries] = useState<LibrarySummary[]>([]);
  const [chosen, setChosen] = useState('');
  const [reading, setReading] = useState(false);
  const [error, setError] = useState('');
  const id = useId();

  useEffect(() => {
    let live = true;
    listLibraries().then(
      (list) => live && setLibraries(list),
      () => live && setLibraries([]), // no libraries to offer: the list alone stays
    );
    return () => {
      live = false;
    };
  }, []);

  if (libraries.length === 0) return null;

  const add = async () => {
    const [libraryId, barcode] = JSON.parse(chosen) as [number, string];
    setReading(true);
    setError('');
    try {
      const wells = await libraryPlateWells(libraryId, barcode);
      const names = [...new Set(wells.map((w) => w.compound_name || w.compound_id))].filter(
        (n) => n.trim() !== '',
      );
      if (names.length === 0) setError(`Plate ${barcode} lists no compound.`);
      else onNames(names);
    } catch (err) {
      setError(`Could not read plate ${barcode}: ${requestErrorMessage(err)}`);
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="paste-list__library">
      <label className="field" htmlFor={`${id}-plate`}>
        <span className="field__label">Or a library plate's compounds</span>
        <select
          id={`${id}-plate`}
          className="input select select--sm"
          value={chosen}
          disabled={busy || reading}
          onChange={(e) => setChosen(e.target.value)}
        >
          <option value="">Choose a plate</option>
          {libraries.flatMap((lib) =>
            lib.plates.map((plate) => (
              <option
                key={`${lib.id}-${plate.barcode}`}
                value={JSON.stringify([lib.id, plate.barcode])}
              >
                {lib.name}: {plate.barcode} ({plate.wells} wells)
              </option>
            )),
          )}
        </select>
      </label>
      <button
        type="button"
        className="btn btn--sm"
        disabled={busy || reading || chosen === ''}
        aria-busy={reading || undefined}
        onClick={() => void add()}
      >
        Add its compounds
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
