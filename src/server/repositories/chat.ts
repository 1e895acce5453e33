// Chat threads, their messages and chat sessions of an experiment. The assistant stores its
// turns through createThread / appendMessages / listMessages / touchThread; the routes read
// them back. Threads are always looked up with their owner and experiment, so a thread of
// someone else reads exactly like a missing one.
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ThreadStatus } from '../../domain/schemas/thread';
import type { Db } from '../db/connect';
import { chatMessages, chatSessions, chatThreads } from '../db/schema';
import { HttpError } from '../errors';

export type ThreadRow = typeof chatThreads.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

export type ChatRole = 'user' | 'assistant';

/** A message as the API answers it. */
export interface ChatMessageJson {
  role: ChatRole;
  content: string;
  /** ISO time */
  timestamp: string;
  thread_id: string;
  /** extra facts the assistant attached (protocol ops, version id...), when any */
  data?: Record<string, unknown>;
}

/** A message to store. */
export interface NewMessage {
  role: ChatRole;
  content: string;
  data?: Record<string, unknown>;
}

/** A thread summary as the API answers it. */
export interface ThreadJson {
  thread_id: string;
  title: string | null;
  status: string;
  last_active: string;
  created_at: string;
  message_count: number;
}

/** Titles are the first words of the first user message. */
export const TITLE_LENGTH = 80;

/** A new thread id: exp_<experimentId>_<milliseconds> (spec section 4, Chat send). */
export function newThreadId(experimentId: number, now = Date.now()): string {
  return `exp_${experimentId}_${now}`;
}

/** True for thread ids of this experiment: exp_<experimentId>_ followed by 1-64 safe chars. */
export function isThreadIdOf(experimentId: number, threadId: string): boolean {
  const prefix = `exp_${experimentId}_`;
  return threadId.startsWith(prefix) && /^[A-Za-z0-9_-]{1,64}$/.test(threadId.slice(prefix.length));
}

/** The title a thread gets from its first user message. */
export function titleFrom(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length <= TITLE_LENGTH ? line : `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…`;
}

/** A chat_messages row as a statement of our own returns it (snake_case, as stored). */
interface StoredMessage {
  id: number;
  thread_id: string;
  role: string;
  content: string;
  data: MessageRow['data'] | string;
  created_at: Date | string;
}

export function toMessageJson(row: MessageRow): ChatMessageJson {
  const out: ChatMessageJson = {
    role: row.role as ChatRole,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    thread_id: row.threadId,
  };
  if (Object.keys(row.data).length > 0) out.data = row.data;
  return out;
}

export function toThreadJson(row: ThreadRow, messageCount: number): ThreadJson {
  return {
    thread_id: row.threadId,
    title: row.title,
    status: row.status,
    last_active: row.lastActive.toISOString(),
    created_at: row.createdAt.toISOString(),
    message_count: messageCount,
  };
}

const ownedThread = (ownerId: string, experimentId: number, threadId: string) =>
  and(
    eq(chatThreads.threadId, threadId),
    eq(chatThreads.ownerId, ownerId),
    eq(chatThreads.experimentId, experimentId),
  );

const now = sql`clock_timestamp()`;

/** Data access for chat threads, messages and sessions. */
export function chatRepository(db: Db) {
  const messageCount = async (threadId: string) => {
    const [row] = await db
      .select({ n: count() })
      .from(chatMessages)
      .where(eq(chatMessages.threadId, threadId));
    return Number(row?.n ?? 0);
  };

  return {
    /** The thread if this owner's experiment has it. */
    async getThread(ownerId: string, experimentId: number, threadId: string) {
      const [row] = await db
        .select()
        .from(chatThreads)
        .where(ownedThread(ownerId, experimentId, threadId));
      return row ?? null;
    },

    /** A thread the owner has, in any of their experiments (agent feeds). */
    async getOwnersThread(ownerId: string, threadId: string) {
      const [row] = await db
        .select()
        .from(chatThreads)
        .where(and(eq(chatThreads.threadId, threadId), eq(chatThreads.ownerId, ownerId)));
      return row ?? null;
    },

    /**
     * Creates a thread (id given, or exp_<id>_<now>); an existing thread of the same
     * experiment is returned as it is. The caller has checked the experiment's owner.
     */
    async createThread(
      ownerId: string,
      experimentId: number,
      options: { threadId?: string; title?: string | null } = {},
    ): Promise<ThreadRow> {
      const threadId = options.threadId ?? newThreadId(experimentId);
      if (!isThreadIdOf(experimentId, threadId)) {
        throw new HttpError(
          400,
          `thread_id must look like exp_${experimentId}_<timestamp> (letters, digits, _ and -)`,
        );
      }
      const [created] = await db
        .insert(chatThreads)
        .values({ threadId, experimentId, ownerId, title: options.title ?? null })
        .onConflictDoNothing()
        .returning();
      if (created) return created;
      const [existing] = await db
        .select()
        .from(chatThreads)
        .where(ownedThread(ownerId, experimentId, threadId));
      // Ids carry their experiment, and an experiment has one owner: this cannot be another's.
      if (!existing) throw new HttpError(409, 'That thread id is already in use');
      return existing;
    },

    /**
     * Stores messages in order and marks the thread active now; names an untitled thread.
     * One statement (a turn's two messages and the thread's mark), atomic by itself: one
     * round trip where a transaction of inserts took five. clock_timestamp() is read per row,
     * so the messages are ordered by time as by id.
     */
    async appendMessages(
      threadId: string,
      messages: readonly NewMessage[],
    ): Promise<ChatMessageJson[]> {
      if (messages.length === 0) return [];
      const firstUser = messages.find((m) => m.role === 'user');
      const values = sql.join(
        messages.map(
          (m) =>
            sql`(${threadId}, ${m.role}, ${m.content}, ${JSON.stringify(m.data ?? {})}::jsonb, clock_timestamp())`,
        ),
        sql`, `,
      );
      const title = firstUser ? sql`coalesce(title, ${titleFrom(firstUser.content)})` : sql`title`;
      const result = (await db.execute(sql`
        with added as (
          insert into chat_messages (thread_id, role, content, data, created_at)
          values ${values}
          returning id, thread_id, role, content, data, created_at
        ), marked as (
          update chat_threads set last_active = clock_timestamp(), title = ${title}
          where thread_id = ${threadId}
        )
        select * from added order by id`)) as { rows: StoredMessage[] };
      return result.rows.map((r) =>
        toMessageJson({
          id: r.id,
          threadId: r.thread_id,
          role: r.role,
          content: r.content,
          data: typeof r.data === 'string' ? (JSON.parse(r.data) as MessageRow['data']) : r.data,
          createdAt: new Date(r.created_at),
        }),
      );
    },

    /** The thread's messages, oldest first. */
    async listMessages(threadId: string): Promise<ChatMessageJson[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.threadId, threadId))
        .orderBy(asc(chatMessages.id));
      return rows.map(toMessageJson);
    },

    /** The newest message of a thread (what a turn reads for an open question), or null. */
    async lastMessage(threadId: string): Promise<ChatMessageJson | null> {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.threadId, threadId))
        .orderBy(desc(chatMessages.id))
        .limit(1);
      return row ? toMessageJson(row) : null;
    },

    /**
     * The thread's assistant messages that record a plate change or its undo (data with a
     * version_id), newest first: what undo looks through, not the whole thread.
     */
    async changeMessages(threadId: string): Promise<ChatMessageJson[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.threadId, threadId),
            eq(chatMessages.role, 'assistant'),
            sql`${chatMessages.data} ? 'version_id'`,
          ),
        )
        .orderBy(desc(chatMessages.id));
      return rows.map(toMessageJson);
    },

    /** Marks the thread as used now (and optionally sets its status). */
    async touchThread(threadId: string, status?: ThreadStatus): Promise<void> {
      await db
        .update(chatThreads)
        .set({ lastActive: now, ...(status && { status }) })
        .where(eq(chatThreads.threadId, threadId));
    },

    /** Thread summaries of the experiment, most recently active first. */
    async listThreads(
      ownerId: string,
      experimentId: number,
      options: { limit: number; status?: string | null },
    ): Promise<ThreadJson[]> {
      const rows = await db
        .select({ thread: chatThreads, n: count(chatMessages.id) })
        .from(chatThreads)
        .leftJoin(chatMessages, eq(chatMessages.threadId, chatThreads.threadId))
        .where(
          and(
            eq(chatThreads.ownerId, ownerId),
            eq(chatThreads.experimentId, experimentId),
            options.status ? eq(chatThreads.status, options.status) : undefined,
          ),
        )
        .groupBy(chatThreads.threadId)
        .orderBy(desc(chatThreads.lastActive), desc(chatThreads.threadId))
        .limit(options.limit);
      return rows.map((r) => toThreadJson(r.thread, Number(r.n)));
    },

    /** The summary of one thread. */
    async threadJson(row: ThreadRow): Promise<ThreadJson> {
      return toThreadJson(row, await messageCount(row.threadId));
    },

    /** Changes title and/or status; null when the owner's experiment has no such thread. */
    async updateThread(
      ownerId: string,
      experimentId: number,
      threadId: string,
      changes: { title?: string | null; status?: ThreadStatus },
    ): Promise<ThreadJson | null> {
      const set = {
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.status !== undefined && { status: changes.status }),
      };
      const [row] =
        Object.keys(set).length === 0
          ? await db
              .select()
              .from(chatThreads)
              .where(ownedThread(ownerId, experimentId, threadId))
          : await db
              .update(chatThreads)
              .set(set)
              .where(ownedThread(ownerId, experimentId, threadId))
              .returning();
      return row ? toThreadJson(row, await messageCount(threadId)) : null;
    },

    /** Deletes the thread, its messages and the sessions pointing at it; false if not found. */
    async deleteThread(ownerId: string, experimentId: number, threadId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(chatThreads)
          .where(ownedThread(ownerId, experimentId, threadId))
          .returning({ id: chatThreads.threadId });
        if (rows.length === 0) return false;
        await tx
          .delete(chatSessions)
          .where(
            and(eq(chatSessions.experimentId, experimentId), eq(chatSessions.threadId, threadId)),
          );
        return true;
      });
    },

    /** Every message of the experiment's threads (since a time, if given), oldest first. */
    async history(
      ownerId: string,
      experimentId: number,
      since: Date | null = null,
    ): Promise<ChatMessageJson[]> {
      const threads = db
        .select({ id: chatThreads.threadId })
        .from(chatThreads)
        .where(and(eq(chatThreads.ownerId, ownerId), eq(chatThreads.experimentId, experimentId)));
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          and(
            inArray(chatMessages.threadId, threads),
            since ? gte(chatMessages.createdAt, since) : undefined,
          ),
        )
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
      return rows.map(toMessageJson);
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
