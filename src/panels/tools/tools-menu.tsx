// Where the screening tools are found: a Tools menu in the top bar and a toolbar above the
// plate, each entry showing the single key that also opens it.
import { useSnapshot } from 'valtio';
import { Menu, MenuItem } from '../ui/menu';
import { openTool, toolState } from '../../state/tool-actions';
import { TOOL_KEYS } from './tool-keys';

/** The top bar's Tools menu: every tool by name, its key at the right. */
export function ToolsMenu() {
  return (
    <Menu label="Tools" button={<span>Tools ▾</span>} buttonClassName="btn btn--sm" align="start">
      {(close) =>
        TOOL_KEYS.map((k) => (
          <MenuItem
            key={k.tool}
            onSelect={() => {
              close();
              openTool(k.tool);
            }}
          >
            <span className="tools-menu__name">{k.description}</span>
            <kbd className="tools-menu__key">{k.keys.toUpperCase()}</kbd>
          </MenuItem>
        ))
      }
    </Menu>
  );
}

/** The toolbar above the plate: one button per tool, pressed while its dialog is open. */
export function ToolsToolbar() {
  const { open } = useSnapshot(toolState);
  return (
    <div className="tools-toolbar" role="toolbar" aria-label="Screening tools">
      {TOOL_KEYS.map((k) => (
        <button
          key={k.tool}
          type="button"
          className="btn btn--ghost btn--sm tools-toolbar__button"
          aria-pressed={open === k.tool}
          aria-keyshortcuts={k.keys}
          title={`${k.description.replace('…', '')} (${k.keys.toUpperCase()})`}
          onClick={() => openTool(k.tool)}
        >
          {k.label}
          <kbd className="tools-menu__key">{k.keys.toUpperCase()}</kbd>
        </button>
      ))}
    </div>
  );
}
