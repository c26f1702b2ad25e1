import fp from 'fastify-plugin';
import type { LiveHub } from './hub.js';
import { openLiveHub } from './events-route.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live progress of runs, from the workers that make the calls to the streams that watch them. */
    live: LiveHub;
  }
}

/** One hub per process; on PostgreSQL it also reaches the other processes, whose workers may run a watched run. */
export const livePlugin = fp(
  async (app) => {
    const hub = await openLiveHub(app.database.kind === 'postgres' ? app.config.databaseUrl : null, app.log);
    app.decorate('live', hub);
    app.addHook('onClose', () => hub.close());
  },
  { name: 'promptgrid-live', dependencies: ['config', 'promptgrid-database'] },
);
