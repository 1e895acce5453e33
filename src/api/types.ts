/** Shapes of the REST API as the client reads them (shared API conventions). */
import type { z } from 'zod';
import type { experimentCreateSchema } from '../domain/schemas/experiment';

export type { Experiment, PlateType } from '../domain/schemas/experiment';

/** Body of POST /api/experiments/. */
export type ExperimentCreate = z.input<typeof experimentCreateSchema>;

/** A signed-in person, as Supabase and the developer login describe them. */
export interface AuthUser {
  id: string;
  email?: string;
  user_metadata: { name?: string; full_name?: string; [key: string]: unknown };
  app_metadata: Record<string, unknown>;
  aud: string;
  created_at: string;
}

export type {
  ClientConfig,
  DevLoginResult,
  DevStatus,
  ExperimentText,
} from '../domain/schemas/meta';
