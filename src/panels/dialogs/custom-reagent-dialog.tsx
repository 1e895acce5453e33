/**
 * "Add reagent to bench fridge": the custom reagent form. Fields follow the type (spec
 * section 3), defaults the type (section 9), problems come from planReagentCreate with the
 * spec's messages, next to their field and in a summary. A refused request keeps every
 * value typed.
 */
import { useId, useState } from 'react';
import type { BenchReagent } from '../../api/bench';
import { errorMessage } from '../../api/api-error';
import { ErrorBox } from '../ui/error-box';
import { Spinner } from '../ui/spinner';
import {
  REAGENT_TYPES,
  REAGENT_TYPE_LABELS,
  type ReagentField,
  type ReagentType,
} from '../../domain/reagent-types';
import { CONCENTRATION_UNITS, UNIT_LABELS } from '../../domain/units';
import { MASS_STOCK_UNITS } from '../../domain/chemistry/concentration-units';
import { addReagent, requestErrorMessage, requestIssues } from '../../state/bench-actions';
import {
  changeType,
  fieldsOf,
  formFieldOf,
  initialValues,
  planCustomReagent,
  problemsByField,
  type CustomReagentValues,
} from './custom-reagent-form';
import { Modal } from './modal';

export const CUSTOM_REAGENT_TITLE = 'Add reagent to bench fridge';

export interface CustomReagentDialogProps {
  open: boolean;
  /** The experiment the bench belongs to; without one the form refuses (spec section 5). */
  experimentId: number | null;
  onClose(): void;
  onAdded?(reagent: BenchReagent): void;
  /** Add function; defaults to the bench action (10 s time-out). */
  add?: typeof addReagent;
}

type TextKey = Exclude<keyof CustomReagentValues, 'type' | 'salt'>;

const LABELS: Record<ReagentField, string> = {
  name: 'Name',
  solvent: 'Solvent',
  media: 'Media',
  stock_concentration: 'Stock concentration',
  molecular_weight_g_per_mol: 'Molecular weight (g/mol)',
  cells_per_ml: 'Cells per mL',
  ph: 'pH',
  ionic_strength: 'Ionic strength',
  purity_grade: 'Purity grade',
  max_concentration_percent: 'Max concentration %',
  supplements: 'Supplements',
  description: 'Description',
};

const VALUE_KEY: Record<ReagentField, TextKey> = {
  name: 'name',
  solvent: 'solvent',
  media: 'media',
  stock_concentration: 'stockValue',
  molecular_weight_g_per_mol: 'molecularWeight',
  cells_per_ml: 'cellsPerMl',
  ph: 'ph',
  ionic_strength: 'ionicValue',
  purity_grade: 'purityGrade',
  max_concentration_percent: 'maxPercent',
  supplements: 'supplements',
  description: 'description',
};

const NUMERIC = new Set<ReagentField>([
  'stock_concentration',
  'molecular_weight_g_per_mol',
  'cells_per_ml',
  'ph',
  'ionic_strength',
  'max_concentration_percent',
]);

/** The custom reagent dialog; its values survive closing until a reagent is added. */
export function CustomReagentDialog({
  open,
  experimentId,
  onClose,
  onAdded,
  add = addReagent,
}: CustomReagentDialogProps) {
  const [values, setValues] = useState<CustomReagentValues>(() => initialValues());
  const [problems, setProblems] = useState<Map<string, string> | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();

  const update = (next: CustomReagentValues) => {
    setValues(next);
    // Once shown, problems follow the values so a fixed field loses its message at once.
    if (problems) {
      const plan = planCustomReagent(next, experimentId);
      setProblems(plan.ok ? new Map() : problemsByField(plan.errors));
    }
  };

  const submit = async () => {
    const plan = planCustomReagent(values, experimentId);
    setServerError(null);
    if (!plan.ok) {
      setProblems(problemsByField(plan.errors));
      return;
    }
    setProblems(new Map());
    setBusy(true);
    try {
      const created = await add(plan.payload);
      setValues(initialValues(values.type));
      setProblems(null);
      onAdded?.(created);
      onClose();
    } catch (error) {
      const issues = requestIssues(error);
      const byField = new Map<string, string>();
      for (const [field, message] of Object.entries(issues))
        byField.set(formFieldOf(field), message);
      setProblems(byField);
      setServerError(requestErrorMessage(error) || errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const summary = problems ? [...problems.values()] : [];
  const fieldId = (f: string) => `${formId}-${f}`;
  const errorId = (f: string) => `${formId}-${f}-error`;

  const input = (field: ReagentField) => {
    const key = VALUE_KEY[field];
    const problem = problems?.get(field);
    const common = {
      id: fieldId(field),
      className: 'input',
      value: values[key],
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? errorId(field) : undefined,
      onChange: (e: { target: { value: string } }) => update({ ...values, [key]: e.target.value }),
    };
    if (field === 'description' || field === 'supplements') {
      return <textarea {...common} className="input textarea" rows={2} />;
    }
    return (
      <input
        {...common}
        type={NUMERIC.has(field) ? 'number' : 'text'}
        step="any"
        inputMode={NUMERIC.has(field) ? 'decimal' : undefined}
        autoFocus={field === 'name'}
      />
    );
  };

  const unitSelect = (field: 'stock_concentration' | 'ionic_strength') => {
    const key = field === 'stock_concentration' ? 'stockUnit' : 'ionicUnit';
    // a stock may be given in mass units too (a protein's 1.5 mg/mL), made molar by its
    // molecular weight when it has one
    const units: readonly string[] =
      field === 'stock_concentration' ? [...CONCENTRATION_UNITS, ...MASS_STOCK_UNITS] : ['M', 'mM'];
    return (
      <select
        className="input select panel-form__unit"
        aria-label={`${LABELS[field]} unit`}
        value={values[key]}
        onChange={(e) => update({ ...values, [key]: e.target.value })}
      >
        {units.map((u) => (
          <option key={u} value={u}>
            {UNIT_LABELS[u as keyof typeof UNIT_LABELS] ?? u.replace(/^u/, 'µ')}
          </option>
        ))}
      </select>
    );
  };

  return (
    <Modal
      open={open}
      title={CUSTOM_REAGENT_TITLE}
      onClose={onClose}
      busy={busy}
      testId="custom-reagent-dialog"
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy && <Spinner />}
            Add to bench
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="panel-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={fieldId('type')}>
            Type
          </label>
          <select
            id={fieldId('type')}
            className="input select"
            value={values.type}
            onChange={(e) => update(changeType(values, e.target.value as ReagentType))}
          >
            {REAGENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {REAGENT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        {fieldsOf(values).map((field) => {
          const problem = problems?.get(field);
          return (
            <div className="field" key={field}>
              <label className="field__label" htmlFor={fieldId(field)}>
                {LABELS[field]}
              </label>
              {field === 'stock_concentration' || field === 'ionic_strength' ? (
                <div className="row">
                  {input(field)}
                  {unitSelect(field)}
                </div>
              ) : (
                input(field)
              )}
              {problem && (
                <span id={errorId(field)} className="field__error">
                  {problem}
                </span>
              )}
            </div>
          );
        })}
        {values.type === 'compound' && (
          <label className="field field--check">
            <input
              type="checkbox"
              checked={values.salt}
              onChange={(e) => update({ ...values, salt: e.target.checked })}
            />
            A salt whose ions are not listed (its stock goes to its solubility, not the 1.0 M limit;
            a well holding it has an unknown ionic strength)
          </label>
        )}
        {summary.length > 0 && (
          <div className="panel-form__summary" role="alert" aria-label="Problems to fix">
            <ul>
              {summary.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        {serverError && <ErrorBox title="The reagent was not added" message={serverError} />}
      </form>
    </Modal>
  );
}
