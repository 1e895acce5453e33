// Error bodies of the API: {"detail": "..."} always, plus "issues" on validation failures.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { payloadIssues } from '../domain/schemas/issues';

/** One validation problem: where (dotted path) and what. */
export interface Issue {
  path: string;
  message: string;
}

/** An error that becomes a response with this status and detail. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly issues?: Issue[],
  ) {
    super(detail);
  }
}

/** 404 with the catalogue's wording for a missing (or someone else's) experiment. */
export const experimentNotFound = () => new HttpError(404, 'Experiment not found');

/** Parses a request part with a zod schema or throws a 400 naming each bad field. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what = 'request body',
): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = payloadIssues(result.error);
  const detail = issues
    .map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message))
    .join('; ');
  throw new HttpError(400, `Invalid ${what}: ${detail}`, issues);
}

/** PostgreSQL's codes for text it cannot store: 0x00 in text (22021) or in jsonb (22P05). */
const NUL_REFUSED = new Set(['22021', '22P05']);

/** The SQLSTATE of a database error, also when the query builder wrapped it. */
function databaseErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** One issue of a route schema's refusal, as fastify-type-provider-zod reports it. */
interface SchemaIssue {
  instancePath: string;
  message?: string;
  params?: { params?: { status?: unknown } };
}

/**
 * What a route schema refused: each issue as "field: message", body, query or path alike. A
 * path id that cannot name anything (the id schemas mark it with status 404) is a 404 with
 * the schema's words, as someone else's id is.
 */
export function validationError(validation: SchemaIssue[], context?: string): HttpError {
  const missing = validation.find((issue) => issue.params?.params?.status === 404);
  if (context === 'params' && missing) return new HttpError(404, missing.message ?? 'Not found');
  const issues = validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'is invalid',
  }));
  const where = context === 'querystring' ? 'query' : context === 'params' ? 'path' : 'body';
  const detail = issues
    .map((issue) => `${issue.path || `(${where})`}: ${issue.message}`)
    .join('; ');
  return new HttpError(400, detail, issues);
}

/** The HttpError of a route schema's refusal (also one a route took with attachValidation). */
export function schemaRefusal(error: Error & { validation?: unknown }): HttpError {
  return validationError(
    (error.validation ?? []) as SchemaIssue[],
    (error as { validationContext?: string }).validationContext,
  );
}

/** The status and {"detail"} body of an error the router raises before any route runs. */
export function routerErrorBody(error: FastifyError): { status: number; body: { detail: string } } {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return { status, body: { detail: error.message || 'Bad request' } };
}

/** Fastify error handler: HttpError as is, fastify's own 4xx with its message, 500 logged. */
export function handleError(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (hasZodFastifySchemaValidationErrors(error)) error = schemaRefusal(error);
  if (error instanceof HttpError) {
    const body = error.issues
      ? { detail: error.detail, issues: error.issues }
      : { detail: error.detail };
    return reply.status(error.statusCode).send(body);
  }
  const status = error.statusCode ?? 500;
  // The JSON parser's own words ("Unexpected end of JSON input") do not say what was wrong.
  if (status === 400 && error instanceof SyntaxError) {
    return reply
      .status(400)
      .send({ detail: `The request body is not valid JSON: ${error.message}` });
  }
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ detail: error.message });
  }
  // A NUL character that got past the body checks (a path or query): PostgreSQL refuses it.
  if (NUL_REFUSED.has(databaseErrorCode(error) ?? '')) {
    return reply.status(400).send({ detail: 'Text must not contain a NUL character (\\u0000)' });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ detail: 'Internal server error' });
}
