// The keyboard shortcut sheet ("?"), rendered from the same tables the key handlers use.
import { PLATE_KEYBINDINGS, bindingLabel } from '../../plate-canvas/keybindings';
import { Modal } from '../dialogs/modal';

export interface ShortcutGroup {
  title: string;
  bindings: readonly { keys: string; description: string }[];
}

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

export function ShortcutSheet(props: {
  open: boolean;
  onClose(): void;
  /** More tables to list after the plate's (e.g. the designer's undo and paste). */
  extra?: readonly ShortcutGroup[];
}) {
  const mac = isMac();
  const groups: ShortcutGroup[] = [
    { title: 'Plate', bindings: PLATE_KEYBINDINGS },
    ...(props.extra ?? []),
  ];
  return (
    <Modal
      open={props.open}
      title="Keyboard shortcuts"
      onClose={props.onClose}
      testId="shortcut-sheet"
    >
      {groups.map((g) => (
        <section key={g.title} className="shortcut-sheet__group">
          <h3 className="shortcut-sheet__title">{g.title}</h3>
          <dl className="shortcut-sheet__list">
            {g.bindings.map((b) => (
              <div key={b.keys} className="shortcut-sheet__row">
                <dt>
                  {bindingLabel(b.keys, mac).map((cap, i) => (
                    <kbd key={i}>{cap}</kbd>
                  ))}
                </dt>
                <dd>{b.description}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p className="shortcut-sheet__note">
        Click a well to select it, Shift-click to add or remove it, drag across wells to select them
        (Shift adds, {mac ? '⌘' : 'Ctrl'} toggles), click a row letter or column number to select
        the row or column. Right-click a well for its details.
      </p>
    </Modal>
  );
}
