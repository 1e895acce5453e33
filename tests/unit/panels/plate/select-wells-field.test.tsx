// @vitest-environment happy-dom
// "Select wells" by typing: the plate bar's field reads a phrase with the domain's well-set
// grammar and selects what it names; a phrase with two readings offers both; one it cannot
// read says why and selects nothing.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WireWells } from '../../../../src/domain/plate-wire';
import { SelectWellsField } from '../../../../src/panels/plate/select-wells-field';
import {
  createSelectionStore,
  selectedWellIds,
  type SelectionStore,
} from '../../../../src/state/selection-store';

afterEach(cleanup);

const WELLS: WireWells = {
  A1: { targets: { stauro: { target_nM: 1000, volume_uL: 0.1 } }, tags: ['POS'] },
  B1: { targets: { stauro: { target_nM: 1000, volume_uL: 0.1 } }, tags: ['POS'] },
  C1: { targets: { dmso: { target_nM: null, volume_uL: 0.1 } }, tags: ['NEG'] },
};

function typeAndEnter(store: SelectionStore, text: string) {
  render(
    <SelectWellsField
      format={96}
      wells={WELLS}
      names={{ stauro: 'Staurosporine', dmso: 'DMSO' }}
      store={store}
    />,
  );
  const field = screen.getByLabelText('Select wells by name');
  fireEvent.change(field, { target: { value: text } });
  fireEvent.submit(field.closest('form')!);
}

describe('SelectWellsField', () => {
  it('selects the block of rows by columns, not their union', () => {
    const store = createSelectionStore(96);
    typeAndEnter(store, 'rows C-D in columns 5-6');
    expect(selectedWellIds(store.selection, 96)).toEqual(['C5', 'C6', 'D5', 'D6']);
    expect(screen.getByRole('status').textContent).toMatch(/^Selected 4 wells: /);
  });

  it('reads the plate: a reagent by its name, less a tag', () => {
    const store = createSelectionStore(96);
    typeAndEnter(store, 'column 1 except wells tagged NEG');
    expect(selectedWellIds(store.selection, 96).slice(0, 3)).toEqual(['A1', 'B1', 'D1']);
    cleanup();
    const again = createSelectionStore(96);
    typeAndEnter(again, 'the staurosporine wells');
    expect(selectedWellIds(again.selection, 96)).toEqual(['A1', 'B1']);
  });

  it('offers both readings of an ambiguous phrase and selects the one chosen', () => {
    const store = createSelectionStore(96);
    typeAndEnter(store, 'A1-B3');
    expect(store.selection.isEmpty).toBe(true);
    const choices = screen.getAllByRole('button');
    expect(choices).toHaveLength(2);
    fireEvent.click(choices.find((b) => (b.textContent ?? '').endsWith('(6)'))!);
    expect(selectedWellIds(store.selection, 96)).toHaveLength(6);
  });

  it('says why a phrase cannot be read and selects nothing', () => {
    const store = createSelectionStore(96);
    typeAndEnter(store, 'rows Q-Z');
    expect(store.selection.isEmpty).toBe(true);
    expect(screen.getByRole('alert').textContent).toMatch(/Try e\.g\./);
  });
});
