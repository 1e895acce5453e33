/**
 * The question a conversation left open: the last message, when it is the assistant's and
 * carries a question with choices. Any other last message closes it. Pure.
 */
import type { ChatMessageJson } from '../../repositories/chat';
import type { PendingQuestion } from './decide-turn';

function isQuestion(v: unknown): v is PendingQuestion {
  if (!v || typeof v !== 'object') return false;
  const q = v as Partial<PendingQuestion>;
  return (
    typeof q.text === 'string' &&
    typeof q.request === 'string' &&
    Array.isArray(q.choices) &&
    q.choices.every(
      (c) =>
        typeof c?.label === 'string' &&
        typeof c.request === 'string' &&
        (c.wells === undefined ||
          (Array.isArray(c.wells) && c.wells.every((i) => Number.isInteger(i)))),
    )
  );
}

export function pendingQuestionOf(
  history: readonly ChatMessageJson[],
): PendingQuestion | undefined {
  const last = history.at(-1);
  if (!last || last.role !== 'assistant') return undefined;
  const q = last.data?.question;
  return isQuestion(q) ? q : undefined;
}
