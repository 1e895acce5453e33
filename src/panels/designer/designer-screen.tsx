/**
 * The plate designer once its experiment is loaded: top bar, banners and the work area, with
 * the live parts (event stream, shortcuts) running while it is shown. Slots take the panels
 * built elsewhere (the plate, the chat).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { designer } from '../../state/designer-store';
import { connectDesigner } from '../../state/designer-load';
import { BenchFridge } from '../bench/bench-fridge';
import { ReportIssueDialog } from '../dialogs/report-issue-dialog';
import { ToolPanel, useToolKeys } from '../tools/tool-panel';
import { WellEditorPanel } from '../well-editor/well-editor-panel';
import { ChatSlot } from './chat-slot';
import { DesignerBanners } from './designer-banners';
import { useDesignerKeys } from './designer-keys';
import { DesignerLayout } from './designer-layout';
import { DesignerTopBar } from './designer-top-bar';
import './designer.css';

/** The onboarding value of ?onboard= that opens the reagent picker (spec section 2). */
export const ONBOARD_ADD_REAGENTS = 'add-reagents';

export interface DesignerScreenProps {
  experimentId: number;
  /** The plate panel (canvas, subsection picker, legend). */
  plate?: ReactNode;
  /** The assistant's panel; a placeholder when absent. */
  chat?: ReactNode;
  /** The signed-in user's menu in the top bar. */
  userMenu?: ReactNode;
}

/**
 * Opens the picker once when the designer opens with ?onboard=add-reagents. The parameter
 * stays in the address (it is where a new experiment lands), so a reload offers it again.
 */
function useOnboarding(): void {
  const [params] = useSearchParams();
  const onboard = params.get('onboard') === ONBOARD_ADD_REAGENTS;
  useEffect(() => {
    if (onboard) designer.pickerOpen = true;
  }, [onboard]);
}

export function DesignerScreen({ experimentId, plate, chat, userMenu }: DesignerScreenProps) {
  const { pickerOpen, experiment } = useSnapshot(designer);
  const [reporting, setReporting] = useState(false);
  useEffect(() => connectDesigner(experimentId), [experimentId]);
  useDesignerKeys();
  useToolKeys();
  useOnboarding();

  return (
    <>
      <DesignerTopBar onReportIssue={() => setReporting(true)} userMenu={userMenu} />
      <DesignerBanners />
      <DesignerLayout
        experimentId={experimentId}
        plate={plate ?? <p className="designer__placeholder">The plate view loads here.</p>}
        chat={<ChatSlot>{chat}</ChatSlot>}
        editor={<WellEditorPanel />}
        bench={
          <BenchFridge
            experimentId={experimentId}
            vehicleSlug={experiment?.default_vehicle_slug ?? null}
            pickerOpen={pickerOpen}
            onPickerOpenChange={(open) => {
              designer.pickerOpen = open;
            }}
          />
        }
      />
      <ToolPanel />
      <ReportIssueDialog
        open={reporting}
        onClose={() => setReporting(false)}
        experimentId={experimentId}
      />
    </>
  );
}
