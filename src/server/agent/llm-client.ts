/**
 * A language model behind an OpenAI-compatible /chat/completions endpoint drives the same
 * plate tools through function calling. Tool calls run on a scratch copy of the plate so
 * the model sees each result; the calls that worked are returned for the turn to apply.
 * Any transport or protocol failure throws, and the caller falls back to the interpreter.
 */
import { formatConcentration } from '../../domain/accuracy';
import { rowLetter } from '../../domain/well-id';
import { catalogToBench } from './reagent-match';
import { runCalls } from './run-calls';
import { pickDefaultVehicle } from '../../domain/reagent-types';
import { isToolName, toolSchemas, type ToolCall } from './tools/tool-registry';
import type { ToolContext } from './tools/tool-types';

/** Where the model is and how long to wait for it. */
export interface ModelConfig {
  baseUrl: string | null;
  apiKey: string | null;
  model: string | null;
  /** per request; default 20 s */
  timeoutMs?: number;
  /** tests pass their own; default the global fetch */
  fetch?: typeof fetch;
}

/** Rounds of tool calls before the model must answer. */
export const MAX_ROUNDS = 5;

interface ModelToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

interface ModelMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ModelToolCall[];
  tool_call_id?: string;
}

/** The system prompt: the plate, the bench, the vehicle and the rules. */
export function systemPrompt(ctx: ToolContext): string {
  const { defn } = ctx;
  const bench = ctx.bench
    .map((b) => {
      const stock =
        b.stock_nM != null
          ? formatConcentration(b.stock_nM)
          : b.stock_pct != null
            ? `${b.stock_pct} %`
            : 'no stock';
      return `- ${b.name} (slug ${b.slug}, ${b.type}, stock ${stock}${b.solvent ? ` in ${b.solvent}` : ''})`;
    })
    .join('\n');
  const vehicle = pickDefaultVehicle(ctx.bench, ctx.vehicleSlug);
  return [
    `You edit a ${defn.format}-well plate: rows A to ${rowLetter(defn.rows - 1)}, columns 1 to ${defn.cols}.`,
    `Bench reagents:\n${bench || '- none'}`,
    `Default vehicle: ${vehicle ?? 'none'}. ${Object.keys(ctx.wells).length} wells hold something.`,
    'Use the tools for every change and every question; give concentrations in nM (10 uM = 10000) and % v/v for % stocks.',
    'Pass well ids explicitly. Never clear or remove wells the user did not name; when a request is unclear, ask instead of guessing.',
    'Answer in one or two short sentences.',
  ].join('\n');
}

async function complete(config: ModelConfig, messages: ModelMessage[]): Promise<ModelMessage> {
  const doFetch = config.fetch ?? fetch;
  const url = `${config.baseUrl!.replace(/\/+$/, '')}/chat/completions`;
  const res = await doFetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: config.model,
      messages,
      tools: toolSchemas(),
      tool_choice: 'auto',
      temperature: 0,
    }),
    signal: AbortSignal.timeout(config.timeoutMs ?? 20_000),
  });
  if (!res.ok) throw new Error(`model endpoint answered HTTP ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: ModelMessage }[] };
  const message = body.choices?.[0]?.message;
  if (!message || message.role !== 'assistant')
    throw new Error('model answer has no assistant message');
  return message;
}

function parseArgs(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text || '{}');
    return v && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Lets the model work through the tools; returns the calls that succeeded and its answer. */
export async function callModel(
  text: string,
  ctx: ToolContext,
  config: ModelConfig,
): Promise<{ calls: ToolCall[]; reply?: string }> {
  const messages: ModelMessage[] = [
    { role: 'system', content: systemPrompt(ctx) },
    { role: 'user', content: text },
  ];
  const accepted: ToolCall[] = [];
  let scratch: ToolContext = { ...ctx, baseWells: ctx.wells };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const message = await complete(config, messages);
    const toolCalls = message.tool_calls ?? [];
    if (toolCalls.length === 0) return { calls: accepted, reply: message.content ?? undefined };
    messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: toolCalls });
    for (const tc of toolCalls) {
      const args = parseArgs(tc.function?.arguments);
      let content: string;
      if (!isToolName(tc.function?.name ?? '') || !args) {
        content = `Error: unknown tool or arguments that are not a JSON object.`;
      } else {
        const call: ToolCall = { name: tc.function.name as ToolCall['name'], args };
        const r = runCalls(scratch, [call]);
        if (r.error) content = `Error: ${r.error}`;
        else {
          accepted.push(call);
          if (r.wells) {
            scratch = {
              ...scratch,
              wells: r.wells,
              bench: [...scratch.bench, ...r.benchAdds.map(catalogToBench)],
            };
          }
          content = r.undo
            ? 'The last change will be undone.'
            : [...r.summaries, ...r.warnings, ...r.answers].join('\n') || 'Done.';
        }
      }
      messages.push({ role: 'tool', tool_call_id: tc.id, content });
    }
  }
  return { calls: accepted, reply: undefined };
}
