/**
 * Solvent load per solvent (DISPENSING.md "Screening practice", DOMAIN.md "Vehicle and
 * solvent load"): only organic solvents count (water and aqueous buffers are not solvents
 * here); each is held to its own limit, and a compound's stock brings its solvent whether
 * or not that solvent is on the bench.
 */

// Liquids that are water in all but name: a stock dissolved in them brings no solvent load.
const AQUEOUS =
  /^(water|h2o|ddh2o|dh2o|milli-?q|pbs|dpbs|saline|tris|hepes|buffer|media|medium|none|aqueous|nuclease-free water)\b/i;

/** Aliases people write for the same solvent, to one key. */
const ALIASES: Record<string, string> = {
  dimethylsulfoxide: 'dmso',
  'dimethyl sulfoxide': 'dmso',
  'dimethyl-sulfoxide': 'dmso',
  etoh: 'ethanol',
  meoh: 'methanol',
  ipa: 'isopropanol',
  '2-propanol': 'isopropanol',
  mecn: 'acetonitrile',
  'n,n-dimethylformamide': 'dmf',
};

/**
 * Default v/v limits (%) of solvents a stock may bring when the bench holds no reagent of
 * that solvent to read a limit from: the strict end of cell-assay tolerance. Data a user
 * overrides by putting the solvent on the bench with its own max_concentration_percent.
 */
export const DEFAULT_SOLVENT_LIMIT_PCT: Record<string, number> = {
  dmso: 0.5,
  ethanol: 0.5,
  methanol: 0.5,
  isopropanol: 0.5,
  acetonitrile: 0.5,
  dmf: 0.1,
};

/** Limit for an organic solvent not listed above, %. */
export const FALLBACK_SOLVENT_LIMIT_PCT = 0.5;

/** True for water and aqueous buffers (no solvent load). */
export function isAqueous(name: string | null | undefined): boolean {
  const s = (name ?? '').trim();
  return s === '' || AQUEOUS.test(s);
}

/**
 * The key of a solvent ("DMSO", "dimethyl sulfoxide", "dmso" -> "dmso"); null for water,
 * aqueous liquids and blanks. Also reads the slug or name of a solvent-type reagent
 * ("dmso-anhydrous" -> "dmso").
 */
export function solventKey(name: string | null | undefined): string | null {
  if (isAqueous(name)) return null;
  const s = (name ?? '').trim().toLowerCase();
  if (ALIASES[s]) return ALIASES[s];
  const word = s.split(/[\s,(_]+/)[0].replace(/-+$/, '');
  const head = word.split('-')[0];
  if (DEFAULT_SOLVENT_LIMIT_PCT[head] !== undefined) return head;
  return ALIASES[word] ?? word;
}

/** The default limit of a solvent key, %. */
export function defaultSolventLimitPct(key: string): number {
  return DEFAULT_SOLVENT_LIMIT_PCT[key] ?? FALLBACK_SOLVENT_LIMIT_PCT;
}
