// What the OpenAPI document says of each route: a route that declares no summary or tags
// gets them here, so GET /api/openapi.json lists every route with a line a reader can use.
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Summaries of routes that do not declare their own, keyed by "METHOD /path". */
export const ROUTE_SUMMARIES: Record<string, string> = {
  'GET /api/health': 'Health of the server and which database it uses',
  'GET /api/client-config': 'Supabase URL and anonymous key for the web client',
  'GET /api/dev/status': 'Whether developer mode is available and this request is in it',
  'POST /api/dev/login': 'Enter developer mode with the secret (sets the plate_dev cookie)',
  'POST /api/dev/logout': 'Leave developer mode',
  'GET /api/experiments/': 'List your experiments, most recently updated first',
  'POST /api/experiments/': 'Create an experiment with an empty plate',
  'GET /api/experiments/:id': 'One experiment',
  'PUT /api/experiments/:id': 'Update name, description or plate type',
  'DELETE /api/experiments/:id': 'Delete an experiment and everything under it',
  'PATCH /api/experiments/:id/vehicle': 'Set the default vehicle',
  'GET /api/experiments/:id/plate': 'The plate state computed with the current bench',
  'PUT /api/experiments/:id/plate': 'Save the plate based on a version (409 when stale)',
  'POST /api/experiments/:id/versions': 'Save a version of the plate (optionally a snapshot)',
  'GET /api/experiments/:id/versions': 'Saved versions, newest first',
  'GET /api/experiments/:id/versions/:versionId': 'One version with its plate state',
  'POST /api/experiments/:id/versions/:versionId/restore': 'Restore a version (and its bench)',
  'GET /api/experiments/:id/bench/reagents': 'Bench reagents of the experiment',
  'POST /api/experiments/:id/bench/reagents': 'Add a reagent to the bench',
  'PATCH /api/experiments/:id/bench/reagents': 'Change limits of a bench reagent named by slug',
  'PATCH /api/experiments/:id/bench/reagents/:slug': 'Change limits of a bench reagent',
  'DELETE /api/experiments/:id/bench/reagents': 'Remove a bench reagent (?slug=)',
  'DELETE /api/experiments/:id/bench/reagents/:slug': 'Remove a bench reagent',
  'POST /api/experiments/:id/chat': 'Send a message to the assistant',
  'POST /api/experiments/:id/threads/:tid/resume': 'Continue a thread with a message',
  'GET /api/reagents/catalog': 'Search the reagent catalog',
  'GET /api/reagents/definitions': 'Reagent definitions (visibility, reagent_type, search)',
  'POST /api/reagents/definitions': 'Create a reagent definition',
  'GET /api/reagents/definitions/:id': 'One reagent definition',
  'PATCH /api/reagents/definitions/:id': 'Update a reagent definition',
  'DELETE /api/reagents/definitions/:id': 'Delete a reagent definition',
  'GET /api/reagents/definitions/:id/stocks': 'Stocks of a definition (?experiment_id=)',
  'POST /api/reagents/definitions/:id/stocks': 'Create a stock of a definition',
  'GET /api/reagents/stocks/:id': 'One reagent stock',
  'PATCH /api/reagents/stocks/:id': 'Update a reagent stock',
  'DELETE /api/reagents/stocks/:id': 'Delete a reagent stock',
  'GET /api/reagents/experiments/:id/stocks': 'Stocks tied to an experiment',
  'GET /api/openapi.json': 'This OpenAPI document',
};

const TAGS: [RegExp, string][] = [
  [/^\/api\/(health|client-config|openapi\.json)/, 'Meta'],
  [/^\/api\/dev\//, 'Developer mode'],
  [/^\/api\/experiments\/:id\/(plate|versions)/, 'Plate'],
  [/^\/api\/experiments\/:id\/bench/, 'Bench'],
  [/^\/api\/experiments\/:id\/(chat|threads)/, 'Chat'],
  [/^\/api\/experiments/, 'Experiments'],
  [/^\/api\/reagents/, 'Reagents'],
  [/^\/api\/agents/, 'Agent'],
];

/** The tag of a path: its resource. */
export function tagOf(url: string): string {
  return TAGS.find(([pattern]) => pattern.test(url))?.[1] ?? 'Other';
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** Adds summary and tags to every /api route registered after it that lacks them. */
export function registerApiDocs(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const method = methodsOf(route).find((m) => m !== 'HEAD') ?? 'GET';
    const schema = (route.schema ??= {}) as { summary?: string; tags?: string[] };
    schema.summary ??= ROUTE_SUMMARIES[`${method} ${route.url}`] ?? `${method} ${route.url}`;
    schema.tags ??= [tagOf(route.url)];
  });
}

/** GET /openapi.json (prefix /api): the document @fastify/swagger builds from the routes. */
export async function openapiRoute(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', async () => app.swagger());
}
