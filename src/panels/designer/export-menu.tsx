/**
 * The export menu: CSV, Excel, the acoustic transfer list and the dispense plan's picklist,
 * fill sheet, bulk sheet and worklist, downloaded with the session.
 */
import { downloadExport, type ExportKind } from '../../api/exports';
import { Menu, MenuItem } from '../ui/menu';
import { flushSaves } from '../../state/designer-document';

const ITEMS: [ExportKind, string][] = [
  ['csv', 'Download as CSV'],
  ['excel', 'Download as Excel'],
  ['transfer-list', 'Download transfer list'],
  ['picklist', 'Download picklist'],
  ['fill-sheet', 'Download source fill sheet'],
  ['bulk-sheet', 'Download bulk sheet'],
  ['worklist', 'Download pipetting worklist'],
  ['unmet', 'Download unmet wells'],
];

export function ExportMenu({ experimentId }: { experimentId: number }) {
  const run = async (kind: ExportKind) => {
    // The export reads the saved plate: send waiting edits first.
    await flushSaves();
    await downloadExport(experimentId, kind);
  };
  return (
    <Menu label="Export" button={<span>Export ▾</span>} buttonClassName="btn btn--sm">
      {(close) =>
        ITEMS.map(([kind, label]) => (
          <MenuItem
            key={kind}
            onSelect={() => {
              close();
              void run(kind);
            }}
          >
            {label}
          </MenuItem>
        ))
      }
    </Menu>
  );
}
