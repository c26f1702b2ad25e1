import { describe, expect, it } from 'vitest';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, signedInClient } from '../../test/harness.js';
import { useFakeProviderApp, userWithConfiguration } from '../../test/fake-provider-app.js';
import { evaluationCompleted } from '../../test/queued-run.js';

const KEY = 'sk-good-openai-metrics';
const TOKEN = 'metrics-token-0123456789abcdef';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

async function scrape(app: App, remoteAddress = '127.0.0.1') {
  const response = await app.inject({ method: 'GET', url: ROUTES.metrics, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusTextFormat(response.body);
}

/** The value of the sample of `name` whose labels include `labels`; 0 when there is none yet. */
function sample(families: MetricFamily[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  const found = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(found?.value ?? found?.count ?? 0);
}

describe('GET /metrics', () => {
  const setting = useFakeProviderApp('pglite', { apiKey: KEY, latencyMs: 0, env: {} });

  it('reads as Prometheus text, and its counters move with a run', async () => {
    const { app } = setting.ctx;
    const before = await scrape(app);
    expect(sample(before, 'promptgrid_provider_calls_total', { provider: 'openai', outcome: 'success' })).toBe(0);

    const { client, projectId, configurationId } = await userWithConfiguration(app, { apiKey: KEY });
    const inputIds: number[] = [];
    for (let n = 0; n < 3; n++)
      inputIds.push(
        (await client.post(ROUTES.inputs(projectId), { name: `Q${n}`, content: `Question ${n}` })).json().id,
      );
    const response = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [configurationId],
      input_ids: inputIds,
    });
    expect(response.statusCode, response.body).toBe(201);
    await evaluationCompleted(setting.events, setting.ctx.database, response.json().evaluation_id as number);

    const after = await scrape(app);
    const calls = { provider: 'openai', model: 'gpt-4o-mini' };
    expect(sample(after, 'promptgrid_provider_calls_total', { ...calls, outcome: 'success' })).toBe(3);
    expect(sample(after, 'promptgrid_provider_tokens_total', { ...calls, kind: 'input' })).toBeGreaterThan(0);
    expect(sample(after, 'promptgrid_provider_tokens_total', { ...calls, kind: 'output' })).toBeGreaterThan(0);
    expect(sample(after, 'promptgrid_provider_cost_usd_total', calls)).toBeGreaterThan(0);
    const route = { method: 'POST', route: ROUTES.runEvaluation };
    expect(sample(after, 'promptgrid_http_requests_total', { ...route, status: '201' })).toBe(1);
    // The parser folds a labelled histogram's series into one (prom2json's shape): its type and buckets are what it keeps.
    const latency = after.find((f) => f.name === 'promptgrid_http_request_duration_seconds');
    expect(latency?.type).toBe('HISTOGRAM');
    expect(Number(latency?.metrics[0]?.buckets?.['+Inf'])).toBeGreaterThan(0);
    // Nothing waits once the run is done; the gauges read the tables at scrape time.
    expect(after.find((f) => f.name === 'promptgrid_queue_ready_tasks')?.metrics).toContainEqual(
      expect.objectContaining({ labels: expect.objectContaining({ task: 'call', lane: 'openai' }), value: '0' }),
    );
    expect(after.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'promptgrid_queue_oldest_ready_age_seconds',
        'promptgrid_live_streams_open',
        'promptgrid_queue_lease_takeovers_total',
        'promptgrid_provider_rate_limited_total',
        'promptgrid_provider_retries_total',
        'nodejs_eventloop_lag_seconds',
      ]),
    );
  });

  it('is served to loopback only, and never through a proxy, without METRICS_TOKEN', async () => {
    const { app } = setting.ctx;
    await scrape(app, '::1');
    await scrape(app, '::ffff:127.0.0.1');
    expect((await app.inject({ method: 'GET', url: ROUTES.metrics, remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    // A proxy on the same host may add any one of these headers, and not X-Forwarded-For.
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-host': 'promptgrid.example.com' },
      { 'x-forwarded-proto': 'https' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 caddy' },
    ]) {
      const proxied = await app.inject({ method: 'GET', url: ROUTES.metrics, remoteAddress: '127.0.0.1', headers });
      expect(proxied.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('opens to the token from anywhere, and not to a user’s API token nor without it', async () => {
    const ctx = await createTestApp('pglite', { METRICS_TOKEN: TOKEN });
    try {
      const get = (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'GET', url: ROUTES.metrics, remoteAddress: '10.1.2.3', headers });
      expect((await get({ authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
      expect((await get({})).statusCode).toBe(401);
      expect((await get({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
      const client = await signedInClient(ctx.app);
      const created = await client.post(ROUTES.accessTokens, { name: 'CI' });
      expect(created.statusCode, created.body).toBe(201);
      const apiToken = created.json<{ token: string }>().token;
      expect((await get({ authorization: `Bearer ${apiToken}` })).statusCode).toBe(401);
      // Not even from loopback without the token.
      const local = await ctx.app.inject({ method: 'GET', url: ROUTES.metrics, remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });
});
