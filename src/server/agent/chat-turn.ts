/**
 * One turn of the assistant on the server: load the plate and the bench, turn the request
 * into tool calls (language model when configured, else the built-in interpreter), apply
 * the plan as a new plate version with an optimistic version check, store the messages and
 * report activity on the experiment's event stream.
 */
import { desc, eq } from 'drizzle-orm';
import type { PlateState } from '../../domain/plate-state';
import type { ProtocolOp, WireWell, WireWells } from '../../domain/plate-wire';
import { reagentCreateSchema } from '../../domain/schemas/reagent';
import { indexOfWellId } from '../../domain/well-id';
import { CATALOG_SEED, type CatalogReagent } from '../catalog/catalog-seed';
import type { Db } from '../db/connect';
import { plateVersions } from '../db/schema';
import type { EventBus } from '../events/event-bus';
import { wireChangesText } from '../plate/plate-text';
import type { PlateEdit, Written as PlateWritten } from '../plate/plate-writer';
import { benchFacts, type BenchFacts, type PlateService } from '../plate/plate-service';
import { insertBench, type DbOrTx } from '../repositories/bench';
import { benchInsertOf } from '../repositories/bench-json';
import type { ChatMessageJson, ChatRepository } from '../repositories/chat';
import type { AgentRepository } from '../repositories/agent';
import type { ExperimentRow } from '../repositories/experiments';
import { readPlateLogRange, type StoredPlate } from '../repositories/plates';
import { getVersion, insertVersion, plateVersionOf } from '../repositories/versions';
import { decideCalls, type ModelConfig } from './decide-calls';
import { pendingQuestionOf } from './plan/pending-question';
import { runCalls, type CallsResult } from './run-calls';
import type { ToolContext } from './tools/tool-types';
import { replyText } from './turn-reply';

/** The agent name of the progress and observation feeds. */
export const AGENT_NAME = 'plate-assistant';

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

class StalePlate extends Error {}

/** The plate refused the change (a well it cannot hold): said, nothing written. */
class RefusedChange extends Error {}

/** The facts an assistant message keeps for undo. */
interface ChangeData {
  kind: 'change' | 'undo';
  version_id: number;
  before_version_id?: number;
  undid_version_id?: number;
  summary?: string;
}

const MAX_ATTEMPTS = 3;

function createPayloadOf(e: CatalogReagent) {
  return reagentCreateSchema.parse({
    name: e.name,
    reagent_type: e.reagent_type,
    solvent: e.solvent,
    default_concentration_units: e.default_concentration_units,
    default_concentration_value: e.default_concentration_value,
    molecular_weight_g_per_mol: e.molecular_weight_g_per_mol,
    cells_per_ml: e.cells_per_ml ?? null,
    ph: e.ph,
    ionic_strength_value: e.ionic_strength_mM ?? null,
    ionic_strength_units: e.ionic_strength_mM != null ? 'mM' : null,
    max_concentration_percent: e.max_concentration_percent,
    description: e.description,
    slug: e.slug,
  });
}

async function latestVersion(db: Db, experimentId: number) {
  const [row] = await db
    .select({ id: plateVersions.id, version: plateVersions.version })
    .from(plateVersions)
    .where(eq(plateVersions.experimentId, experimentId))
    .orderBy(desc(plateVersions.id))
    .limit(1);
  return row ?? null;
}

/** The turn's effect once written: the new state and its version row. */
interface Written {
  state: PlateState;
  versionId: number;
  /** the plate write, published once the transaction committed */
  write: PlateWritten;
}

/**
 * Writes wells as the next plate version (only if the plate is still `plate.version`),
 * with the catalog reagents the change put on the bench and a version row. The plate
 * before is kept as a version too, unless the newest version already holds it.
 */
async function writeChange(
  deps: TurnDeps,
  input: TurnInput,
  plate: StoredPlate,
  result: CallsResult,
  summary: string,
  benchRead: BenchFacts,
): Promise<Written & { beforeId: number }> {
  const experimentId = input.experiment.id;
  return deps.db.transaction(async (tx) => {
    for (const add of result.benchAdds)
      await insertBench(tx, benchInsertOf(experimentId, createPayloadOf(add)));
    // The bench read for planning still holds unless this change put reagents on it.
    const bench = result.benchAdds.length > 0 ? await benchFacts(tx, experimentId) : benchRead;
    const last = await latestVersion(tx as Db, experimentId);
    let beforeId = last?.id;
    // Versions are saved with the plate version of their moment, and every plate write bumps
    // it: a newest version row at the current plate version holds the current plate.
    if (!last || last.version !== plate.version) {
      const before = await insertVersion(tx, {
        experimentId,
        version: plate.version,
        summary: 'Before the assistant’s change',
        plate: { defn: plate.defn, wells: plate.wells, hash: plate.hash },
        snapshot: null,
      });
      beforeId = before.id;
    }
    const written = await writeVersioned(
      deps,
      tx,
      input,
      plate,
      putOfChanges(plate.wells, result.wells!),
      summary,
      bench,
    );
    return { ...written, beforeId: beforeId! };
  });
}

/**
 * Writes wells as the next plate version, only if the plate is still at `plate.version`
 * (StalePlate otherwise), and keeps them as a version row with this summary.
 */
async function writeVersioned(
  deps: TurnDeps,
  tx: DbOrTx,
  input: TurnInput,
  plate: StoredPlate,
  edit: PlateEdit,
  summary: string,
  bench: BenchFacts,
): Promise<Written> {
  const experimentId = input.experiment.id;
  const result = await deps.plates.writer.write(tx, {
    ownerId: input.ownerId,
    experimentId,
    bench,
    baseVersion: plate.version,
    author: AGENT_NAME,
    edit,
    keepAs: summary,
  });
  if (!result.ok) {
    if (result.stale) throw new StalePlate();
    throw new RefusedChange(
      `I could not write that: ${result.well ? `${result.well}: ` : ''}${result.message}. Nothing changed.`,
    );
  }
  const { live, versionId } = result.written;
  return { state: live.state, versionId: versionId!, write: result.written };
}

/**
 * The turn's change as one `put` of the wells it touched: the tools replace a well's
 * object when they change it, so comparing objects finds them without reading every well.
 */
function putOfChanges(before: WireWells, after: WireWells): PlateEdit {
  const wells: Record<string, WireWell | null> = {};
  for (const [id, w] of Object.entries(after)) if (before[id] !== w) wells[id] = w;
  for (const id of Object.keys(before)) if (!(id in after)) wells[id] = null;
  return { ops: [{ op: 'put', wells }] };
}

function changeDataOf(m: ChatMessageJson): ChangeData | null {
  const d = m.data as Partial<ChangeData> | undefined;
  if (m.role !== 'assistant' || !d || typeof d.version_id !== 'number') return null;
  return d as ChangeData;
}

const CHANGED_SINCE =
  'The plate was changed after my last change, so undoing it would also throw away those edits. Nothing undone; pick a saved version instead.';

/** Restores the plate the assistant's last (not yet undone) change in this thread started from. */
async function undoLast(
  deps: TurnDeps,
  input: TurnInput,
  plate: StoredPlate,
): Promise<{ text: string; written?: Written; data?: ChangeData }> {
  const history = await deps.chat.listMessages(input.threadId);
  const undone = new Set<number>();
  let target: ChangeData | undefined;
  for (const m of history.toReversed()) {
    const d = changeDataOf(m);
    if (!d) continue;
    if (d.kind === 'undo') {
      if (d.undid_version_id != null) undone.add(d.undid_version_id);
      continue;
    }
    if (!undone.has(d.version_id) && d.before_version_id != null) {
      target = d;
      break;
    }
  }
  if (!target) return { text: 'There is no change of mine to undo in this conversation.' };
  const experimentId = input.experiment.id;
  const summary = `Undo: ${target.summary ?? 'the assistant’s last change'}`;
  const done = (written: Written) => ({
    text: `Undone: ${target.summary ?? 'my last change'}.`,
    written,
    data: {
      kind: 'undo' as const,
      version_id: written.versionId,
      undid_version_id: target.version_id,
      summary,
    },
  });
  // The change's own log entry holds the wells it changed as they were: putting those back
  // costs what the change cost, not a restore of the whole plate.
  const at = await plateVersionOf(deps.db, experimentId, target.version_id);
  const entry =
    at === null ? undefined : (await readPlateLogRange(deps.db, experimentId, at - 1, at))[0];
  if (entry && entry.version === at) {
    if (entry.hash !== plate.hash) return { text: CHANGED_SINCE };
    const written = await deps.db.transaction(async (tx) =>
      writeVersioned(
        deps,
        tx,
        input,
        plate,
        { ops: [{ op: 'put', wells: entry.before }] },
        summary,
        await benchFacts(tx, experimentId),
      ),
    );
    return done(written);
  }
  // The log no longer reaches back: restore the saved version before the change.
  const after = await getVersion(deps.db, experimentId, target.version_id);
  const before = await getVersion(deps.db, experimentId, target.before_version_id!);
  if (!after || !before)
    return { text: 'That change is no longer in the saved versions; nothing undone.' };
  if (after.plate.hash !== plate.hash) return { text: CHANGED_SINCE };
  const written = await deps.db.transaction(async (tx) => {
    const bench = await benchFacts(tx, experimentId);
    return writeVersioned(
      deps,
      tx,
      input,
      plate,
      { defn: before.plate.defn, wells: before.plate.wells },
      summary,
      bench,
    );
  });
  return done(written);
}

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
        const u = await undoLast(deps, input, plate);
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
      const w = await writeChange(deps, input, plate, result, summary, bench);
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
    deps.plates.writer.published(written.write);
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
