/**
 * "Select reagents to add to bench fridge": searches the catalog (debounced 200 ms), filters
 * by type, shows reagents already on the bench as not selectable, adds the chosen ones and
 * offers the custom reagent form.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CatalogReagent } from '../../api/reagents';
import { searchCatalog } from '../../api/reagents';
import { ErrorBox } from '../ui/error-box';
import { SearchIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { formatConcentration } from '../../domain/accuracy';
import { planReagentCreate } from '../../domain/reagent-validation';
import {
  REAGENT_TYPES,
  REAGENT_TYPE_LABELS,
  reagentTypeColor,
  toDisplayType,
  toServerType,
} from '../../domain/reagent-types';
import { UNIT_LABELS, isMolarUnit, parseConcentrationUnit, toNanomolar } from '../../domain/units';
import { addReagent, requestErrorMessage } from '../../state/bench-actions';
import { bench } from '../../state/bench-store';
import { Modal } from './modal';
import { PasteList } from './paste-list';
import {
  addOrder,
  CATALOG_PAGE,
  catalogPage,
  catalogReagentInput,
  isOnBench,
} from './picker-rules';
import { useCatalogSearch } from './use-catalog-search';

export const PICKER_TITLE = 'Select reagents to add to bench fridge';

export interface ReagentPickerDialogProps {
  open: boolean;
  experimentId: number | null;
  onClose(): void;
  /** Opens the custom reagent form (the picker closes). */
  onCustom(): void;
  search?: typeof searchCatalog;
  add?: typeof addReagent;
}

/** "10.0 mM in DMSO", "0.1 %": what a catalog entry brings. */
function catalogStock(item: CatalogReagent): string {
  const parts: string[] = [];
  const unit = parseConcentrationUnit(item.default_concentration_units ?? '');
  const value = item.default_concentration_value;
  if (value != null && unit) {
    parts.push(
      isMolarUnit(unit)
        ? formatConcentration(toNanomolar(value, unit))
        : `${value} ${UNIT_LABELS[unit]}`,
    );
  }
  if (item.solvent) parts.push(`in ${item.solvent}`);
  return parts.join(' ');
}

/** The picker; mount it once, open it with `open`. */
export function ReagentPickerDialog({
  open,
  experimentId,
  onClose,
  onCustom,
  search = searchCatalog,
  add = addReagent,
}: ReagentPickerDialogProps) {
  const { reagents } = useSnapshot(bench);
  const [query, setQuery] = useState('');
  const [type, setType] = useState('');
  const [chosen, setChosen] = useState<Map<string, CatalogReagent>>(new Map());
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const [limit, setLimit] = useState(CATALOG_PAGE);
  // One more than shown is asked for: it tells whether the list stops short.
  const { results, loading, error } = useCatalogSearch(query, type, open, search, limit + 1);
  const page = catalogPage(results, limit);

  // Every opening starts a fresh search: nothing typed, all types, the first page.
  const close = () => {
    setChosen(new Map());
    setFailures([]);
    setQuery('');
    setType('');
    setLimit(CATALOG_PAGE);
    onClose();
  };

  const toggle = (item: CatalogReagent) => {
    const next = new Map(chosen);
    if (next.has(item.slug)) next.delete(item.slug);
    else next.set(item.slug, item);
    setChosen(next);
  };

  const addChosen = async () => {
    setBusy(true);
    const failed: string[] = [];
    const left = new Map(chosen);
    for (const item of addOrder([...chosen.values()])) {
      const plan = planReagentCreate(catalogReagentInput(item), { experimentId });
      try {
        if (!plan.ok) throw new Error(plan.errors.map((e) => e.message).join('; '));
        await add(plan.payload);
        left.delete(item.slug);
      } catch (err) {
        failed.push(`${item.name}: ${requestErrorMessage(err)}`);
      }
    }
    setBusy(false);
    setChosen(left);
    setFailures(failed);
    if (failed.length === 0) close();
  };

  return (
    <Modal
      open={open}
      title={PICKER_TITLE}
      onClose={close}
      busy={busy}
      size="lg"
      testId="reagent-picker"
      actions={
        <>
          <button
            type="button"
            className="btn picker__custom"
            onClick={() => {
              close();
              onCustom();
            }}
            disabled={busy}
          >
            Custom reagent
          </button>
          <button type="button" className="btn" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void addChosen()}
            disabled={busy || chosen.size === 0}
            aria-busy={busy || undefined}
          >
            {busy && <Spinner />}
            {chosen.size > 0 ? `Add ${chosen.size} to bench` : 'Add to bench'}
          </button>
        </>
      }
    >
      <div className="picker__filters">
        <label className="picker__search">
          <SearchIcon />
          <input
            type="search"
            className="input"
            placeholder="Search reagents by name or alias"
            aria-label="Search reagents"
            value={query}
            autoFocus
            onChange={(e) => {
              setQuery(e.target.value);
              setLimit(CATALOG_PAGE);
            }}
          />
        </label>
        <select
          className="input select picker__type"
          aria-label="Reagent type"
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            setLimit(CATALOG_PAGE);
          }}
        >
          <option value="">All types</option>
          {REAGENT_TYPES.map((t) => (
            <option key={t} value={toServerType(t)}>
              {REAGENT_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      {error && <ErrorBox title="Search failed" message={error} />}
      <div className="picker__status" role="status" aria-live="polite">
        {loading ? 'Searching…' : !error && results.length === 0 ? 'No reagents found' : ''}
      </div>
      <ul className="picker__list" aria-label="Catalog reagents" aria-busy={loading || undefined}>
        {page.shown.map((item) => {
          const onBench = isOnBench(item, reagents);
          const display = toDisplayType(item.reagent_type);
          return (
            <li key={item.slug} className={`picker__item${onBench ? ' is-on-bench' : ''}`}>
              <label>
                <input
                  type="checkbox"
                  checked={onBench || chosen.has(item.slug)}
                  disabled={onBench || busy}
                  onChange={() => toggle(item)}
                  aria-describedby={onBench ? `on-bench-${item.slug}` : undefined}
                />
                <span
                  className="type-dot"
                  style={{ background: reagentTypeColor(display) }}
                  aria-hidden
                />
                <span className="picker__name">{item.name}</span>
                <span className="tag">{REAGENT_TYPE_LABELS[display]}</span>
                <span className="picker__stock">{catalogStock(item)}</span>
                {onBench && (
                  <span id={`on-bench-${item.slug}`} className="tag tag--strong">
                    On bench
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
      {page.more && !loading && (
        <p className="picker__more" data-testid="picker-more">
          Showing the first {limit} matches. Type more of the name to narrow the list
          {page.next !== null && (
            <>
              , or{' '}
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => setLimit(page.next ?? limit)}
              >
                show {CATALOG_PAGE} more
              </button>
            </>
          )}
          .
        </p>
      )}
      <PasteList
        experimentId={experimentId}
        search={search}
        add={add}
        onBusy={setBusy}
        onDone={close}
      />
      {failures.length > 0 && (
        <ErrorBox title="Some reagents were not added" message={failures.join('\n')} />
      )}
    </Modal>
  );
}
