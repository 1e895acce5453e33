// The open screening tool's dialog, and the single-key shortcuts that open them.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { isTextTarget } from '../designer/designer-keys';
import { openTool, toolState, type Tool } from '../../state/tool-actions';
import { ControlsForm } from './controls-form';
import { ImportForm } from './import-form';
import { EdgesForm, RandomiseForm, TemplateForm } from './layout-forms';
import { ReformatForm } from './reformat-form';
import { SeriesForm } from './series-form';
import { toolOfKey } from './tool-keys';
import './tools.css';

const FORMS: Record<Tool, () => React.JSX.Element> = {
  series: SeriesForm,
  controls: ControlsForm,
  template: TemplateForm,
  randomise: RandomiseForm,
  edges: EdgesForm,
  reformat: ReformatForm,
  import: ImportForm,
};

/** Opens a tool on its key while the designer is shown (not while typing or in a dialog). */
export function useToolKeys(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const tool = toolOfKey(event);
      if (!tool || isTextTarget(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      openTool(tool);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

export function ToolPanel() {
  const { open } = useSnapshot(toolState);
  if (!open) return null;
  const Form = FORMS[open];
  return <Form key={open} />;
}
