// Zod errors as the API's 400 body lists them: {"path": "wells.C5.targets.dmso.volume_uL", ...}.
import type { z } from 'zod';

/** One problem of a refused body. */
export interface PayloadIssue {
  path: string;
  message: string;
}

/** The issues of a zod error with dotted paths ("" for the body itself). */
export function payloadIssues(error: z.ZodError): PayloadIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}
