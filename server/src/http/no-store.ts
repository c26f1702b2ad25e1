import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every answer but the web build's pages and assets says `Cache-Control: no-store`: API answers carry one user's
 * projects, prompts, outputs and keys, and neither the browser's cache (a shared computer, the back button after
 * sign-out) nor a proxy may keep them. Set before any route runs, so errors and refusals carry it too; a route
 * that means to be cached (the index page, assets) sets its own.
 */
export const noStore = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.routeOptions.config.page) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'no-store' },
);
