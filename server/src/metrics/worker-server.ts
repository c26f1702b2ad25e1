import http from 'node:http';
import type { Database } from '../db/client.js';
import { callerOf } from '../http/local-caller.js';
import { scrapeRefusal } from './access.js';
import { collectQueueDepth } from './queue-depth.js';
import type { Metrics } from './registry.js';

/**
 * A worker process (`npm run worker`) serves no API: its metrics get a small HTTP server of their own on METRICS_PORT,
 * GET /metrics only, under the same rule as the server's (METRICS_TOKEN, else loopback).
 */
export function serveWorkerMetrics(
  metrics: Metrics,
  database: Database,
  { host, port, token }: { host: string; port: number; token: string | null },
): Promise<http.Server> {
  metrics.collectOnScrape(() => collectQueueDepth(database, metrics));
  const server = http.createServer((request, response) => {
    const answer = (status: number, type: string, body: string) =>
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics')
      return answer(404, 'application/json', JSON.stringify({ detail: 'Not found.' }));
    const refusal = scrapeRefusal(callerOf(request), token);
    if (refusal) return answer(refusal.status, 'application/json', JSON.stringify({ detail: refusal.detail }));
    metrics.scrape().then(
      ({ body, contentType }) => answer(200, contentType, body),
      () => answer(500, 'application/json', JSON.stringify({ detail: 'Metrics could not be read.' })),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
