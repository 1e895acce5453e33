// POST /api/experiments/{id}/chat: {message, thread_id, create_new_thread=false}.
import { z } from 'zod';
import { LIMITS } from '../limits';

/** The wells selected in the designer, sent with a message for "the selection". */
export const selectionSchema = z
  .array(z.string({ error: 'must be a well id' }).max(8, 'must be a well id such as B12'), {
    error: 'must be a list of well ids',
  })
  .max(LIMITS.wells, `must hold at most ${LIMITS.wells} wells`)
  .optional();

/** A chat request; blank messages are refused (the client never sends them). */
export const chatRequestSchema = z.object({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(LIMITS.message, `must be at most ${LIMITS.message} characters`),
  thread_id: z
    .string({ error: 'must be text' })
    .trim()
    .max(LIMITS.shortText, `must be at most ${LIMITS.shortText} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  create_new_thread: z.boolean({ error: 'must be true or false' }).default(false),
  selection: selectionSchema,
  /**
   * How a changed plate comes back: "full" (plate_v2, the whole PlateState, as the spec
   * says) or "changes" (plate_changes: the wire wells that changed since the version the
   * turn read, as GET /plate?since= answers; plate_v2 is then null). The designer asks
   * for changes: a 1536-well state is about a megabyte.
   */
  plate: z.enum(['full', 'changes'], { error: 'must be "full" or "changes"' }).default('full'),
});
