/**
 * One turn of the assistant on the server: load the plate and the bench, turn the request
 * into tool calls (language model when configured, else the built-in interpreter), apply
 * the plan as a new plate version with an optimistic version check, store the messages and
 * report activity on the experiment's event stream.
 */
import { fillLiquid } from '../../domain/dispensing/fill-liquid';
import type { ProtocolOp } from '../../domain/plate-wire';
import { indexOfWellId } from '../../domain/well-id';
import { CATALOG_SEED } from '../catalog/catalog-seed';
import type { Db } from '../db/connect';
import type { EventBus } from '../events/event-bus';
import type { PlateService } from '../plate/plate-service';
import { wireChangesText } from '../plate/plate-text';
import type { ChatMessageJson, ChatRepository } from '../repositories/chat';
import type { AgentRepository } from '../repositories/agent';
import type { ExperimentRow } from '../repositories/experiments';
import type { StoredPlate } from '../repositories/plates';
import { decideCalls, type ModelConfig } from './decide-calls';
import { pendingQuestionOf } from './plan/pending-question';
import { runCalls } from './run-calls';
import type { ToolContext } from './tools/tool-types';
import { replyText } from './turn-reply';
import {
  AGENT_NAME,
  RefusedChange,
  StalePlate,
  undoLast,
  writeChange,
  type ChangeData,
  type Written,
} from './turn-write';

/** What a turn needs from the server. */
export interface TurnDeps {
  db: Db;
  plates: PlateService;
  chat: ChatRepository;
  agent: AgentRepository;
  events: EventBus;
  model: ModelConfig;
  warn: (message: string, error?: unknown) => void;
}

/** One request of a user in a thread. */
export interface TurnInput {
  ownerId: string;
  experiment: ExperimentRow;
  threadId: string;
  message: string;
  /** selected well ids, for "the selection" */
  selection?: string[];
  /** the plate answered in full (plate_v2) or as changes (plate_changes); default full */
  plate?: 'full' | 'changes';
}

/** The answer of POST /chat (api-contract.md); plate_v2 comes as the plate's JSON text. */
export interface ChatResponse {
  messages: ChatMessageJson[];
  thread_id: string;
  /** the new PlateState as JSON bytes (the plate service's cached serialization), or null */
  plateJson: Buffer | null;
  /** asked for as changes: {from, version, hash, changed, removed} as JSON bytes, or null */
  changesJson: Buffer | null;
  version_id: number | null;
  protocol_ops: ProtocolOp[];
}

/**
 * The response body: {messages, thread_id, plate_v2, version_id, protocol_ops} and, when
 * asked for, plate_changes. A 1536-well state is about a megabyte: its cached bytes are
 * spliced in, never serialized again.
 */
export function chatResponseBody(r: ChatResponse): Buffer {
  const head = JSON.stringify({ messages: r.messages, thread_id: r.thread_id });
  const tail = JSON.stringify({ version_id: r.version_id, protocol_ops: r.protocol_ops });
  return Buffer.concat([
    Buffer.from(`${head.slice(0, -1)},"plate_v2":`),
    r.plateJson ?? Buffer.from('null'),
    ...(r.changesJson ? [Buffer.from(',"plate_changes":'), r.changesJson] : []),
    Buffer.from(`,${tail.slice(1)}`),
  ]);
}

const MAX_ATTEMPTS = 3;

async function publish(deps: TurnDeps, experimentId: number, event: Record<string, unknown>) {
  try {
    await deps.events.publish(experimentId, event as { type: 'agent_activity' });
  } catch (error) {
    deps.warn('assistant event not published', error);
  }
}

async function record(
  deps: TurnDeps,
  input: TurnInput,
  kind: 'step' | 'status',
  data: Record<string, unknown>,
) {
  try {
    await deps.agent.record({
      experimentId: input.experiment.id,
      agent: AGENT_NAME,
      threadId: input.threadId,
      kind,
      data,
    });
  } catch (error) {
    deps.warn('assistant progress not recorded', error);
  }
}

/** Runs one turn and answers the chat response. */
export async function runChatTurn(deps: TurnDeps, input: TurnInput): Promise<ChatResponse> {
  const experimentId = input.experiment.id;
  // The progress records and events go out beside the turn's own reads, not one round trip
  // after another (each is a few tenths of a millisecond on PostgreSQL, a millisecond or two
  // on PGlite, in every turn); each says its own failure (publish, record).
  const [, , last] = await Promise.all([
    publish(deps, experimentId, {
      type: 'agent_activity',
      status: 'thinking',
      thread_id: input.threadId,
    }),
    record(deps, input, 'status', { status: 'running' }),
    // The question the assistant's last message asked, if the user is answering it.
    // only the newest message can leave a question open: not the whole thread per turn
    deps.chat.lastMessage(input.threadId),
  ]);
  const pending = pendingQuestionOf(last ? [last] : []);
  let stepRecorded: Promise<void> = Promise.resolve();

  let text = '';
  let written: Written | undefined;
  let data: ChangeData | Record<string, unknown> = {};
  let ops: ProtocolOp[] = [];
  for (let attempt = 1; ; attempt++) {
    // The computed plate the reads share (cached per version), not a load of every well.
    const head = await deps.plates.head(input.ownerId, experimentId);
    const live = await deps.plates.writer.live(deps.db, experimentId, head.version, head.bench);
    const bench = head.bench;
    const plate: StoredPlate = {
      version: live.version,
      defn: live.defn,
      wells: live.wire,
      hash: live.state.hash,
    };
    const ctx: ToolContext = {
      defn: plate.defn,
      wells: plate.wells,
      bench: bench.infos,
      vehicleSlug: input.experiment.vehicleSlug,
      catalog: CATALOG_SEED,
      dispensing: bench.dispensing,
      selection: input.selection?.map((id) => indexOfWellId(id, plate.defn)).filter((i) => i >= 0),
      // the plate's unmet marks, computed with the plate: "which wells are unmet" reads them
      computed: { wells: plate.wells, unmet: live.state.indices.unmet },
    };
    try {
      const decision = await decideCalls(input.message, ctx, deps.model, deps.warn, pending);
      data = { source: decision.source };
      if (decision.question) data.question = decision.question;
      if (decision.reply !== undefined && decision.calls.length === 0) {
        text = decision.reply;
        break;
      }
      // The checks ran the calls on this very context: their result is the plan.
      const result = decision.result ?? runCalls(ctx, decision.calls);
      if (decision.calls.length > 0)
        stepRecorded = record(deps, input, 'step', { tools: decision.calls.map((c) => c.name) });
      if (result.undo && !result.wells && !result.error) {
        const u = await undoLast(deps, input, plate, bench);
        text = u.text;
        written = u.written;
        if (u.data) data = { ...u.data, source: decision.source };
        break;
      }
      if (!result.wells || result.error) {
        text = [replyText(result, null), decision.reply].filter(Boolean).join('\n');
        break;
      }
      const summary = result.summaries.join('; ').slice(0, 1900);
      // the wells the checks saw are the wells written: the writer need not apply the ops again
      const applied =
        result.expanded && result.benchAdds.length === 0
          ? {
              base: live,
              vehicle: fillLiquid(ctx.bench, ctx.vehicleSlug).slug,
              ops: result.expanded,
              wells: result.wells,
              touched: result.changed,
            }
          : undefined;
      const w = await writeChange(deps, input, plate, result, summary, bench, applied);
      written = w;
      ops = result.ops;
      text = [replyText(result, w.state), decision.source === 'model' ? decision.reply : undefined]
        .filter(Boolean)
        .join('\n');
      data = {
        kind: 'change',
        version_id: w.versionId,
        before_version_id: w.beforeId,
        summary,
        source: decision.source,
      };
      if (ops.length > 0) data.protocol_ops = ops;
      break;
    } catch (error) {
      if (error instanceof RefusedChange) {
        text = error.message;
        written = undefined;
        data = { source: (data as { source?: string }).source };
        break;
      }
      if (!(error instanceof StalePlate) || attempt >= MAX_ATTEMPTS) {
        if (error instanceof StalePlate) {
          text = 'The plate kept changing while I worked on it; nothing changed. Try again.';
          break;
        }
        throw error;
      }
    }
  }

  let plateJson: Buffer | null = null;
  let changesJson: Buffer | null = null;
  if (written) {
    // published by the plate service's door once the write committed
    if (input.plate === 'changes') changesJson = wireChangesText(written.write);
    else plateJson = deps.plates.answerOf(written.write.live).body;
  }
  const messages = await deps.chat.appendMessages(input.threadId, [
    { role: 'user', content: input.message },
    { role: 'assistant', content: text, data },
  ]);
  await Promise.all([
    stepRecorded.then(() => record(deps, input, 'status', { status: 'idle' })),
    publish(deps, experimentId, {
      type: 'agent_activity',
      status: 'done',
      thread_id: input.threadId,
    }).then(() =>
      publish(deps, experimentId, {
        type: 'thread_updated',
        thread_id: input.threadId,
        change: 'messages',
      }),
    ),
  ]);
  return {
    messages,
    thread_id: input.threadId,
    plateJson,
    changesJson,
    version_id: written?.versionId ?? null,
    protocol_ops: ops,
  };
}
