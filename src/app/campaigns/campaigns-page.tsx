/** /campaigns: compound libraries and screening campaigns of many assay plates. */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { listLibraries, listTemplates, type LibrarySummary } from '../../api/campaigns';
import { AppHeader } from '../header/app-header';
import { CampaignCard } from './campaign-card';
import { CampaignQcCard } from './campaign-qc-card';
import { CampaignView } from './campaign-view';
import { LibraryCard } from './library-card';

export default function CampaignsPage() {
  const [libraries, setLibraries] = useState<LibrarySummary[]>([]);
  const [templates, setTemplates] = useState<{ id: number; name: string }[]>([]);
  const [error, setError] = useState('');
  // the campaign shown is in the address (?campaign=id): back from a plate comes back to it
  const [search, setSearch] = useSearchParams();
  const shown = /^\d+$/.test(search.get('campaign') ?? '') ? Number(search.get('campaign')) : null;

  // a promise: an import's status waits for the list that holds the new library
  const load = useCallback(
    (): Promise<void> =>
      Promise.all([listLibraries(), listTemplates()])
        .then(([l, t]) => {
          setLibraries(l);
          setTemplates(t);
        })
        .catch((cause: unknown) => setError(errorMessage(cause))),
    [],
  );
  useEffect(() => void load(), [load]);

  return (
    <div className="app-shell">
      <AppHeader />
      <main className="page page--narrow stack">
        <h1>Screening campaigns</h1>
        {error && (
          <p className="error-line" role="alert">
            {error}
          </p>
        )}
        <LibraryCard libraries={libraries} onImported={load} />
        <CampaignCard
          libraries={libraries}
          templates={templates}
          onMade={(id) => setSearch({ campaign: String(id) })}
        />
        {shown !== null && <CampaignView key={shown} campaignId={shown} />}
        <CampaignQcCard />
      </main>
    </div>
  );
}
