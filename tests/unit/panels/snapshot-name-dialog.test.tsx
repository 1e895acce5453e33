// @vitest-environment happy-dom
// The name asked for by "Save snapshot".
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SNAPSHOT_NAME_REQUIRED,
  SnapshotNameDialog,
} from '../../../src/panels/dialogs/snapshot-name-dialog';

afterEach(cleanup);

function open() {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(<SnapshotNameDialog open defaultName="Snapshot 3" onSave={onSave} onClose={onClose} />);
  return { onSave, onClose, input: screen.getByLabelText('Snapshot name') as HTMLInputElement };
}

describe('SnapshotNameDialog', () => {
  it('offers "Snapshot <n>"; Enter in the field saves the name typed', () => {
    const { onSave, input } = open();
    expect(input.value).toBe('Snapshot 3');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: '  Before dosing ' } });
    fireEvent.submit(input.form!);
    expect(onSave).toHaveBeenCalledWith('Before dosing');
  });

  it('keeps the offered name when saved as is', () => {
    const { onSave } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Save snapshot', hidden: true }));
    expect(onSave).toHaveBeenCalledWith('Snapshot 3');
  });

  it('refuses a blank name and says so', () => {
    const { onSave, input } = open();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.form!);
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe(SNAPSHOT_NAME_REQUIRED);
  });

  it('Escape closes without saving', () => {
    const { onSave, onClose } = open();
    fireEvent(
      screen.getByTestId('snapshot-name-dialog'),
      new Event('cancel', { cancelable: true }),
    );
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
