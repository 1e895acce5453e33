/** How a bench reagent's stock and constraints read in the panel (formats from the domain). */
import type { BenchReagent } from '../../api/bench';
import { formatConcentration, formatVolume } from '../../domain/accuracy';
import { UNIT_LABELS, isMolarUnit, parseConcentrationUnit, toNanomolar } from '../../domain/units';
import {
  fromNanomolarAny,
  isMassStockUnit,
  parseAnyConcentrationUnit,
} from '../../domain/chemistry/concentration-units';

const MASS_LABELS = { 'ng/mL': 'ng/mL', 'ug/mL': 'µg/mL', 'mg/mL': 'mg/mL' } as const;

/**
 * "10.0 mM", "100 %", "1.50 mg/mL (10.0 µM)" for a mass stock made molar by its molecular
 * weight, "50 µg/mL" for one without, or "—" when the stock is unknown.
 */
export function benchStockLabel(
  r: Pick<BenchReagent, 'stock_uM' | 'concentration_units' | 'default_concentration_value'> &
    Partial<Pick<BenchReagent, 'molecular_weight_g_per_mol'>>,
): string {
  const mass = parseAnyConcentrationUnit(r.concentration_units ?? '');
  if (isMassStockUnit(mass)) {
    // the stock is kept canonically (nM, else ng/mL) and shown in the unit it was given in
    const nM = r.stock_uM == null ? Number.NaN : toNanomolar(r.stock_uM, 'uM');
    const value = Number.isFinite(nM)
      ? fromNanomolarAny(nM, mass, r.molecular_weight_g_per_mol)
      : (r.default_concentration_value ?? Number.NaN);
    if (Number.isFinite(value)) {
      const shown = `${Number(value.toPrecision(3))} ${MASS_LABELS[mass]}`;
      return Number.isFinite(nM) ? `${shown} (${formatConcentration(nM)})` : shown;
    }
  }
  const unit = parseConcentrationUnit(r.concentration_units ?? '');
  if (unit === '%' && r.default_concentration_value != null) {
    return `${r.default_concentration_value} ${UNIT_LABELS['%']}`;
  }
  if (r.stock_uM != null) return formatConcentration(toNanomolar(r.stock_uM, 'uM'));
  if (unit && isMolarUnit(unit) && r.default_concentration_value != null) {
    return formatConcentration(toNanomolar(r.default_concentration_value, unit));
  }
  return '—';
}

/** "max 0.1 % · min 0.50 µL", empty when the reagent has no constraints. */
export function constraintsLabel(
  r: Pick<BenchReagent, 'max_concentration_percent' | 'min_transfer_ul'>,
): string {
  const parts: string[] = [];
  if (r.max_concentration_percent != null) parts.push(`max ${r.max_concentration_percent} %`);
  if (r.min_transfer_ul != null) parts.push(`min ${formatVolume(r.min_transfer_ul)}`);
  return parts.join(' · ');
}
