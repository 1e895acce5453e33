// What a parsed JSON body may hold beyond what JSON allows: no NUL character in any string
// (PostgreSQL text cannot store one, and no person types one), no lone surrogate escape
// ("\ud800": not a character; stored, it would come back as U+FFFD) and no nesting deeper than
// MAX_JSON_DEPTH (no body of the API nests more than a few levels; a deep one is an attack on
// the stack). The walk is iterative, so no body can overflow the stack while it is checked.

/** Deepest nesting of objects and arrays a body may have (a full plate body has 6). */
export const MAX_JSON_DEPTH = 64;

/** What is wrong with a parsed body's shape, or null when nothing is. */
export type JsonShapeProblem =
  { kind: 'too-deep' } | { kind: 'nul'; path: string } | { kind: 'broken-text'; path: string };

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string (key or value), if anything. */
type TextProblem = 'nul' | 'broken-text' | null;

function textProblem(text: string): TextProblem {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'broken-text' : null;
}

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

/** The first problem of the parsed value (depth before NUL), walking it without recursion. */
export function jsonShapeProblem(
  value: unknown,
  maxDepth = MAX_JSON_DEPTH,
): JsonShapeProblem | null {
  const stack: Pending[] = [{ value, path: '', depth: 0 }];
  let found: { kind: 'nul' | 'broken-text'; path: string } | null = null;
  while (stack.length > 0) {
    const { value: node, path, depth } = stack.pop()!;
    if (typeof node === 'string') {
      const problem: TextProblem = found === null ? textProblem(node) : null;
      if (problem) found = { kind: problem, path: path || '(body)' };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'too-deep' };
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        stack.push({ value: node[i], path: path ? `${path}.${i}` : String(i), depth: depth + 1 });
      }
      continue;
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      const at = path ? `${path}.${key}` : key;
      const problem: TextProblem = found === null ? textProblem(key) : null;
      if (problem) found = { kind: problem, path: at };
      stack.push({ value: (node as Record<string, unknown>)[key], path: at, depth: depth + 1 });
    }
  }
  return found;
}
