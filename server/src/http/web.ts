import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import { serverFile } from '../paths.js';

export const webDistDir = serverFile('../web/dist');

const PLACEHOLDER =
  '<!doctype html><title>Promptgrid</title><p>The web app is not built yet: run <code>npm run build</code>.</p>';

/** Registers a plugin whose routes are pages or assets: public, with no session lookup. */
export async function registerPages<Options extends object>(
  app: FastifyInstance,
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
  options: Options,
) {
  await app.register(async (pages) => {
    pages.addHook('onRoute', (route) => {
      route.config = Object.assign(route.config ?? {}, { public: true, page: true });
    });
    await pages.register(plugin, options);
  });
}

/** A path that names a file (an extension, or a dot-file such as /.env): never a client route. */
const looksLikeFile = (pathname: string) =>
  pathname.split('/').some((segment) => segment.startsWith('.')) || path.extname(pathname) !== '';

/**
 * Serves the web build; any other GET that is not under /api/ or /auth/ and does not name a file gets index.html,
 * so client routes work on reload. Files outside the build answer 404 rather than the page.
 */
export async function serveWeb(app: FastifyInstance) {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await registerPages(app, fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const [pathname = ''] = request.url.split('?');
    const isApi = pathname.startsWith('/api/') || pathname.startsWith('/auth/');
    // Unknown API paths do not tell an anonymous caller whether they exist.
    if (pathname.startsWith('/api/') && !request.user) {
      return reply.code(401).send({ detail: 'Authentication credentials were not provided.' });
    }
    if (!['GET', 'HEAD'].includes(request.method) || isApi || looksLikeFile(pathname)) {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').send(built ? await fs.promises.readFile(indexFile) : PLACEHOLDER);
  });
}
