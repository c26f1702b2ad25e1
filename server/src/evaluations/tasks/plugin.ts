import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import type { QueueEvents } from '../../queue/events.js';
import type { QueueWorker } from '../../queue/worker.js';
import { createEvaluationWorker } from './evaluation-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's queue worker, or null when it runs none (`--no-workers`, most tests). */
    queue: QueueWorker | null;
  }
}

type QueuePluginOptions = {
  /** Run a queue worker in this process. */
  workers?: boolean;
  /** Where the worker reports what it does; tests wait on it. */
  events?: QueueEvents;
};

/**
 * The task queue's worker with the evaluation engine's tasks, built once for the app: it starts when the app is
 * ready and hands its tasks back when the app closes. Routes only nudge it (`wake` after adding work, `cancelGroup`
 * after a cancel); the work itself reaches it, or a worker in any other process, through the queue's tables.
 */
export const taskQueue = fp(
  async (app: App, { workers = false, events }: QueuePluginOptions) => {
    if (!workers) return void app.decorate('queue', null);
    const worker = createEvaluationWorker(app.database, app.config.providers, app.sealingKey, app.log, {
      listenUrl: app.database.kind === 'postgres' ? app.config.databaseUrl : null,
      events,
      live: app.live,
      caller: app.providers,
      metrics: app.metrics,
    });
    app.decorate('queue', worker);
    app.addHook('onReady', () => worker.start());
    // Within the process's shutdown time: running calls finish or are handed back before it exits.
    app.addHook('onClose', () => worker.stop(app.config.shutdownTimeoutMs / 2));
  },
  {
    name: 'promptgrid-queue',
    dependencies: [
      'config',
      'promptgrid-database',
      'promptgrid-sealing',
      'promptgrid-providers',
      'promptgrid-live',
      'promptgrid-metrics',
    ],
  },
);
