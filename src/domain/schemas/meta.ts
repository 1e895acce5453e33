// Small answers of the API that the server declares and the client reads: developer mode,
// the client configuration and an experiment's uploaded text.
import { z } from 'zod';

/** GET /api/dev/status: `enabled` = available on this server, `dev` = this request is in it. */
export const devStatusSchema = z.object({ enabled: z.boolean(), dev: z.boolean() });

/** POST /api/dev/login: the status and the developer user. */
export const devLoginAnswerSchema = devStatusSchema.extend({
  user: z
    .object({
      id: z.string(),
      email: z.string().nullable(),
      user_metadata: z.record(z.string(), z.unknown()),
      app_metadata: z.record(z.string(), z.unknown()),
      aud: z.string(),
      created_at: z.string().optional(),
      role: z.string().optional(),
    })
    .describe('The developer user'),
});

/** GET /api/client-config: the Supabase project the server was started with, if any. */
export const clientConfigSchema = z.object({
  supabase_url: z.string().nullable(),
  supabase_anon_key: z.string().nullable(),
});

/** GET /api/experiments/{id}/text: the last uploaded file. */
export const experimentTextSchema = z.object({
  text: z.string(),
  filename: z.string().nullable(),
});

export type DevStatus = z.output<typeof devStatusSchema>;
export type DevLoginResult = z.output<typeof devLoginAnswerSchema>;
export type ClientConfig = z.output<typeof clientConfigSchema>;
export type ExperimentText = z.output<typeof experimentTextSchema>;
