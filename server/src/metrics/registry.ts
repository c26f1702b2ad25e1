import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** How a provider call ended, as the calls counter labels it. */
export type CallEnd = {
  provider: string;
  model: string;
  ok: boolean;
  /** Attempts beyond the first, rate-limit waits included. */
  retries: number;
  /** Answers of 429 (rate limited) among the attempts. */
  rateLimited: number;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
};

/**
 * One process's Prometheus metrics: the Node runtime's own (event-loop lag, heap, CPU) and the server's. Values read
 * from elsewhere (queue depth, live streams, database pool) are gauges set at scrape time by whoever owns them
 * (collectOnScrape), so a scrape shows the present and nothing is kept up to date in between.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly collectors: (() => unknown)[] = [];

  readonly httpRequests = new Counter({
    name: 'promptgrid_http_requests_total',
    help: 'HTTP requests answered, by method, route (its template) and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'promptgrid_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly providerCalls = new Counter({
    name: 'promptgrid_provider_calls_total',
    help: 'Provider calls ended, by provider, model and outcome (success or failure, after retries).',
    labelNames: ['provider', 'model', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly providerRetries = new Counter({
    name: 'promptgrid_provider_retries_total',
    help: 'Attempts of provider calls beyond their first, by provider and model.',
    labelNames: ['provider', 'model'] as const,
    registers: [this.registry],
  });

  readonly providerRateLimited = new Counter({
    name: 'promptgrid_provider_rate_limited_total',
    help: 'Provider answers of 429 (rate limited), by provider and model.',
    labelNames: ['provider', 'model'] as const,
    registers: [this.registry],
  });

  readonly providerTokens = new Counter({
    name: 'promptgrid_provider_tokens_total',
    help: 'Tokens the providers reported, by provider, model and kind (input or output).',
    labelNames: ['provider', 'model', 'kind'] as const,
    registers: [this.registry],
  });

  readonly providerCost = new Counter({
    name: 'promptgrid_provider_cost_usd_total',
    help: 'What provider calls cost in USD at the runs’ prices, by provider and model.',
    labelNames: ['provider', 'model'] as const,
    registers: [this.registry],
  });

  readonly leaseTakeovers = new Counter({
    name: 'promptgrid_queue_lease_takeovers_total',
    help: 'Tasks this process claimed because the lease of the worker holding them had run out (it died or stalled).',
    labelNames: ['task'] as const,
    registers: [this.registry],
  });

  readonly queueDepth = new Gauge({
    name: 'promptgrid_queue_ready_tasks',
    help: 'Tasks waiting to be claimed, by task and lane.',
    labelNames: ['task', 'lane'] as const,
    registers: [this.registry],
  });

  readonly queueOldestReady = new Gauge({
    name: 'promptgrid_queue_oldest_ready_age_seconds',
    help: 'How long the oldest task waiting to be claimed has waited, by task and lane (0 when none waits).',
    labelNames: ['task', 'lane'] as const,
    registers: [this.registry],
  });

  readonly liveStreams = new Gauge({
    name: 'promptgrid_live_streams_open',
    help: 'Live progress streams (Server-Sent Events) open in this process.',
    registers: [this.registry],
  });

  readonly databasePool = new Gauge({
    name: 'promptgrid_database_pool_connections',
    help: 'PostgreSQL pool connections, by state (total, idle, waiting: requests waiting for a connection).',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  constructor(labels: { process: 'server' | 'worker' }) {
    this.registry.setDefaultLabels(labels);
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counts a provider call that ended (mock calls are not provider calls and are not counted). */
  callEnded(call: CallEnd) {
    const labels = { provider: call.provider, model: call.model };
    this.providerCalls.inc({ ...labels, outcome: call.ok ? 'success' : 'failure' });
    if (call.retries > 0) this.providerRetries.inc(labels, call.retries);
    if (call.rateLimited > 0) this.providerRateLimited.inc(labels, call.rateLimited);
    if (call.inputTokens) this.providerTokens.inc({ ...labels, kind: 'input' }, call.inputTokens);
    if (call.outputTokens) this.providerTokens.inc({ ...labels, kind: 'output' }, call.outputTokens);
    if (call.costUsd) this.providerCost.inc(labels, call.costUsd);
  }

  /** Runs `collect` before every scrape, to set the gauges it owns. */
  collectOnScrape(collect: () => unknown) {
    this.collectors.push(collect);
  }

  /** The text a scrape answers, and its content type. A collector that fails leaves its gauges as they were. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    await Promise.allSettled(this.collectors.map(async (collect) => collect()));
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
