/**
 * "Versions": every saved version of the plate, newest first; choosing one shows what that
 * version changed from the one before it (wells filled, emptied, changed), read-only.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { getVersion, listVersions, type VersionSummary } from '../../api/versions';
import { ErrorBox } from '../ui/error-box';
import { Spinner } from '../ui/spinner';
import { plateDefn } from '../../domain/plate-format';
import { wireWellsOf } from '../../domain/plate-state';
import { formatRelativeShort } from '../../domain/relative-time';
import { requestErrorMessage } from '../../state/bench-actions';
import { bench } from '../../state/bench-store';
import { designer } from '../../state/designer-store';
import { versionDiff, type VersionDiff } from '../designer/version-diff';
import { Modal } from './modal';

/** Lines of a diff shown before saying how many more there are. */
const SHOWN_LINES = 200;

export function VersionsDialog({
  experimentId,
  onClose,
}: {
  experimentId: number;
  onClose(): void;
}) {
  const { reagents } = useSnapshot(bench);
  const { format } = useSnapshot(designer);
  const [list, setList] = useState<VersionSummary[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [diff, setDiff] = useState<VersionDiff | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Ages are told from when the dialog opened.
  const [now] = useState(() => Date.now());

  useEffect(() => {
    listVersions(experimentId)
      .then(setList)
      .catch((err: unknown) => setError(requestErrorMessage(err)));
  }, [experimentId]);

  const show = async (index: number) => {
    if (!list) return;
    setChosen(index);
    setDiff(null);
    setError(null);
    try {
      const version = await getVersion(experimentId, list[index].id);
      const previous = list[index + 1];
      const before = previous
        ? wireWellsOf((await getVersion(experimentId, previous.id)).state)
        : {};
      const nameOf = (slug: string) => reagents.find((r) => r.slug === slug)?.name ?? slug;
      const defn = plateDefn(version.state.defn?.format ?? format);
      setDiff(versionDiff(defn, before, wireWellsOf(version.state), nameOf));
    } catch (err) {
      setError(requestErrorMessage(err));
    }
  };

  const current = chosen !== null && list ? list[chosen] : null;
  return (
    <Modal open title="Versions" onClose={onClose} size="lg" testId="versions">
      {error && <ErrorBox title="The versions could not be read" message={error} />}
      {!list && !error && (
        <p role="status">
          <Spinner /> Loading versions…
        </p>
      )}
      {list && list.length === 0 && <p>No versions yet: every saved change makes one.</p>}
      <div className="versions">
        <ul className="versions__list" aria-label="Saved versions">
          {list?.map((v, i) => (
            <li key={v.id}>
              <button
                type="button"
                className="btn btn--ghost btn--sm versions__item"
                aria-pressed={chosen === i}
                onClick={() => void show(i)}
              >
                <span className="versions__name">{`Version ${v.version}${v.label ? ` · ${v.label}` : ''}${v.summary ? ` · ${v.summary}` : ''}`}</span>
                <span className="versions__time">{formatRelativeShort(v.created_at, now)}</span>
              </button>
            </li>
          ))}
        </ul>
        {current && (
          <section
            className="versions__diff"
            aria-label={`Changes in version ${current.version}`}
            data-testid="version-diff"
          >
            {!diff && !error && (
              <p role="status">
                <Spinner /> Reading version {current.version}…
              </p>
            )}
            {diff && (
              <>
                <p>
                  {`Version ${current.version} changed ${diff.filled + diff.emptied + diff.changed} wells: ` +
                    `${diff.filled} filled, ${diff.emptied} emptied, ${diff.changed} changed.`}
                </p>
                <ul className="versions__lines">
                  {diff.lines.slice(0, SHOWN_LINES).map((l) => (
                    <li key={l.well}>
                      <strong>{l.well}</strong> {l.text}
                    </li>
                  ))}
                </ul>
                {diff.lines.length > SHOWN_LINES && (
                  <p>{`and ${diff.lines.length - SHOWN_LINES} more wells`}</p>
                )}
              </>
            )}
          </section>
        )}
      </div>
    </Modal>
  );
}
