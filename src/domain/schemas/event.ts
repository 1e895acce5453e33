// The messages of an experiment's event stream (API.md "Events"): each `data:` line of
// GET /api/experiments/{id}/events is one of these, stamped with the experiment and time.
import { z } from 'zod';
import { wireWellsSchema } from './plate-answer';

const stamp = {
  experiment_id: z.number().int(),
  at: z.string().describe('ISO time of publication'),
};

/** The first message of every (re)connection: the plate version now (null without a plate). */
export const helloEventSchema = z.object({
  type: z.literal('hello'),
  ...stamp,
  version: z.number().int().nullable(),
});

/**
 * A committed plate write: the wells as decided now and those emptied, from base_version to
 * version. changed and removed are null when the change is too large for one event: read
 * GET /plate?since=<your version> then.
 */
export const plateChangedEventSchema = z.object({
  type: z.literal('plate_changed'),
  ...stamp,
  version: z.number().int(),
  base_version: z.number().int(),
  hash: z.string(),
  changed: wireWellsSchema.nullable(),
  removed: z.array(z.string()).nullable(),
});

/** The assistant thinking or done, or its stored state replaced (etag). */
export const agentActivityEventSchema = z.looseObject({
  type: z.literal('agent_activity'),
  ...stamp,
  status: z.enum(['thinking', 'done']).optional(),
  thread_id: z.string().optional(),
  etag: z.string().optional(),
});

/** A thread created, renamed, deleted or given messages. */
export const threadUpdatedEventSchema = z.object({
  type: z.literal('thread_updated'),
  ...stamp,
  thread_id: z.string(),
  change: z.enum(['created', 'updated', 'deleted', 'messages']),
});

export const experimentEventSchema = z.discriminatedUnion('type', [
  helloEventSchema,
  plateChangedEventSchema,
  agentActivityEventSchema,
  threadUpdatedEventSchema,
]);

export type ExperimentEvent = z.output<typeof experimentEventSchema>;
export type HelloEvent = z.output<typeof helloEventSchema>;
export type PlateChangedEvent = z.output<typeof plateChangedEventSchema>;
