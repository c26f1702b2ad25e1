import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import { openLiveHub } from './events-route.js';
import type { LiveHub } from './hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live events of runs: what its workers publish and its SSE routes follow. */
    liveHub: LiveHub;
  }
}

/** The live hub, opened once for the app: the queue's workers publish to it, the events route reads it. */
export const liveEvents = fp(
  async (app: App) => {
    const hub = await openLiveHub(app.database.kind === 'postgres' ? app.config.databaseUrl : null, app.log);
    app.decorate('liveHub', hub);
    app.addHook('onClose', () => hub.close());
  },
  { name: 'promptgrid-live', dependencies: ['config', 'database'] },
);
