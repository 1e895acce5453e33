// What the layout template routes answer (GET and POST /api/templates).
import { z } from 'zod';

/** A stored layout template. */
export const templateAnswerSchema = z.object({
  id: z.number(),
  name: z.string(),
  wells: z.array(z.unknown()).describe('Wells relative to the top-left of the template'),
  created_at: z.string(),
  updated_at: z.string(),
});

/** POST /api/templates: the template saved (or replaced by name). */
export const oneTemplateSchema = z.object({ template: templateAnswerSchema });

/** GET /api/templates: the user's templates. */
export const templateListSchema = z.object({ templates: z.array(templateAnswerSchema) });

export type TemplateList = z.output<typeof templateListSchema>;
export type OneTemplate = z.output<typeof oneTemplateSchema>;
