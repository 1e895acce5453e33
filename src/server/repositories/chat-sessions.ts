// Chat sessions of an experiment: each starts its own thread, and one at a time is active.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { chatSessions, chatThreads } from '../db/schema';
import { newThreadId } from './chat';

export type SessionRow = typeof chatSessions.$inferSelect;

/** A session as the API answers it. */
export interface SessionJson {
  session_id: string;
  thread_id: string | null;
  active: boolean;
  created_at: string;
  last_active: string;
}

export function toSessionJson(row: SessionRow): SessionJson {
  return {
    session_id: String(row.id),
    thread_id: row.threadId,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    last_active: row.lastActive.toISOString(),
  };
}

const now = sql`clock_timestamp()`;

/** Data access for chat sessions; callers check the experiment's owner. */
export function chatSessionsRepository(db: Db) {
  return {
    /** A new session with its own new thread; it becomes the active one. */
    async createSession(ownerId: string, experimentId: number): Promise<SessionRow> {
      return db.transaction(async (tx) => {
        // Two sessions in one millisecond would share an id: take the next free millisecond.
        let threadId = '';
        for (let ms = Date.now(); !threadId; ms++) {
          const [row] = await tx
            .insert(chatThreads)
            .values({ threadId: newThreadId(experimentId, ms), experimentId, ownerId })
            .onConflictDoNothing()
            .returning({ id: chatThreads.threadId });
          threadId = row?.id ?? '';
        }
        await tx
          .update(chatSessions)
          .set({ active: false })
          .where(and(eq(chatSessions.experimentId, experimentId), eq(chatSessions.active, true)));
        const [row] = await tx
          .insert(chatSessions)
          .values({ experimentId, ownerId, threadId, active: true })
          .returning();
        return row;
      });
    },

    /** The experiment's most recent sessions. */
    async listSessions(ownerId: string, experimentId: number, limit: number) {
      return db
        .select()
        .from(chatSessions)
        .where(and(eq(chatSessions.ownerId, ownerId), eq(chatSessions.experimentId, experimentId)))
        .orderBy(desc(chatSessions.lastActive), desc(chatSessions.id))
        .limit(limit);
    },

    async getSession(ownerId: string, experimentId: number, sessionId: number) {
      const [row] = await db
        .select()
        .from(chatSessions)
        .where(
          and(
            eq(chatSessions.id, sessionId),
            eq(chatSessions.ownerId, ownerId),
            eq(chatSessions.experimentId, experimentId),
          ),
        );
      return row ?? null;
    },

    /** Makes the session the experiment's only active one; null when not found. */
    async activateSession(
      ownerId: string,
      experimentId: number,
      sessionId: number,
    ): Promise<SessionRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(chatSessions)
          .set({ active: true, lastActive: now })
          .where(
            and(
              eq(chatSessions.id, sessionId),
              eq(chatSessions.ownerId, ownerId),
              eq(chatSessions.experimentId, experimentId),
            ),
          )
          .returning();
        if (!row) return null;
        await tx
          .update(chatSessions)
          .set({ active: false })
          .where(
            and(
              eq(chatSessions.experimentId, experimentId),
              eq(chatSessions.active, true),
              ne(chatSessions.id, sessionId),
            ),
          );
        return row;
      });
    },
  };
}

export type ChatSessionsRepository = ReturnType<typeof chatSessionsRepository>;
