// The screening tools' dialogs and their single-key shortcuts (listed in the "?" sheet).
import type { Tool } from '../../state/tool-actions';

export const TOOL_KEYS: readonly { keys: string; tool: Tool; description: string }[] = [
  { keys: 'd', tool: 'series', description: 'Dose-response series…' },
  { keys: 'k', tool: 'controls', description: 'Controls…' },
  { keys: 't', tool: 'template', description: 'Template from the selection…' },
  { keys: 'r', tool: 'randomise', description: 'Randomise the layout…' },
  { keys: 'e', tool: 'edges', description: 'Edge avoidance…' },
  { keys: 'q', tool: 'reformat', description: 'Quadrant reformat…' },
  { keys: 'i', tool: 'import', description: 'Import a plate map…' },
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
