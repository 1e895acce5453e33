/**
 * The right area's tabs, "Chat", "Well editor" and "Results" (WAI-ARIA tabs: arrows move between them).
 * Selecting wells on the plate switches to the editor.
 */
import { useEffect, useId, type KeyboardEvent, type ReactNode } from 'react';
import { subscribeKey } from 'valtio/utils';
import { useSnapshot } from 'valtio';
import { designer, type DesignerTab } from '../../state/designer-store';
import { plateSelection } from '../../state/selection-store';

const TABS: [DesignerTab, string][] = [
  ['chat', 'Chat'],
  ['editor', 'Well editor'],
  ['results', 'Results'],
];

export interface RightTabsProps {
  chat: ReactNode;
  editor: ReactNode;
  results?: ReactNode;
}

/** Switches to the editor whenever the selection becomes a non-empty new one. */
function useEditorOnSelect(): void {
  useEffect(
    () =>
      subscribeKey(plateSelection, 'selection', (selection) => {
        if (!selection.isEmpty && designer.tab !== 'editor') designer.tab = 'editor';
      }),
    [],
  );
}

export function RightTabs({ chat, editor, results }: RightTabsProps) {
  const { tab } = useSnapshot(designer);
  const base = useId();
  useEditorOnSelect();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' ? 1 : TABS.length - 1;
    const next = TABS[(TABS.findIndex(([t]) => t === tab) + step) % TABS.length][0];
    designer.tab = next;
    document.getElementById(`${base}-tab-${next}`)?.focus();
  };

  return (
    <div className="right-tabs">
      <div
        className="right-tabs__list"
        role="tablist"
        aria-label="Side panels"
        onKeyDown={onKeyDown}
      >
        {TABS.map(([id, label]) => (
          <button
            key={id}
            id={`${base}-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`${base}-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="right-tabs__tab"
            onClick={() => {
              designer.tab = id;
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {TABS.map(([id]) => (
        <div
          key={id}
          id={`${base}-panel-${id}`}
          role="tabpanel"
          aria-labelledby={`${base}-tab-${id}`}
          className="right-tabs__panel"
          hidden={tab !== id}
        >
          {id === 'chat' ? chat : id === 'editor' ? editor : results}
        </div>
      ))}
    </div>
  );
}
