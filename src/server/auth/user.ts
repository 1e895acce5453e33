// The signed-in user as the API and the client see it (spec section 3, User).

/** A user taken from a verified token, or the developer user. */
export interface AuthUser {
  id: string;
  email: string | null;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  aud: string;
  created_at?: string;
  role?: string;
}

/** The fixed fake user of developer mode; its id is the owner_id of its experiments. */
export const DEVELOPER_USER: Readonly<AuthUser> = Object.freeze({
  id: 'developer',
  email: 'developer@localhost',
  user_metadata: { name: 'Developer', full_name: 'Developer' },
  app_metadata: {},
  aud: 'authenticated',
  created_at: '2024-01-01T00:00:00.000Z',
});
