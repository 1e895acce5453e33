/**
 * The offline interpreter's turn: a request (and the question left open by the previous
 * turn, if any) -> tool calls, a reply, or a new question with choices. Pure.
 */
import { interpret } from '../interpreter/interpret';
import type { ToolCall } from '../tools/tool-registry';
import type { ToolContext } from '../tools/tool-types';

/** A question asked instead of writing; each choice is the request it stands for. */
export interface PendingQuestion {
  text: string;
  choices: { label: string; request: string }[];
}

export interface TurnDecision {
  calls: ToolCall[];
  reply?: string;
  question?: PendingQuestion;
}

export function decideTurn(
  text: string,
  ctx: ToolContext,
  pending?: PendingQuestion,
): TurnDecision {
  void pending;
  const i = interpret(text, ctx);
  return i.reply !== undefined ? { calls: [], reply: i.reply } : { calls: i.calls };
}
