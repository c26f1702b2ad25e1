import fp from 'fastify-plugin';
import { ROUTES } from '@promptgrid/contract';
import type { App } from '../http/types.js';
import { callerOf } from '../http/local-caller.js';
import { scrapeRefusal } from './access.js';
import { collectQueueDepth } from './queue-depth.js';
import { Metrics } from './registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus metrics, served at GET /metrics. */
    metrics: Metrics;
  }
}

/**
 * Metrics for Prometheus at GET /metrics: every answered request by route and status with its latency, and, read at
 * scrape time, the queue's depth and the age of its oldest ready task, live streams and the database pool. Provider
 * calls and lease takeovers are counted by this process's queue worker (evaluation-worker.ts).
 */
export const metricsPlugin = fp(
  async (app: App) => {
    const metrics = new Metrics({ process: 'server' });
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched' };
      metrics.httpRequests.inc({ ...labels, status: String(reply.statusCode) });
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    });
    metrics.collectOnScrape(() => collectQueueDepth(app.database, metrics));
    const { poolStats } = app.database;
    if (poolStats)
      metrics.collectOnScrape(() => {
        const pool = poolStats();
        metrics.databasePool.set({ state: 'total' }, pool.total);
        metrics.databasePool.set({ state: 'idle' }, pool.idle);
        metrics.databasePool.set({ state: 'waiting' }, pool.waiting);
      });

    app.get(
      ROUTES.metrics,
      { config: { public: true, ownCredentials: true }, schema: { hide: true } },
      async (request, reply) => {
        const refusal = scrapeRefusal(callerOf(request.raw), app.config.metricsToken);
        if (refusal) return reply.code(refusal.status).send({ detail: refusal.detail });
        const { body, contentType } = await metrics.scrape();
        return reply.type(contentType).send(body);
      },
    );
  },
  { name: 'promptgrid-metrics', dependencies: ['config', 'promptgrid-database'] },
);
