/** /experiments: greeting, search, the create card and the list (spec section 2). */
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Experiment } from '../../api/types';
import { useAuth } from '../auth/auth-context';
import { greeting } from '../auth/user-names';
import { AppHeader } from '../header/app-header';
import { ConfirmDialog } from '../../panels/ui/confirm-dialog';
import { PlusIcon, SearchIcon } from '../../panels/ui/icons';
import { CreateExperimentCard } from './create-experiment-card';
import { ExperimentListCard } from './experiment-list-card';
import { filterExperiments, normalizeSearch } from './experiment-search';
import { useExperimentList } from './use-experiment-list';

export default function ExperimentsPage() {
  const { user, devMode } = useAuth();
  const navigate = useNavigate();
  const list = useExperimentList();
  const [search, setSearch] = useState('');
  const [createOpen, setCreateOpen] = useState(false);
  const [createName, setCreateName] = useState('');
  const [pendingDelete, setPendingDelete] = useState<Experiment | null>(null);
  const newButtonRef = useRef<HTMLButtonElement | null>(null);
  const searchId = useId();

  const term = search.trim();
  const visible = filterExperiments(list.experiments, search);

  const openCreate = (name = '') => {
    setCreateName(name);
    setCreateOpen(true);
  };
  const closeCreate = () => {
    setCreateOpen(false);
    newButtonRef.current?.focus();
  };
  const confirmDelete = async () => {
    if (!pendingDelete) return;
    await list.remove(pendingDelete);
    setPendingDelete(null);
  };

  return (
    <div className="app-shell">
      <AppHeader>
        <Link to="/campaigns" className="btn">
          Screening campaigns
        </Link>
      </AppHeader>
      <main className="page" id="main">
        <div className="page__head">
          <div className="page__titles">
            <h1 className="page__title">
              Experiments
              {devMode && <span className="badge badge--dev">Dev Mode</span>}
            </h1>
            <p className="page__subtitle">Create a new experiment or open an existing one.</p>
            <p className="page__greeting">{greeting(user)}</p>
          </div>
          <div className="page__tools">
            <div className="search">
              <label htmlFor={searchId} className="visually-hidden">
                Search experiments
              </label>
              <SearchIcon />
              <input
                id={searchId}
                type="search"
                className="input search__input"
                placeholder="Search by name or #id"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <button
              ref={newButtonRef}
              type="button"
              className="btn btn--primary"
              aria-expanded={createOpen}
              onClick={() => (createOpen ? closeCreate() : openCreate())}
            >
              <PlusIcon />
              New Experiment
            </button>
          </div>
        </div>

        {createOpen && (
          <CreateExperimentCard
            key={createName}
            initialName={createName}
            onCancel={closeCreate}
            onCreated={(experiment) =>
              void navigate(`/experiments/${experiment.id}?onboard=add-reagents`)
            }
          />
        )}

        <ExperimentListCard
          list={list}
          visible={visible}
          term={normalizeSearch(search) ? term : ''}
          onCreate={() => openCreate(term)}
          onDelete={setPendingDelete}
        />
      </main>

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete experiment"
        confirmLabel="Delete"
        danger
        busy={pendingDelete !== null && list.deletingId === pendingDelete.id}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete experiment “{pendingDelete?.name}”? This action cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
