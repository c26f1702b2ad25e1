/**
 * A fake Stripe API on 127.0.0.1 (random port) that speaks enough of Stripe's wire format for the official
 * `stripe` SDK: form-encoded requests, JSON objects with `object` and `id`, `{error: {...}}` failures and
 * Idempotency-Key replay. Point the server at it with STRIPE_API_BASE=fake.url.
 *
 * It also builds and signs webhook events (the `Stripe-Signature` scheme: `t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>">`) and delivers them to an app, so tests and the e2e suite can move a user through
 * checkout, renewal failures and cancellation without the network.
 *
 * Routes: POST /v1/customers, GET /v1/customers/{id}, POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id},
 * POST /v1/billing_portal/sessions, GET/POST/DELETE /v1/subscriptions/{id}; and for browsers, GET /checkout/{id}
 * (a page with a Pay button) and POST /checkout/{id}/complete (completes it, sends the webhooks to
 * `webhookTarget`, redirects to the success URL), GET /portal/{id} (a page linking back to the return URL).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

/** The request parameters the fake reads, as Stripe's form encoding delivers them: text, and nested text. */
type StripeParams = {
  email?: string;
  customer?: string;
  mode?: string;
  client_reference_id?: string;
  line_items?: { price?: string; quantity?: string }[];
  success_url?: string;
  cancel_url?: string;
  return_url?: string;
  metadata?: Record<string, string>;
  subscription_data?: { metadata?: Record<string, string> };
  cancel_at_period_end?: string;
};

export type FakeStripeCustomer = {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
};
export type FakeStripeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  customer: string | null;
  client_reference_id: string | null;
  line_items: { price: string; quantity: number }[];
  success_url: string | null;
  cancel_url: string | null;
  metadata: Record<string, string>;
  subscription_data: { metadata?: Record<string, string> };
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  subscription: string | null;
  url: string;
  created: number;
};
export type FakeStripeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'unpaid' | 'paused';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
  created: number;
};
export type FakeStripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Json; previous_attributes?: Json };
};

/** What a webhook is delivered to: an app's base URL (or the full webhook URL), an object with Fastify's `inject`, or a function. */
export type WebhookTarget =
  | string
  | {
      inject(options: {
        method: 'POST';
        url: string;
        payload: string;
        headers: Record<string, string>;
      }): PromiseLike<{ statusCode: number; body: string }>;
    }
  | ((request: { payload: string; headers: Record<string, string> }) => Promise<{ statusCode: number; body: string }>);

export type WebhookDelivery = { statusCode: number; body: string; event: FakeStripeEvent };

export type FakeStripeOptions = {
  /** Requests must carry `Authorization: Bearer <secretKey>`; any sk_ key is accepted when unset. */
  secretKey?: string;
  /** Secret that webhooks are signed with (the server's STRIPE_WEBHOOK_SECRET). */
  webhookSecret?: string;
  /** Where the browser pages' Pay button delivers its webhooks (may be set later). */
  webhookTarget?: WebhookTarget;
};

const WEBHOOK_PATH = '/api/stripe/webhook/';
const API_VERSION = '2026-10-28.endive';
const PERIOD_SECONDS = 30 * 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p, i) => p !== '' || i === 0);
    // A list is filled by its indexes as text ('0', '1'), so it is walked like an object.
    let node: Record<string, unknown> = out;
    for (const [i, part] of parts.entries()) {
      const next = parts[i + 1];
      if (next === undefined) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(next) ? [] : {}) as Record<string, unknown>;
    }
  }
  return out;
}

/** The `Stripe-Signature` header value for a payload, as Stripe computes it. */
export function signStripePayload(payload: string, secret: string, timestamp = now()): string {
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (what: string, id: string, param = 'id') =>
  new StripeApiError(404, `No such ${what}: '${id}'`, 'invalid_request_error', 'resource_missing', param);

export class FakeStripe {
  readonly customers = new Map<string, FakeStripeCustomer>();
  readonly checkoutSessions = new Map<string, FakeStripeCheckoutSession>();
  readonly portalSessions = new Map<
    string,
    {
      id: string;
      object: 'billing_portal.session';
      customer: string;
      return_url: string | null;
      url: string;
      created: number;
    }
  >();
  readonly subscriptions = new Map<string, FakeStripeSubscription>();
  /** Every API request received, in order (method, path, parsed form body). */
  readonly requests: { method: string; path: string; body: Json; idempotencyKey: string | null }[] = [];
  readonly events: FakeStripeEvent[] = [];
  webhookSecret: string;
  webhookTarget: WebhookTarget | undefined;
  private readonly idempotent = new Map<string, { status: number; body: string }>();
  private server: http.Server | undefined;
  url = '';

  constructor(private readonly options: FakeStripeOptions = {}) {
    this.webhookSecret = options.webhookSecret ?? 'whsec_fake_promptgrid';
    this.webhookTarget = options.webhookTarget;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        const message = error instanceof Error ? error.message : String(error);
        res.end(JSON.stringify({ error: { type: 'api_error', message } }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }

  /** Environment for a server that should use this fake. */
  env(priceId = 'price_standard_monthly'): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.options.secretKey ?? 'sk_test_fake_promptgrid',
      STRIPE_PRICE_ID: priceId,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_BASE: this.url,
    };
  }

  // ---- state changes a real Stripe would make, each returning the event it would send ----

  /** The customer paid: creates an active subscription, completes the session; events: subscription created, checkout completed. */
  completeCheckout(sessionId: string, options: { status?: FakeStripeSubscription['status'] } = {}): FakeStripeEvent[] {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
    if (!session.customer) throw new Error(`fake Stripe: checkout session ${sessionId} has no customer`);
    const subscription = this.createSubscription(session.customer, {
      price: session.line_items[0]?.price ?? 'price_unknown',
      status: options.status ?? 'active',
      metadata: session.subscription_data.metadata ?? {},
    });
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    return [
      this.event('customer.subscription.created', subscription),
      this.event('checkout.session.completed', session),
    ];
  }

  /** A subscription as Stripe would hold it (without an event). */
  createSubscription(
    customer: string,
    options: { price?: string; status?: FakeStripeSubscription['status']; metadata?: Record<string, string> } = {},
  ): FakeStripeSubscription {
    const start = now();
    const subscription: FakeStripeSubscription = {
      id: randomId('sub'),
      object: 'subscription',
      customer,
      status: options.status ?? 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      current_period_start: start,
      current_period_end: start + PERIOD_SECONDS,
      metadata: options.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: randomId('si'),
            object: 'subscription_item',
            price: { id: options.price ?? 'price_standard_monthly', object: 'price' },
            quantity: 1,
            current_period_start: start,
            current_period_end: start + PERIOD_SECONDS,
          },
        ],
      },
      created: start,
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** Changes a subscription (status, cancel_at_period_end, ...) and returns customer.subscription.updated. */
  updateSubscription(
    id: string,
    changes: Partial<Pick<FakeStripeSubscription, 'status' | 'cancel_at_period_end' | 'current_period_end'>>,
    options: { created?: number } = {},
  ): FakeStripeEvent {
    const subscription = this.subscription(id);
    const previous: Json = {};
    for (const key of Object.keys(changes) as (keyof typeof changes)[]) previous[key] = subscription[key];
    Object.assign(subscription, changes);
    if (changes.current_period_end)
      for (const item of subscription.items.data) item.current_period_end = changes.current_period_end;
    return this.event('customer.subscription.updated', subscription, {
      previous_attributes: previous,
      created: options.created,
    });
  }

  /** Ends a subscription now and returns customer.subscription.deleted. */
  deleteSubscription(id: string, options: { created?: number } = {}): FakeStripeEvent {
    const subscription = this.subscription(id);
    Object.assign(subscription, { status: 'canceled', canceled_at: now() });
    return this.event('customer.subscription.deleted', subscription, { created: options.created });
  }

  /** A renewal payment failed: the subscription goes past_due; returns invoice.payment_failed. */
  failPayment(subscriptionId: string): FakeStripeEvent {
    const subscription = this.subscription(subscriptionId);
    subscription.status = 'past_due';
    const invoice = {
      id: randomId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      billing_reason: 'subscription_cycle',
      attempt_count: 1,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      created: now(),
    };
    return this.event('invoice.payment_failed', invoice);
  }

  /** An event object around a snapshot of `object`, remembered in `events`. */
  event(
    type: string,
    object: Json,
    options: { previous_attributes?: Json; created?: number; id?: string } = {},
  ): FakeStripeEvent {
    const event: FakeStripeEvent = {
      id: options.id ?? randomId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: options.created ?? now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: structuredClone(object),
        ...(options.previous_attributes ? { previous_attributes: options.previous_attributes } : {}),
      },
    };
    this.events.push(event);
    return event;
  }

  /** Headers Stripe sends with a webhook, signed with `secret` (the fake's webhook secret by default). */
  webhookHeaders(payload: string, secret = this.webhookSecret, timestamp = now()): Record<string, string> {
    return {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signStripePayload(payload, secret, timestamp),
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
  }

  /**
   * Delivers a signed event (or several, in order) to an app. `signature` replaces the header
   * (null: no header), `secret` signs with another secret; `payload` sends other bytes than the event's JSON.
   */
  async sendWebhook(
    target: WebhookTarget,
    event: FakeStripeEvent,
    options: { secret?: string; signature?: string | null; payload?: string; timestamp?: number } = {},
  ): Promise<WebhookDelivery> {
    const payload = options.payload ?? JSON.stringify(event, null, 2);
    const headers = this.webhookHeaders(payload, options.secret, options.timestamp);
    if (options.signature === null) delete headers['stripe-signature'];
    else if (options.signature !== undefined) headers['stripe-signature'] = options.signature;
    const response = await deliver(target, payload, headers);
    return { ...response, event };
  }

  /** Sends each event in order and returns the deliveries; throws if one is not answered 2xx. */
  async sendWebhooks(target: WebhookTarget, events: FakeStripeEvent[]): Promise<WebhookDelivery[]> {
    const deliveries: WebhookDelivery[] = [];
    for (const event of events) {
      const delivery = await this.sendWebhook(target, event);
      if (delivery.statusCode < 200 || delivery.statusCode >= 300) {
        throw new Error(`fake Stripe: webhook ${event.type} answered ${delivery.statusCode}: ${delivery.body}`);
      }
      deliveries.push(delivery);
    }
    return deliveries;
  }

  /** The newest checkout session created for a customer. */
  lastCheckoutSession(customer?: string): FakeStripeCheckoutSession | undefined {
    return [...this.checkoutSessions.values()].filter((s) => !customer || s.customer === customer).at(-1);
  }

  private subscription(id: string): FakeStripeSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`fake Stripe: no subscription ${id}`);
    return subscription;
  }

  // ---- HTTP ----

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';

    if (!url.pathname.startsWith('/v1/')) return this.handlePage(method, url, res);

    const body = method === 'GET' || method === 'DELETE' ? Object.fromEntries(url.searchParams) : parseStripeForm(raw);
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method, path: url.pathname, body, idempotencyKey });
    const send = (status: number, json: string) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': randomId('req'),
        'stripe-version': API_VERSION,
      });
      res.end(json);
    };

    const auth = req.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const expected = this.options.secretKey;
    if (expected ? key !== expected : !key.startsWith('sk_')) {
      return send(
        401,
        JSON.stringify({
          error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}***` },
        }),
      );
    }

    const cacheKey = idempotencyKey && method === 'POST' ? `${key} ${idempotencyKey}` : null;
    if (cacheKey && this.idempotent.has(cacheKey)) {
      const cached = this.idempotent.get(cacheKey)!;
      return send(cached.status, cached.body);
    }
    let status = 200;
    let json: string;
    try {
      json = JSON.stringify(this.route(method, url.pathname, body));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      json = JSON.stringify({
        error: {
          type: error.type,
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.param ? { param: error.param } : {}),
        },
      });
    }
    if (cacheKey) this.idempotent.set(cacheKey, { status, body: json });
    send(status, json);
  }

  private route(method: string, path: string, body: StripeParams): Json {
    let routeId: string | undefined;
    if (method === 'POST' && path === '/v1/customers') {
      const customer: FakeStripeCustomer = {
        id: randomId('cus'),
        object: 'customer',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        created: now(),
      };
      this.customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'GET' && (routeId = path.match(/^\/v1\/customers\/([^/]+)$/)?.[1])) {
      return this.customers.get(routeId) ?? throwError(missing('customer', routeId));
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (body.customer && !this.customers.has(body.customer)) throw missing('customer', body.customer, 'customer');
      const lineItems = body.line_items ?? [];
      if (!body.mode)
        throw new StripeApiError(
          400,
          'Missing required param: mode.',
          'invalid_request_error',
          'parameter_missing',
          'mode',
        );
      if (body.mode === 'subscription' && (lineItems.length === 0 || !lineItems[0]?.price)) {
        throw new StripeApiError(
          400,
          'You must provide at least one recurring price in `subscription` mode when using prices.',
          'invalid_request_error',
          'parameter_missing',
          'line_items',
        );
      }
      if (!body.success_url)
        throw new StripeApiError(
          400,
          'Missing required param: success_url.',
          'invalid_request_error',
          'parameter_missing',
          'success_url',
        );
      const id = randomId('cs_test');
      const session: FakeStripeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        line_items: lineItems.map((item) => ({ price: item.price ?? '', quantity: Number(item.quantity ?? 1) })),
        success_url: body.success_url ?? null,
        cancel_url: body.cancel_url ?? null,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data ?? {},
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        url: `${this.url}/checkout/${id}`,
        created: now(),
      };
      this.checkoutSessions.set(id, session);
      return session;
    }
    if (method === 'GET' && (routeId = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)?.[1])) {
      return this.checkoutSessions.get(routeId) ?? throwError(missing('checkout.session', routeId));
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!body.customer)
        throw new StripeApiError(
          400,
          'Missing required param: customer.',
          'invalid_request_error',
          'parameter_missing',
          'customer',
        );
      if (!this.customers.has(body.customer)) throw missing('customer', body.customer, 'customer');
      const id = randomId('bps');
      const session = {
        id,
        object: 'billing_portal.session' as const,
        customer: body.customer,
        return_url: body.return_url ?? null,
        url: `${this.url}/portal/${id}`,
        created: now(),
      };
      this.portalSessions.set(id, session);
      return session;
    }
    if ((routeId = path.match(/^\/v1\/subscriptions\/([^/]+)$/)?.[1])) {
      const subscription = this.subscriptions.get(routeId) ?? throwError(missing('subscription', routeId));
      if (method === 'GET') return subscription;
      if (method === 'POST') {
        if (subscription.status === 'canceled') {
          throw new StripeApiError(
            400,
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        }
        if (body.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        if (body.metadata) Object.assign(subscription.metadata, body.metadata);
        return subscription;
      }
      if (method === 'DELETE') {
        Object.assign(subscription, { status: 'canceled', canceled_at: now() });
        return subscription;
      }
    }
    throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  /** Minimal browser pages standing in for Checkout and the Customer Portal (for the e2e suite). */
  private async handlePage(method: string, url: URL, res: http.ServerResponse) {
    const html = (status: number, title: string, content: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${content}</body></html>`,
      );
    };
    let routeId: string | undefined;
    if (method === 'GET' && (routeId = url.pathname.match(/^\/checkout\/([^/]+)$/)?.[1])) {
      const session = this.checkoutSessions.get(routeId);
      if (!session) return html(404, 'Checkout session not found', '');
      return html(
        200,
        'Fake Stripe Checkout',
        `<p>Standard plan</p><form method="post" action="/checkout/${session.id}/complete"><button type="submit">Pay</button></form>` +
          (session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Back</a>` : ''),
      );
    }
    if (method === 'POST' && (routeId = url.pathname.match(/^\/checkout\/([^/]+)\/complete$/)?.[1])) {
      const session = this.checkoutSessions.get(routeId);
      if (!session) return html(404, 'Checkout session not found', '');
      if (!this.webhookTarget) return html(500, 'Fake Stripe has no webhookTarget', '');
      await this.sendWebhooks(this.webhookTarget, this.completeCheckout(session.id));
      res.writeHead(303, { location: session.success_url ?? '/' });
      return res.end();
    }
    if (method === 'GET' && (routeId = url.pathname.match(/^\/portal\/([^/]+)$/)?.[1])) {
      const session = this.portalSessions.get(routeId);
      if (!session) return html(404, 'Portal session not found', '');
      return html(
        200,
        'Fake Stripe Customer Portal',
        session.return_url ? `<a href="${escapeHtml(session.return_url)}">Return</a>` : '',
      );
    }
    return html(404, 'Not found', '');
  }
}

function throwError(error: Error): never {
  throw error;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function deliver(
  target: WebhookTarget,
  payload: string,
  headers: Record<string, string>,
): Promise<{ statusCode: number; body: string }> {
  if (typeof target === 'function') return target({ payload, headers });
  if (typeof target === 'object') {
    const response = await target.inject({ method: 'POST', url: WEBHOOK_PATH, payload, headers });
    return { statusCode: response.statusCode, body: response.body };
  }
  const url = target.includes(WEBHOOK_PATH) ? target : new URL(WEBHOOK_PATH, target).toString();
  const response = await fetch(url, { method: 'POST', headers, body: payload });
  return { statusCode: response.status, body: await response.text() };
}

/** Starts a fake Stripe API; close it with `await fake.close()`. */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  return new FakeStripe(options).start();
}
