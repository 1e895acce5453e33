/**
 * Before any data: the Z' the layout's controls can be expected to give, with its 95 %
 * interval, from the number of POS and NEG wells on the plate and an assay window the user
 * gives (each control's mean and CV, e.g. from a past run). Few controls show as a wide
 * interval.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { expectedZPrime } from '../../domain/results/expected-z-prime';
import { designer } from '../../state/designer-store';

const fixed = (x: number) => x.toFixed(2);

export function ExpectedZPrimeForm() {
  const { plate } = useSnapshot(designer);
  const nPos = plate?.indices.tags.POS?.length ?? 0;
  const nNeg = plate?.indices.tags.NEG?.length ?? 0;
  const [assay, setAssay] = useState({
    mean_pos: 100,
    cv_pos_pct: 10,
    mean_neg: 1000,
    cv_neg_pct: 10,
  });
  const field = (key: keyof typeof assay, label: string) => (
    <label>
      {label}{' '}
      <input
        type="number"
        step="any"
        value={assay[key]}
        onChange={(e) => setAssay({ ...assay, [key]: Number(e.target.value) })}
      />
    </label>
  );
  const expected = expectedZPrime(nPos, nNeg, assay);
  return (
    <fieldset className="results-panel__expected">
      <legend>Expected Z' of this layout</legend>
      {field('mean_pos', 'POS mean')}
      {field('cv_pos_pct', 'POS CV %')}
      {field('mean_neg', 'NEG mean')}
      {field('cv_neg_pct', 'NEG CV %')}
      <p data-testid="expected-z-prime">
        {expected.ok
          ? `With ${nPos} POS and ${nNeg} NEG wells: Z' ${fixed(expected.z_prime)} (95 %: ${fixed(expected.lower)} to ${fixed(expected.upper)})`
          : `${nPos} POS and ${nNeg} NEG wells: ${expected.message}`}
      </p>
    </fieldset>
  );
}
