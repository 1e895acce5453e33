/** One row of the list: name, #id, plate type, "Updated …", Open and the actions menu. */
import { Link } from 'react-router-dom';
import type { Experiment } from '../../api/types';
import { MoreIcon } from '../../panels/ui/icons';
import { Menu, MenuItem } from '../../panels/ui/menu';
import { Spinner } from '../../panels/ui/spinner';
import { plateTypeName } from '../../panels/designer/plate-type-options';
import { updatedLabel } from './updated-label';

export interface ExperimentRowProps {
  experiment: Experiment;
  deleting: boolean;
  now: Date;
  onDelete(experiment: Experiment): void;
}

export function ExperimentRow({ experiment, deleting, now, onDelete }: ExperimentRowProps) {
  const { id, name, plate_type } = experiment;
  const updated = updatedLabel(experiment.updated_at, now);
  const href = `/experiments/${id}`;
  return (
    <li className="exp-row" data-testid="experiment-row">
      <div className="exp-row__main">
        <Link to={href} className="exp-row__name" tabIndex={-1}>
          {name}
        </Link>
        <div className="exp-row__meta">
          <span className="exp-row__id">#{id}</span>
          <span className="tag">{plateTypeName(plate_type)}</span>
          <span title={updated.title}>{updated.text}</span>
        </div>
      </div>
      <div className="exp-row__actions">
        <Link to={href} className="btn btn--sm" aria-label={`Open ${name}`}>
          Open
        </Link>
        {deleting ? (
          <span className="exp-row__busy">
            <Spinner label={`Deleting ${name}`} />
          </span>
        ) : (
          <Menu label={`Actions for ${name}`} button={<MoreIcon />}>
            {(close) => (
              <>
                <MenuItem disabled title="Not available yet">
                  Rename
                </MenuItem>
                <MenuItem disabled title="Not available yet">
                  Duplicate
                </MenuItem>
                <MenuItem
                  danger
                  onSelect={() => {
                    close();
                    onDelete(experiment);
                  }}
                >
                  Delete
                </MenuItem>
              </>
            )}
          </Menu>
        )}
      </div>
    </li>
  );
}
