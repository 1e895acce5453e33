import { describe, expect, it } from 'vitest';
import {
  MAX_PERCENT_MESSAGE,
  MIN_TRANSFER_MESSAGE,
  constraintDraft,
  planConstraints,
} from '../../../src/panels/dialogs/constraints-form';

const reagent = { max_concentration_percent: 0.1, min_transfer_ul: null };

describe('planConstraints (only changed fields are sent)', () => {
  it('sends nothing when nothing changed', () => {
    expect(planConstraints(reagent, constraintDraft(reagent))).toEqual({ changes: {}, errors: {} });
  });
  it('sends only the changed max concentration', () => {
    expect(planConstraints(reagent, { maxPercent: '0.5', minTransfer: '' }).changes).toEqual({
      max_concentration_percent: 0.5,
    });
  });
  it('sends only the changed min transfer volume', () => {
    expect(planConstraints(reagent, { maxPercent: '0.1', minTransfer: '0.5' }).changes).toEqual({
      min_transfer_ul: 0.5,
    });
  });
  it('empty max concentration means no limit (null)', () => {
    expect(planConstraints(reagent, { maxPercent: '', minTransfer: '' }).changes).toEqual({
      max_concentration_percent: null,
    });
  });
  it('refuses values outside 0–100 % and below 0 µL', () => {
    expect(planConstraints(reagent, { maxPercent: '101', minTransfer: '-1' }).errors).toEqual({
      maxPercent: MAX_PERCENT_MESSAGE,
      minTransfer: MIN_TRANSFER_MESSAGE,
    });
    expect(planConstraints(reagent, { maxPercent: '100', minTransfer: '0' }).errors).toEqual({});
  });
});
