/**
 * Who turns a request into tool calls: the language model when one is configured and
 * answers, otherwise (and on any failure of the model) the built-in interpreter (parse ->
 * plan -> check). The model's calls go through the same checks before anything is written.
 */
import { MAX_REQUEST_CHARS } from './interpreter/interpret';
import { callModel, type ModelConfig } from './llm-client';
import { checkCalls, decideTurn, type PendingQuestion } from './plan/decide-turn';
import type { CallsResult } from './run-calls';
import type { ToolCall } from './tools/tool-registry';
import type { ToolContext } from './tools/tool-types';

export type { ModelConfig } from './llm-client';

/** The calls to run and, when there is one, the text to say. */
export interface Decision {
  calls: ToolCall[];
  reply?: string;
  /** a question with choices asked instead of writing; kept for the next turn */
  question?: PendingQuestion;
  /** the calls' result on the turn's context, when the checks already ran them */
  result?: CallsResult;
  source: 'model' | 'interpreter';
}

/** Asks the model when configured; falls back to the interpreter on any failure. */
export async function decideCalls(
  text: string,
  ctx: ToolContext,
  model: ModelConfig,
  warn: (message: string, error?: unknown) => void,
  pending?: PendingQuestion,
): Promise<Decision> {
  // An answer to the assistant's own question is read by the interpreter, which asked it.
  if (!pending && model.baseUrl && model.model && text.trim() && text.length <= MAX_REQUEST_CHARS) {
    try {
      const m = await callModel(text, ctx, model);
      const checked = checkCalls(m.calls, ctx);
      if (checked.calls.length === 0 && m.calls.length > 0)
        return { calls: [], reply: checked.reply, source: 'model' };
      return { ...m, result: checked.result, source: 'model' };
    } catch (error) {
      warn('language model unavailable; the built-in interpreter answers', error);
    }
  }
  const d = decideTurn(text, ctx, pending);
  return d.calls.length === 0
    ? { calls: [], reply: d.reply ?? '', question: d.question, source: 'interpreter' }
    : { calls: d.calls, result: d.result, source: 'interpreter' };
}
