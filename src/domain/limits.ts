/** Size limits of API payloads, so oversized bodies fail validation with a clear message. */
export const LIMITS = {
  /** names, slugs, labels, samples, tags, solvents */
  shortText: 200,
  /** descriptions, supplements, summaries */
  longText: 2000,
  /** a chat message */
  message: 4000,
  /** an issue report description */
  report: 5000,
  /** tags on one well */
  tagsPerWell: 32,
  /** reagents in one well */
  targetsPerWell: 64,
  /** wells of the largest plate */
  wells: 1536,
  /** 1 L: nothing on a plate holds more */
  volumeUL: 1_000_000,
  /** a well's target in nM (1e15 nM is 1e6 M: far above any solubility), on every write path */
  targetNM: 1e15,
} as const;
