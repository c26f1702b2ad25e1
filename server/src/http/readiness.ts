import fp from 'fastify-plugin';
import { ROUTES } from '@promptgrid/contract';
import { migrationsApplied } from '../db/migration-state.js';
import type { App } from './types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process should get traffic: set stopping when it begins to shut down. */
    readiness: { stopping: boolean };
  }
}

/**
 * GET /readyz for load balancers and orchestrators: 200 once the database answers and holds every migration of this
 * build, 503 before that and from the moment the process begins to shut down (so traffic moves elsewhere while its
 * requests and calls finish). /healthz stays a liveness check that answers while the process lives.
 */
export const readiness = fp(
  async (app: App) => {
    app.decorate('readiness', { stopping: false });
    app.get(ROUTES.readyz, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      if (app.readiness.stopping) return reply.code(503).send({ status: 'stopping' });
      let migrated: boolean;
      try {
        migrated = await migrationsApplied(app.database);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: the database did not answer');
        return reply.code(503).send({ status: 'database unavailable' });
      }
      if (!migrated) return reply.code(503).send({ status: 'migrations pending' });
      return { status: 'ready' };
    });
  },
  { name: 'promptgrid-readiness', dependencies: ['config', 'promptgrid-database'] },
);
