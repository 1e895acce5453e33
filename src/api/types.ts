/** Shapes of the REST API as the client reads them (shared API conventions). */
import type { PlateType } from '../domain/schemas/experiment';

export type { Experiment, PlateType } from '../domain/schemas/experiment';

/** Body of POST /api/experiments/. */
export interface ExperimentCreate {
  name: string;
  plate_type: PlateType;
  description?: string | null;
}

/** Body of PUT /api/experiments/{id}: only the fields to change. */
export interface ExperimentUpdate {
  name?: string;
  description?: string | null;
  plate_type?: PlateType;
}

/** A signed-in person, as Supabase and the developer login describe them. */
export interface AuthUser {
  id: string;
  email?: string;
  user_metadata: { name?: string; full_name?: string; [key: string]: unknown };
  app_metadata: Record<string, unknown>;
  aud: string;
  created_at: string;
}

/** GET /api/dev/status: `enabled` = available on this server, `dev` = this request is in developer mode. */
export interface DevStatus {
  enabled: boolean;
  dev: boolean;
}

/** POST /api/dev/login answer. */
export interface DevLoginResult extends DevStatus {
  user: AuthUser;
}

/** GET /api/client-config: the Supabase project the server was started with, if any. */
export interface ClientConfig {
  supabase_url: string | null;
  supabase_anon_key: string | null;
}

/** GET /api/experiments/{id}/text. */
export interface ExperimentText {
  text: string;
}
