/** Make a campaign from a library and a saved template; list its plates; export its picklist. */
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../api/api-error';
import { createCampaign, type LibrarySummary } from '../../api/campaigns';
import { Spinner } from '../../panels/ui/spinner';
import { fieldOf } from './field-of';

export function CampaignCard(props: {
  libraries: LibrarySummary[];
  templates: { id: number; name: string }[];
  /** the campaign made: the page shows it */
  onMade: (id: number) => void;
}) {
  const [name, setName] = useState('Primary screen');
  const [format, setFormat] = useState(1536);
  const [libraryId, setLibraryId] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [benchFrom, setBenchFrom] = useState('');
  const [prefix, setPrefix] = useState('AS');
  const [top, setTop] = useState(10);
  const [points, setPoints] = useState(1);
  const [replicates, setReplicates] = useState(1);
  const [seed, setSeed] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const id = useId();
  const library = libraryId ?? props.libraries[0]?.id;
  const template = templateId ?? props.templates[0]?.id;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || library === undefined || template === undefined) return;
    setBusy(true);
    setError('');
    setStatus('Making the plates of the campaign…');
    try {
      const answer = await createCampaign({
        name: name.trim(),
        format,
        library_id: library,
        barcode: { prefix },
        layout: {
          template_id: template,
          ...(seed.trim() !== '' && { shift_seed: Number(seed) }),
        },
        dose: { top: { value: top, unit: 'uM' }, points, factor: 3, replicates },
        ...(benchFrom.trim() !== '' && { bench_from: Number(benchFrom) }),
      });
      props.onMade(answer.id);
      setStatus(
        `Made ${answer.plates.length} plates of ${answer.per_plate} compounds; the last leaves ${answer.empty_wells_last_plate} wells empty.`,
      );
    } catch (cause) {
      setStatus('');
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  const field = fieldOf(id);
  const number = (key: string, value: number, set: (v: number) => void) => (
    <input
      id={`${id}-${key}`}
      className="input"
      type="number"
      value={value}
      onChange={(e) => set(Number(e.target.value))}
    />
  );

  return (
    <section className="card" aria-labelledby="campaign-title">
      <div className="card__header">
        <h2 id="campaign-title" className="card__title">
          New campaign
        </h2>
      </div>
      <form className="card__body stack" onSubmit={(e) => void submit(e)}>
        {field(
          'Name',
          'name',
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />,
        )}
        <div className="row">
          {field(
            'Plate',
            'format',
            <select
              id={`${id}-format`}
              className="input select"
              value={format}
              onChange={(e) => setFormat(Number(e.target.value))}
            >
              <option value={384}>384-well</option>
              <option value={1536}>1536-well</option>
            </select>,
          )}
          {field(
            'Library',
            'library',
            <select
              id={`${id}-library`}
              className="input select"
              value={library ?? ''}
              onChange={(e) => setLibraryId(Number(e.target.value))}
            >
              {props.libraries.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>,
          )}
          {field(
            'Template with the controls',
            'template',
            <select
              id={`${id}-template`}
              className="input select"
              value={template ?? ''}
              onChange={(e) => setTemplateId(Number(e.target.value))}
            >
              {props.templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>,
          )}
        </div>
        <div className="row">
          {field(
            'Bench from experiment #',
            'bench',
            <input
              id={`${id}-bench`}
              className="input"
              inputMode="numeric"
              value={benchFrom}
              onChange={(e) => setBenchFrom(e.target.value)}
            />,
          )}
          {field(
            'Barcode prefix',
            'prefix',
            <input
              id={`${id}-prefix`}
              className="input"
              value={prefix}
              onChange={(e) => setPrefix(e.target.value)}
            />,
          )}
          {field('Top concentration (µM)', 'top', number('top', top, setTop))}
          {field('Points', 'points', number('points', points, setPoints))}
          {field('Replicates', 'replicates', number('replicates', replicates, setReplicates))}
          {field(
            'Shift controls, seed',
            'seed',
            <input
              id={`${id}-seed`}
              className="input"
              inputMode="numeric"
              value={seed}
              onChange={(e) => setSeed(e.target.value)}
            />,
          )}
        </div>
        <div>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={busy || library === undefined || template === undefined}
          >
            {busy && <Spinner />}
            Make the campaign
          </button>
        </div>
        <p className="status-line" role="status" aria-live="polite">
          {status} {busy && <progress aria-label="Making the plates" />}
        </p>
        {error && (
          <p className="error-line" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
