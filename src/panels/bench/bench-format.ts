/** How a bench reagent's stock and constraints read in the panel (formats from the domain). */
import type { BenchReagent } from '../../api/bench';
import { formatConcentration, formatVolume } from '../../domain/accuracy';
import { UNIT_LABELS, isMolarUnit, parseConcentrationUnit, toNanomolar } from '../../domain/units';

/** "10.0 mM", "100 %", or "—" when the stock is unknown. */
export function benchStockLabel(
  r: Pick<BenchReagent, 'stock_uM' | 'concentration_units' | 'default_concentration_value'>,
): string {
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
