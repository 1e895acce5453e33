// Developer sessions (ARCHITECTURE.md, Flows, Sign-in): every login gets a new random token;
// the database keeps only its SHA-256 hash, so a leaked table signs nobody in. A session
// lasts SESSION_IDLE_MS after its last use (renewed on use) and ends at logout.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { devSessions } from '../db/schema';

/** A session not used for this long has ended. */
export const SESSION_IDLE_MS = 12 * 3600 * 1000;
/**
 * Renewal writes at most once per this interval per session, so a busy client does not turn
 * every read into a write; the idle limit is then honoured to within this margin.
 */
export const RENEW_AFTER_MS = 5 * 60 * 1000;

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a valid session lookup answers. */
export interface SessionHit {
  userId: string;
  /** The new expiry when this lookup renewed the session (the cookie is renewed too). */
  renewedUntil: Date | null;
}

export interface DevSessionStore {
  /** Starts a session; returns the token for the cookie (32 random bytes, base64url). */
  create(userId: string, now?: Date): Promise<{ token: string; expiresAt: Date }>;
  /** The session's user when the token is valid and unexpired; renews it when due. */
  find(token: string, now?: Date): Promise<SessionHit | null>;
  /** Ends the session of this token (no error if there is none). */
  revoke(token: string): Promise<void>;
}

export function devSessionStore(db: Db): DevSessionStore {
  return {
    async create(userId, now = new Date()) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
      await db.insert(devSessions).values({ tokenHash: hashToken(token), userId, expiresAt });
      // Expired rows serve no one; clearing them here keeps the table small without a timer.
      await db.delete(devSessions).where(lte(devSessions.expiresAt, now));
      return { token, expiresAt };
    },

    async find(token, now = new Date()) {
      const tokenHash = hashToken(token);
      const [row] = await db
        .select({ userId: devSessions.userId, expiresAt: devSessions.expiresAt })
        .from(devSessions)
        .where(and(eq(devSessions.tokenHash, tokenHash), gt(devSessions.expiresAt, now)));
      if (!row) return null;
      const renewedUntil = new Date(now.getTime() + SESSION_IDLE_MS);
      if (renewedUntil.getTime() - row.expiresAt.getTime() < RENEW_AFTER_MS) {
        return { userId: row.userId, renewedUntil: null };
      }
      await db
        .update(devSessions)
        .set({ expiresAt: renewedUntil })
        .where(eq(devSessions.tokenHash, tokenHash));
      return { userId: row.userId, renewedUntil };
    },

    async revoke(token) {
      await db.delete(devSessions).where(eq(devSessions.tokenHash, hashToken(token)));
    },
  };
}
