// A tool refused for a solvent's budget names the rule behind it and offers the fix in place.
// The planner says "... more than the 5 nL of solvent the well may take"; the reason is a
// bench solvent's limit (DMSO at most 0.1 % v/v of a well): this says so, and raises that
// limit from here, after which the preview is planned again with the bench as it now is.
import { useId, useState } from 'react';
import { benchReagentInfo, type BenchReagent } from '../../api/bench';
import { solventOfReagent } from '../../domain/chemistry';
import { solventLimitPct } from '../../domain/dispensing/solvent-budget';
import { toDisplayType } from '../../domain/reagent-types';
import { updateConstraints } from '../../state/bench-actions';

interface SolventRule {
  /** The bench solvent whose limit applies (absent: the solvent's default limit). */
  solvent: BenchReagent | undefined;
  solventName: string;
  limitPct: number;
  budget: string | null;
}

/** The solvent rule behind a refusal about a reagent's solvent, or null for other refusals. */
function solventRuleOf(message: string, reagents: readonly BenchReagent[]): SolventRule | null {
  if (!/ of solvent\b/.test(message)) return null;
  // The refusal starts with the reagent's name: "Compound A at 1.11 µM: ...".
  const reagent = reagents.find((r) => message.startsWith(`${r.name} at `));
  if (!reagent) return null;
  const key = solventOfReagent(reagent.type || reagent.reagent_type, reagent.solvent, reagent.slug);
  if (!key) return null;
  const infos = reagents.map(benchReagentInfo);
  const limitPct = solventLimitPct(infos, key);
  const solvent = reagents.find(
    (r) =>
      toDisplayType(r.type || r.reagent_type) === 'solvent' &&
      r.max_concentration_percent === limitPct &&
      solventOfReagent(r.type || r.reagent_type, r.solvent, r.slug) === key,
  );
  return {
    solvent,
    solventName: solvent?.name ?? reagent.solvent ?? key,
    limitPct,
    budget: / ([\d.]+ [nµu]L) of solvent/.exec(message)?.[1] ?? null,
  };
}

export function SolventRuleFix({
  message,
  reagents,
}: {
  message: string;
  reagents: readonly BenchReagent[];
}) {
  const rule = solventRuleOf(message, reagents);
  const id = useId();
  const [value, setValue] = useState('1');
  const [state, setState] = useState<'idle' | 'saving' | 'failed'>('idle');
  if (!rule) return null;
  const { solvent, solventName, limitPct, budget } = rule;
  const next = Number(value);
  const raise = async () => {
    if (!solvent) return;
    setState('saving');
    const ok = await updateConstraints(solvent.slug, { max_concentration_percent: next });
    setState(ok ? 'idle' : 'failed');
  };
  return (
    <div className="tool-panel__rule" data-testid="solvent-rule">
      <p>
        {`The rule: ${solventName} may make up at most ${limitPct} % of a well's volume ` +
          `(${solvent ? 'its limit on the bench' : 'its usual limit'})` +
          (budget ? `, which leaves ${budget} of it a well.` : '.')}
      </p>
      {solvent ? (
        <p className="tool-panel__row">
          <label htmlFor={`${id}-limit`}>{`${solventName} limit (% v/v)`}</label>
          <input
            id={`${id}-limit`}
            className="input input--sm"
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <button
            type="button"
            className="btn btn--sm"
            disabled={!(next > limitPct && next <= 100) || state === 'saving'}
            onClick={() => void raise()}
          >
            {`Raise ${solventName}'s limit`}
          </button>
          {state === 'failed' && <span role="alert">The limit could not be saved.</span>}
        </p>
      ) : (
        <p>{`Add ${solventName} to the bench to set its limit for this experiment.`}</p>
      )}
    </div>
  );
}
