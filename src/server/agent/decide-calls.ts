/**
 * Who turns a request into tool calls: the language model when one is configured and
 * answers, otherwise (and on any failure of the model) the built-in interpreter.
 */
import { interpret, MAX_REQUEST_CHARS } from './interpreter/interpret';
import { callModel, type ModelConfig } from './llm-client';
import type { ToolCall } from './tools/tool-registry';
import type { ToolContext } from './tools/tool-types';

export type { ModelConfig } from './llm-client';

/** The calls to run and, when there is one, the text to say. */
export interface Decision {
  calls: ToolCall[];
  reply?: string;
  source: 'model' | 'interpreter';
}

/** Asks the model when configured; falls back to the interpreter on any failure. */
export async function decideCalls(
  text: string,
  ctx: ToolContext,
  model: ModelConfig,
  warn: (message: string, error?: unknown) => void,
): Promise<Decision> {
  if (model.baseUrl && model.model && text.trim() && text.length <= MAX_REQUEST_CHARS) {
    try {
      return { ...(await callModel(text, ctx, model)), source: 'model' };
    } catch (error) {
      warn('language model unavailable; the built-in interpreter answers', error);
    }
  }
  const i = interpret(text, ctx);
  return i.reply !== undefined
    ? { calls: [], reply: i.reply, source: 'interpreter' }
    : { calls: i.calls, source: 'interpreter' };
}
