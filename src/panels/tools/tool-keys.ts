// The screening tools' dialogs and their single-key shortcuts (listed in the "?" sheet, the
// Tools menu and the toolbar above the plate).
import type { Tool } from '../../state/tool-actions';

// `label` is the toolbar's short word for the tool; `description` the menu's and the sheet's.
export const TOOL_KEYS: readonly {
  keys: string;
  tool: Tool;
  label: string;
  description: string;
}[] = [
  { keys: 'd', tool: 'series', label: 'Series', description: 'Dose-response series…' },
  { keys: 'k', tool: 'controls', label: 'Controls', description: 'Controls…' },
  { keys: 't', tool: 'template', label: 'Template', description: 'Template from the selection…' },
  { keys: 'r', tool: 'randomise', label: 'Randomise', description: 'Randomise the layout…' },
  { keys: 'e', tool: 'edges', label: 'Edges', description: 'Edge avoidance…' },
  { keys: 'q', tool: 'reformat', label: 'Reformat', description: 'Quadrant reformat…' },
  { keys: 'i', tool: 'import', label: 'Import', description: 'Import a plate map…' },
];

export const TOOL_TITLES: Record<Tool, string> = {
  series: 'Dose-response series',
  controls: 'Controls',
  template: 'Template',
  randomise: 'Randomise',
  edges: 'Edge avoidance',
  reformat: 'Quadrant reformat',
  import: 'Import a plate map',
};

/** The tool of a plain key press, or null. */
export function toolOfKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): Tool | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  return TOOL_KEYS.find((k) => k.keys === event.key.toLowerCase())?.tool ?? null;
}
