/** What the interpreter read from one clause of a request. */
import type { ReagentMention } from '../reagent-match';
import type { ParsedRanges } from '../../../domain/plate/well-set-ranges';
import type { Concentration, Volume } from '../../../domain/quantities';

/** Everything read from one clause. */
export interface ClauseFacts {
  text: string;
  /** the text with reagent names, quotes and wells blanked, for verbs */
  rest: string;
  reagents: readonly ReagentMention[];
  ranges: ParsedRanges;
  concs: Concentration[];
  volumes: Volume[];
  quoted: string | undefined;
}
