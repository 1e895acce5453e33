// Adds listed reagent names (or catalog ids) to the bench from the catalog: each name is
// looked up (same slug, name or alias, any case), those found and not yet on the bench are
// added in the picker's order (a vehicle first), and every name is accounted for in the
// outcome: added, already there, not found, or refused with the reason.
import { searchCatalog, type CatalogReagent } from '../../api/reagents';
import { planReagentCreate } from '../../domain/reagent-validation';
import { addReagent, requestErrorMessage } from '../../state/bench-actions';
import { bench } from '../../state/bench-store';
import { addOrder, catalogMatch, catalogReagentInput, isOnBench } from './picker-rules';

export interface ListedOutcome {
  added: string[];
  already: string[];
  unknown: string[];
  failed: { name: string; why: string }[];
  /** Listed name -> the catalog's name, for every name found (added or already there). */
  catalogNames: Map<string, string>;
}

export interface AddListedOptions {
  experimentId: number | null;
  search?: typeof searchCatalog;
  add?: typeof addReagent;
  /** A line of progress ("Looking up 3 of 16…"). */
  onProgress?: (text: string) => void;
}

export async function addListedToBench(
  names: readonly string[],
  { experimentId, search = searchCatalog, add = addReagent, onProgress }: AddListedOptions,
): Promise<ListedOutcome> {
  const result: ListedOutcome = {
    added: [],
    already: [],
    unknown: [],
    failed: [],
    catalogNames: new Map(),
  };
  const found: { name: string; match: CatalogReagent }[] = [];
  for (const [i, name] of names.entries()) {
    onProgress?.(`Looking up ${i + 1} of ${names.length}…`);
    try {
      const match = catalogMatch(name, await search({ q: name, limit: 20 }));
      if (match) result.catalogNames.set(name, match.name);
      if (!match) result.unknown.push(name);
      else if (isOnBench(match, bench.reagents)) result.already.push(name);
      else found.push({ name, match });
    } catch (err) {
      result.failed.push({ name, why: requestErrorMessage(err) });
    }
  }
  const order = addOrder(found.map((f) => f.match));
  for (const [i, match] of order.entries()) {
    onProgress?.(`Adding ${i + 1} of ${order.length}…`);
    const name = found.find((f) => f.match === match)?.name ?? match.name;
    const plan = planReagentCreate(catalogReagentInput(match), { experimentId });
    try {
      if (!plan.ok) throw new Error(plan.errors.map((e) => e.message).join('; '));
      await add(plan.payload);
      result.added.push(name);
    } catch (err) {
      result.failed.push({ name, why: requestErrorMessage(err) });
    }
  }
  onProgress?.('');
  return result;
}
