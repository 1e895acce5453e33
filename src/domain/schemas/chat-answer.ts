// What POST /api/experiments/{id}/chat and POST .../threads/{tid}/resume answer. The server
// declares it on both routes (the OpenAPI document shows it) and the client reads its wire
// type from it.
import { z } from 'zod';
import { plateChangesSchema, plateStateSchema } from './plate-answer';
import { chatMessageSchema } from './thread';

/** A protocol operation (spec section 3, the ProtocolOp of plate-wire.ts). */
export const protocolOpSchema = z.object({
  op: z.enum(['add', 'annotate']),
  sel: z.string().describe('a well id, or "OFF" for work done off the plate'),
  label: z.string().optional(),
  notes: z.string().optional(),
  reagent: z.string().optional(),
  volume_uL: z.number().optional(),
});

/** One turn of the assistant: its messages and, when it changed the plate, the new plate. */
export const chatAnswerSchema = z.object({
  messages: z.array(chatMessageSchema),
  thread_id: z.string(),
  plate_v2: plateStateSchema
    .nullable()
    .describe('The plate state after the turn, when it changed the plate'),
  version_id: z.number().int().nullable(),
  protocol_ops: z.array(protocolOpSchema),
  plate_changes: plateChangesSchema
    .optional()
    .describe(
      'Asked for with plate: "changes": the wells the turn changed, as GET /plate?since= answers',
    ),
});

export type ChatResponse = z.output<typeof chatAnswerSchema>;
