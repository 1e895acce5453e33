// The assistant's shared state per experiment (polled with an etag) and what an agent did in
// a thread: steps and status (the progress feed) and observations. The assistant records
// through record(); the routes read.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { canonicalJson } from '../../domain/canonical-json';
import type { Db } from '../db/connect';
import { agentObservations, agentStates } from '../db/schema';

/** Kinds of agent records: a step of its work, a status change, or something it noticed. */
export const AGENT_RECORD_KINDS = ['step', 'status', 'observation'] as const;
export type AgentRecordKind = (typeof AGENT_RECORD_KINDS)[number];

/** The etag of a state: a digest of its canonical JSON, so equal states share one. */
export function stateEtag(state: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex').slice(0, 32);
}

/** The etag of the state nothing has been stored for yet. */
export const EMPTY_STATE_ETAG = stateEtag({});

/** One record as the observation feed answers it. */
export interface AgentRecordJson {
  id: number;
  agent: string;
  thread_id: string;
  kind: string;
  data: Record<string, unknown>;
  created_at: string;
}

/** The progress of an agent in a thread. */
export interface AgentProgressJson {
  thread_id: string;
  agent: string;
  /** the latest status recorded; "running" with steps and no status yet; "idle" with none */
  status: string;
  steps: (Record<string, unknown> & { at: string })[];
  updated_at: string | null;
}

type ObservationRow = typeof agentObservations.$inferSelect;

function toRecordJson(row: ObservationRow): AgentRecordJson {
  return {
    id: row.id,
    agent: row.agent,
    thread_id: row.threadId,
    kind: row.kind,
    data: row.data,
    created_at: row.createdAt.toISOString(),
  };
}

const ofThread = (agent: string, threadId: string) =>
  and(eq(agentObservations.agent, agent), eq(agentObservations.threadId, threadId));

/** Data access for agent state and records; callers check who owns the experiment/thread. */
export function agentRepository(db: Db) {
  return {
    /** The stored state and its etag; an empty object when nothing was stored. */
    async getState(
      experimentId: number,
    ): Promise<{ state: Record<string, unknown>; etag: string }> {
      const [row] = await db
        .select()
        .from(agentStates)
        .where(eq(agentStates.experimentId, experimentId));
      return row ? { state: row.state, etag: row.etag } : { state: {}, etag: EMPTY_STATE_ETAG };
    },

    /** Replaces the state; returns it with its new etag. */
    async putState(
      experimentId: number,
      state: Record<string, unknown>,
    ): Promise<{ state: Record<string, unknown>; etag: string }> {
      const etag = stateEtag(state);
      await db
        .insert(agentStates)
        .values({ experimentId, state, etag })
        .onConflictDoUpdate({
          target: agentStates.experimentId,
          set: { state, etag, updatedAt: new Date() },
        });
      return { state, etag };
    },

    /** Records a step, a status ({status: "..."}) or an observation of an agent in a thread. */
    async record(entry: {
      experimentId: number | null;
      agent: string;
      threadId: string;
      kind: AgentRecordKind;
      data: Record<string, unknown>;
    }): Promise<AgentRecordJson> {
      const [row] = await db.insert(agentObservations).values(entry).returning();
      return toRecordJson(row);
    },

    /** Steps and latest status of an agent in a thread. */
    async progress(agent: string, threadId: string): Promise<AgentProgressJson> {
      const rows = await db
        .select()
        .from(agentObservations)
        .where(and(ofThread(agent, threadId), inArray(agentObservations.kind, ['step', 'status'])))
        .orderBy(asc(agentObservations.id));
      const steps = rows
        .filter((r) => r.kind === 'step')
        .map((r) => ({ ...r.data, at: r.createdAt.toISOString() }));
      const lastStatus = rows.findLast((r) => r.kind === 'status');
      const status =
        typeof lastStatus?.data.status === 'string'
          ? lastStatus.data.status
          : steps.length > 0
            ? 'running'
            : 'idle';
      const last = rows.at(-1);
      return {
        thread_id: threadId,
        agent,
        status,
        steps,
        updated_at: last ? last.createdAt.toISOString() : null,
      };
    },

    /** The latest observations of an agent in a thread, oldest of them first. */
    async observations(agent: string, threadId: string, limit: number): Promise<AgentRecordJson[]> {
      const rows = await db
        .select()
        .from(agentObservations)
        .where(and(ofThread(agent, threadId), eq(agentObservations.kind, 'observation')))
        .orderBy(desc(agentObservations.id))
        .limit(limit);
      return rows.toReversed().map(toRecordJson);
    },
  };
}

export type AgentRepository = ReturnType<typeof agentRepository>;
