/**
 * The recent-snapshots menu: the latest 5 snapshots (newest first), each reverts the plate
 * and the bench to it; "No snapshots yet" before the first; a note on what a snapshot holds.
 */
import { useSnapshot } from 'valtio';
import { Menu, MenuItem } from '../ui/menu';
import { formatRelativeShort } from '../../domain/relative-time';
import { RECENT_SNAPSHOTS, designer, snapshotVersions } from '../../state/designer-store';
import { revertSnapshot } from '../../state/snapshot-actions';

export const SNAPSHOTS_NOTE = 'Snapshots capture the plate layout and the bench fridge contents.';

export function SnapshotsMenu() {
  const { snapshots, busy } = useSnapshot(designer);
  const recent = snapshotVersions(snapshots).slice(0, RECENT_SNAPSHOTS);
  return (
    <Menu
      label="Recent snapshots"
      button={<span>Snapshots ▾</span>}
      buttonClassName="btn btn--sm"
      disabled={busy !== null}
    >
      {(close) => (
        <>
          {recent.length === 0 && (
            <p className="menu__note" data-testid="no-snapshots">
              No snapshots yet
            </p>
          )}
          {recent.map((v) => (
            <MenuItem
              key={v.id}
              title={`Revert to ${v.label ?? `version ${v.version}`}`}
              onSelect={() => {
                close();
                void revertSnapshot(v.id);
              }}
            >
              <span className="snapshot-item">
                <span className="snapshot-item__label">{v.label ?? `Version ${v.version}`}</span>
                <span className="snapshot-item__time">
                  {formatRelativeShort(v.created_at, Date.now())}
                </span>
              </span>
            </MenuItem>
          ))}
          <p className="menu__note menu__note--muted">{SNAPSHOTS_NOTE}</p>
        </>
      )}
    </Menu>
  );
}
