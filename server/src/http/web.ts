import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { serverFile } from '../paths.js';

export const webDistDir = serverFile('../web/dist');

const PLACEHOLDER =
  '<!doctype html><title>Promptgrid</title><p>The web app is not built yet: run <code>npm run build</code>.</p>';

/** Serves the web build; any other GET outside /api/ and /auth/ gets index.html so client routes work on reload. */
export async function serveWeb(app: FastifyInstance) {
  const built = fs.existsSync(path.join(webDistDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isApi = pathname.startsWith('/api/') || pathname.startsWith('/auth/');
    if (request.method !== 'GET' || isApi) return reply.code(404).send({ detail: 'Not found.' });
    if (path.extname(pathname)) return reply.code(404).send({ detail: 'Not found.' });
    reply.header('cache-control', 'no-cache');
    return built ? reply.sendFile('index.html') : reply.type('text/html').send(PLACEHOLDER);
  });
}
