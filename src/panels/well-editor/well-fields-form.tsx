/**
 * Label, sample name and tags of the selected wells, and one-click roles (positive and
 * negative control, vehicle, reserved, sample) that set the role tags DOMAIN.md reads.
 * The fields start from what the wells share; a mixed value shows as a placeholder.
 */
import { useId, useState } from 'react';
import type { WireWells } from '../../domain/plate-wire';
import { plateDefn, type PlateFormat } from '../../domain/plate-format';
import { setFields } from '../../state/well-field-actions';
import { commonValue, parseTags } from '../../state/well-fields';

const ROLE_TAGS = ['POS', 'NEG', 'ZERO', 'DMSO', 'VEHICLE', 'RESERVED'];

const ROLES: readonly { label: string; tag: string | null }[] = [
  { label: 'Positive control', tag: 'POS' },
  { label: 'Negative control', tag: 'NEG' },
  { label: 'Vehicle', tag: 'ZERO' },
  { label: 'Reserved', tag: 'RESERVED' },
  { label: 'Sample', tag: null },
];

export interface WellFieldsFormProps {
  wells: WireWells;
  format: PlateFormat;
  indices: readonly number[];
}

export function WellFieldsForm({ wells, format, indices }: WellFieldsFormProps) {
  const defn = plateDefn(format);
  const shared = {
    label: commonValue(wells, defn, indices, (w) => w?.label ?? ''),
    sample: commonValue(wells, defn, indices, (w) => w?.sample ?? ''),
    tags: commonValue(wells, defn, indices, (w) => (w?.tags ?? []).join(', ')),
  };
  if (indices.length === 0) return null;
  // The fields start over from what the wells share whenever that changes.
  return <FieldsForm key={JSON.stringify(shared)} shared={shared} indices={indices} />;
}

function FieldsForm({
  shared,
  indices,
}: {
  shared: { label: string | null; sample: string | null; tags: string | null };
  indices: readonly number[];
}) {
  const id = useId();
  const { label, sample, tags } = shared;
  const [values, setValues] = useState({
    label: label ?? '',
    sample: sample ?? '',
    tags: tags ?? '',
  });
  const n = indices.length;

  return (
    <form
      className="well-editor__fields"
      aria-label="Label, sample and tags"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const next: Parameters<typeof setFields>[0] = {};
        // A mixed field left untouched keeps each well's own value.
        if (label !== null || values.label !== '') next.label = values.label.trim();
        if (sample !== null || values.sample !== '') next.sample = values.sample.trim();
        if (tags !== null || values.tags !== '') next.tags = parseTags(values.tags);
        setFields(next, indices);
      }}
    >
      <div className="well-editor__field-row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-label`}>
            Label
          </label>
          <input
            id={`${id}-label`}
            className="input"
            value={values.label}
            placeholder={label === null ? 'mixed' : ''}
            onChange={(e) => setValues({ ...values, label: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-sample`}>
            Sample
          </label>
          <input
            id={`${id}-sample`}
            className="input"
            value={values.sample}
            placeholder={sample === null ? 'mixed' : ''}
            onChange={(e) => setValues({ ...values, sample: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-tags`}>
            Tags
          </label>
          <input
            id={`${id}-tags`}
            className="input"
            value={values.tags}
            placeholder={tags === null ? 'mixed' : 'POS, NEG, ZERO, RESERVED…'}
            onChange={(e) => setValues({ ...values, tags: e.target.value })}
          />
        </div>
      </div>
      <div className="row">
        <button type="submit" className="btn">
          {`Set on ${n} well${n === 1 ? '' : 's'}`}
        </button>
      </div>
      <div className="row well-editor__roles" role="group" aria-label="Role of the selected wells">
        {ROLES.map((r) => (
          <button
            key={r.label}
            type="button"
            className="btn btn--sm"
            onClick={() =>
              setFields({ removeTags: ROLE_TAGS, addTags: r.tag ? [r.tag] : [] }, indices)
            }
          >
            {r.label}
          </button>
        ))}
      </div>
    </form>
  );
}
