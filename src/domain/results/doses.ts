/**
 * What the layout says each well is for the results: its role (from the control tags POS,
 * NEG, ZERO), its compound (the series name of a SERIES:<name>:<k> tag, else the well's one
 * reagent with a concentration) and that compound's concentration.
 *
 * The concentration is the dispensed one (the plate state's prediction, made from the
 * volumes the dispense plan delivers), or the target where there is no prediction. A
 * transfer log's actual concentrations, when given, come first: this function is the one
 * place the fits take their doses from.
 */
import type { PlateState, StateWell } from '../plate-state';

export type WellRole = 'pos' | 'neg' | 'blank' | 'sample' | 'empty';

export interface WellDose {
  role: WellRole;
  compound: string | null;
  /** nM; null when the compound has no molar concentration */
  nM: number | null;
}

/** Actual concentrations per well and reagent slug, nM (from a transfer log). */
export type ActualConcentrations = Record<string, Record<string, number>>;

/** The control role a well's tags give it (POS, NEG, ZERO), if any. */
export function roleOf(tags: readonly string[]): WellRole | undefined {
  if (tags.includes('POS')) return 'pos';
  if (tags.includes('NEG')) return 'neg';
  if (tags.includes('ZERO')) return 'blank';
  return undefined;
}

function seriesName(tags: readonly string[]): string | undefined {
  for (const tag of tags) {
    const m = /^SERIES:(.+):\d+$/.exec(tag);
    if (m) return m[1];
  }
  return undefined;
}

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The reagent of a well that the compound names, else its one reagent with a concentration. */
function compoundSlug(well: StateWell, name: string | undefined): string | undefined {
  const withTarget = Object.keys(well.targets).filter((s) => well.targets[s].target_nM !== null);
  if (name !== undefined) {
    const slug = slugOf(name);
    const named = withTarget.find((s) => s === slug || slugOf(s) === slug);
    if (named) return named;
  }
  return withTarget.length === 1 ? withTarget[0] : undefined;
}

/** Role, compound and concentration of every filled well of the plate, by well id. */
export function wellDoses(
  plate: Pick<PlateState, 'wells'>,
  actual?: ActualConcentrations,
): Map<string, WellDose> {
  const out = new Map<string, WellDose>();
  for (const [id, well] of Object.entries(plate.wells)) {
    const tags = well.tags ?? [];
    const role = roleOf(tags);
    const series = seriesName(tags);
    const slug = compoundSlug(well, series);
    if (role) {
      out.set(id, { role, compound: slug ?? null, nM: null });
      continue;
    }
    if (!slug) {
      out.set(id, {
        role: Object.keys(well.targets).length > 0 ? 'sample' : 'empty',
        compound: series ?? null,
        nM: null,
      });
      continue;
    }
    const nM =
      actual?.[id]?.[slug] ?? well.predicted?.[slug]?.nM ?? well.targets[slug].target_nM ?? null;
    out.set(id, { role: 'sample', compound: series ?? slug, nM });
  }
  return out;
}
