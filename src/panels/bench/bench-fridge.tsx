/**
 * The Bench fridge slot of the designer: loads the bench of the experiment, shows the panel
 * and owns its dialogs (picker, custom reagent form, reagent details). The picker's open
 * state may be held outside (the designer store's `pickerOpen`, set by onboarding).
 */
import { useEffect, useState } from 'react';
import { loadBench } from '../../state/bench-actions';
import { bench } from '../../state/bench-store';
import { CustomReagentDialog } from '../dialogs/custom-reagent-dialog';
import { ReagentDetailsDialog } from '../dialogs/reagent-details-dialog';
import { ReagentPickerDialog } from '../dialogs/reagent-picker-dialog';
import { BenchFridgePanel } from './bench-fridge-panel';

export interface BenchFridgeProps {
  experimentId: number;
  /** The experiment's default vehicle (default_vehicle_slug), when already known. */
  vehicleSlug?: string | null;
  /** Controlled picker state (designer.pickerOpen); internal when omitted. */
  pickerOpen?: boolean;
  onPickerOpenChange?(open: boolean): void;
}

/** Panel + dialogs; mount once per designer. */
export function BenchFridge({
  experimentId,
  vehicleSlug,
  pickerOpen,
  onPickerOpenChange,
}: BenchFridgeProps) {
  const [ownPicker, setOwnPicker] = useState(false);
  const [customOpen, setCustomOpen] = useState(false);
  const [details, setDetails] = useState<string | null>(null);
  const picker = pickerOpen ?? ownPicker;
  const setPicker = (open: boolean) => {
    setOwnPicker(open);
    onPickerOpenChange?.(open);
  };

  useEffect(() => {
    // A bench already loaded for this experiment (e.g. by a snapshot revert) is kept.
    if (bench.experimentId !== experimentId || bench.status === 'error') {
      void loadBench(experimentId, vehicleSlug);
    }
    // vehicleSlug is read once per experiment: later changes come through the bench store.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [experimentId]);

  return (
    <>
      <BenchFridgePanel onAdd={() => setPicker(true)} onOpenReagent={setDetails} />
      <ReagentPickerDialog
        open={picker}
        experimentId={experimentId}
        onClose={() => setPicker(false)}
        onCustom={() => setCustomOpen(true)}
      />
      <CustomReagentDialog
        open={customOpen}
        experimentId={experimentId}
        onClose={() => setCustomOpen(false)}
      />
      <ReagentDetailsDialog slug={details} onClose={() => setDetails(null)} />
    </>
  );
}
