/**
 * Example requests offered in an empty conversation (they fill the input). They fit the
 * plate's size and name a compound of the bench when there is one.
 */
import { plateDefn, type PlateFormat } from '../../domain/plate-format';
import { rowLetter } from '../../domain/well-id';

/** What the suggestions need of a bench reagent. */
export interface SuggestionReagent {
  name: string;
  reagent_type: string;
}

/** Four example requests for a plate of this format and this bench. */
export function chatSuggestions(
  format: PlateFormat,
  reagents: readonly SuggestionReagent[],
): string[] {
  const { rows, cols } = plateDefn(format);
  const compound = reagents.find((r) => r.reagent_type === 'chemical')?.name ?? 'staurosporine';
  const lastRows =
    rows >= 32 ? 'rows AA to AF' : `rows ${rowLetter(rows - 2)} to ${rowLetter(rows - 1)}`;
  return [
    `add 10 uM ${compound} to column ${cols - 1}`,
    `clear ${lastRows}`,
    'what is in B3',
    'which wells are unmet',
  ];
}
