/** /dev/upload: the "Experiment Upload (Phase 1 Smoke Test)" panel (spec section 2). */
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { getExperimentText, uploadExperimentFile } from '../../api/experiment-text';
import { createExperiment } from '../../api/experiments';
import type { PlateType } from '../../api/types';
import { AppHeader } from '../header/app-header';
import { Spinner } from '../../panels/ui/spinner';
import { StatusLines } from '../../panels/ui/status-lines';
import {
  canCreateForUpload,
  canFetchText,
  canUpload,
  descriptionToSend,
  experimentIdFrom,
} from './upload-rules';

const PANEL_PLATE_TYPES: PlateType[] = ['96', '384', '1536'];

export default function DevUploadPage() {
  const [params, setParams] = useSearchParams();
  const experimentId = experimentIdFrom(params.get('experimentId'));
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [plateType, setPlateType] = useState<PlateType>('96');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<null | 'create' | 'upload' | 'fetch'>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [storedText, setStoredText] = useState('');
  const ids = { name: useId(), description: useId(), plate: useId(), file: useId() };

  const run = async (kind: 'create' | 'upload' | 'fetch', work: () => Promise<string>) => {
    setBusy(kind);
    setError('');
    setStatus('');
    try {
      setStatus(await work());
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(null);
    }
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreateForUpload(name, busy !== null)) return;
    void run('create', async () => {
      const created = await createExperiment({
        name: name.trim(),
        plate_type: plateType,
        description: descriptionToSend(description),
      });
      setParams({ experimentId: String(created.id) }, { replace: true });
      return `Experiment #${created.id} created`;
    });
  };

  const upload = () => {
    if (!file || experimentId === null) return;
    void run('upload', async () => {
      await uploadExperimentFile(experimentId, file, file.name);
      return 'File uploaded successfully';
    });
  };

  const fetchText = () => {
    if (experimentId === null) return;
    void run('fetch', async () => {
      const { text } = await getExperimentText(experimentId);
      setStoredText(text);
      return 'Fetched stored text';
    });
  };

  return (
    <div className="app-shell">
      <AppHeader />
      <main className="page page--narrow">
        <section className="card" aria-labelledby="upload-title">
          <div className="card__header">
            <h1 id="upload-title" className="card__title">
              Experiment Upload (Phase 1 Smoke Test)
            </h1>
            {experimentId !== null && <span className="tag">Experiment #{experimentId}</span>}
          </div>

          {experimentId === null && (
            <form className="card__body stack" onSubmit={create}>
              <div className="field">
                <label className="field__label" htmlFor={ids.name}>
                  Name
                </label>
                <input
                  id={ids.name}
                  className="input"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={ids.description}>
                  Description (optional)
                </label>
                <textarea
                  id={ids.description}
                  className="input textarea"
                  rows={2}
                  value={description}
                  onChange={(event) => setDescription(event.target.value)}
                />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={ids.plate}>
                  Plate type
                </label>
                <select
                  id={ids.plate}
                  className="input select"
                  value={plateType}
                  onChange={(event) => setPlateType(event.target.value as PlateType)}
                >
                  {PANEL_PLATE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}-well
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <button
                  type="submit"
                  className="btn btn--primary"
                  disabled={!canCreateForUpload(name, busy !== null)}
                >
                  {busy === 'create' && <Spinner />}
                  Create Experiment
                </button>
              </div>
            </form>
          )}

          <div className="card__body stack">
            <div className="field">
              <label className="field__label" htmlFor={ids.file}>
                Text file (.txt)
              </label>
              <input
                id={ids.file}
                type="file"
                accept=".txt,text/plain"
                className="input"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </div>
            <div className="row">
              <button
                type="button"
                className="btn btn--primary"
                onClick={upload}
                disabled={!canUpload(file, experimentId, busy !== null)}
              >
                {busy === 'upload' && <Spinner />}
                Upload
              </button>
              <button
                type="button"
                className="btn"
                onClick={fetchText}
                disabled={!canFetchText(experimentId, busy !== null)}
              >
                {busy === 'fetch' && <Spinner />}
                Fetch Text
              </button>
            </div>
            <StatusLines status={status} error={error} />
            <div className="field">
              <span className="field__label">Stored Text</span>
              <pre className="stored-text" aria-label="Stored Text">
                {storedText}
              </pre>
            </div>
          </div>
        </section>
      </main>
    </div>
  );
}
