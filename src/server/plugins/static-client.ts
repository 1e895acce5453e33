// Serves the built web client from dist/ with a single-page-app fallback: any GET outside
// /api that is not a file answers index.html; unknown /api paths answer 404 JSON.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plate Workstation</title></head>
<body><h1>Plate Workstation</h1>
<p>The web client is not built yet. Run <code>npm run build</code>, then restart the server.</p>
<p>The API is available under <code>/api</code>.</p></body></html>
`;

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Registers static files (if dist/ holds index.html) and the not-found handler. */
export async function registerStaticClient(
  app: FastifyInstance,
  distDir: string | null,
): Promise<void> {
  const root = distDir ? path.resolve(distDir) : null;
  const built = root !== null && existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      // Vite puts content-hashed files under assets/: they never change under one name.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) return reply.status(404).send({ detail: 'Not found' });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ detail: 'Not found' });
    }
    if (!built) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
