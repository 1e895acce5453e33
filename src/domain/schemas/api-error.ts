// The API's error body (API.md "Errors"): {"detail"} always, "issues" naming each refused
// field on a validation failure. Routes declare it for their 400/404/409/410 answers.
import { z } from 'zod';

export const apiErrorSchema = z.looseObject({
  detail: z.string().describe('What went wrong and what to do'),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The error answers a route may give, each with the shared body. */
export function errorAnswers<
  const S extends readonly (400 | 401 | 403 | 404 | 409 | 410 | 413 | 415)[],
>(...statuses: S): { [K in S[number]]: typeof apiErrorSchema } {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}

/** The body of a POST that takes no fields (an empty object, or nothing). */
export const noFieldsSchema = z.object({}).describe('No fields: send no body, or {}');
