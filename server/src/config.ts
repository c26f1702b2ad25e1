import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0', 'on', 'off']).transform((v) => ['true', '1', 'on'].includes(v));
const optionalText = z.string().trim().min(1).optional();
/** Real runs a free user may start per month, or `unlimited`. */
const freeEvaluations = z
  .union([z.literal('unlimited'), z.coerce.number().int().min(0)], {
    error: 'must be a whole number of runs, or unlimited',
  })
  .default(50);
/**
 * A URL setting, parsed: what the rest of the server compares is the URL's parsed protocol and host (lowercased by
 * the parser), never the text as typed, so `HTTPS://Example.com` means the same as `https://example.com`.
 */
const urlWith = (protocols: string[], message: string) =>
  z
    .url()
    .transform((v) => new URL(v))
    .refine((url) => protocols.includes(url.protocol), message);
const httpUrl = urlWith(['http:', 'https:'], 'must be an http(s) URL');
/** The URL as the parser writes it (lowercase protocol and host), without a trailing slash. */
const normalized = (url: URL) => url.href.replace(/\/+$/, '');
const isAddressOrRange = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};
/** Fastify's trustProxy: how many proxy hops to believe, or which proxy addresses; off unless set. */
const trustProxy = z.union([
  z.string().regex(/^\d+$/).transform(Number),
  z
    .string()
    .transform((v) => v.split(',').map((entry) => entry.trim()))
    .refine(
      (entries) => entries.every(isAddressOrRange),
      'must be a hop count, or IP addresses and CIDR ranges separated by commas',
    ),
]);
const hostList = z
  .string()
  .transform((v) => v.split(',').map((entry) => entry.trim().toLowerCase()))
  .refine(
    (entries) => entries.every((entry) => /^[a-z0-9.-]+(?::\d+)?$|^\[[0-9a-f:]+\](?::\d+)?$/.test(entry)),
    'must be host names (optionally with :port) separated by commas',
  );
const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host);

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Whether dev sign-in (any e-mail, no password) is on, and the reason given at start. */
function devLoginSetting(
  e: { DEV_LOGIN?: boolean; GOOGLE_CLIENT_ID?: string; HOST: string; PUBLIC_URL?: URL },
  production: boolean,
) {
  const exposure =
    e.PUBLIC_URL?.protocol === 'https:'
      ? `PUBLIC_URL is https (${normalized(e.PUBLIC_URL)})`
      : !isLoopbackHost(e.HOST)
        ? `HOST ${e.HOST} listens beyond loopback`
        : null;
  if (e.DEV_LOGIN === true) return { enabled: true, exposure, reason: null };
  const off = (reason: string) => ({ enabled: false, exposure, reason });
  if (e.DEV_LOGIN === false) return off('DEV_LOGIN=false');
  if (e.GOOGLE_CLIENT_ID) return off('GOOGLE_CLIENT_ID is set');
  if (production) return off('NODE_ENV is production');
  if (exposure) return off(`${exposure}; set DEV_LOGIN=true to allow it anyway`);
  return { enabled: true, exposure: null, reason: null };
}

/**
 * Whether users' endpoints may be on loopback or private networks, and the reason said at start. Set, the variable
 * wins; otherwise only a loopback-only single-user install allows them (a local Ollama just works there), because on
 * a server others reach, an endpoint is a way to make the server fetch addresses inside its own network.
 */
function privateEndpointsSetting(
  e: {
    ALLOW_PRIVATE_ENDPOINTS?: boolean;
    PUBLIC_URL?: URL;
    HOST: string;
    GOOGLE_CLIENT_ID?: string;
    DATABASE_URL?: string;
  },
  production: boolean,
) {
  if (e.ALLOW_PRIVATE_ENDPOINTS !== undefined) {
    const allowed = e.ALLOW_PRIVATE_ENDPOINTS;
    return { allowed, reason: `ALLOW_PRIVATE_ENDPOINTS=${allowed} is set` };
  }
  const shared =
    e.PUBLIC_URL && !isLoopbackHost(e.PUBLIC_URL.hostname)
      ? `PUBLIC_URL is ${normalized(e.PUBLIC_URL)}`
      : !isLoopbackHost(e.HOST)
        ? `HOST ${e.HOST} listens beyond loopback`
        : e.GOOGLE_CLIENT_ID
          ? 'GOOGLE_CLIENT_ID is set'
          : e.DATABASE_URL
            ? 'DATABASE_URL is set'
            : production
              ? 'NODE_ENV is production'
              : null;
  return shared
    ? { allowed: false, reason: `${shared}; set ALLOW_PRIVATE_ENDPOINTS=true to allow them anyway` }
    : { allowed: true, reason: 'this is a loopback-only single-user install' };
}

/** 32 bytes as base64 or hex. */
const KEY = '(?:[A-Za-z0-9+/]{43}=|[0-9a-fA-F]{64})';

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine(
      (v) => URL.canParse(v) && ['postgres:', 'postgresql:'].includes(new URL(v).protocol),
      'must start with postgres:// or postgresql://',
    )
    .optional(),
  APP_ENCRYPTION_KEY: z
    .string()
    .regex(new RegExp(`^${KEY}$`), 'must be 32 bytes as base64 (44 characters) or hex (64 characters)')
    .optional(),
  APP_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .regex(new RegExp(`^${KEY}(?:,${KEY})*$`), 'must be earlier values of APP_ENCRYPTION_KEY, separated by commas')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: httpUrl.default(new URL('https://www.googleapis.com/oauth2/v3/certs')),
  DEV_LOGIN: flag.optional(),
  TRUST_PROXY: trustProxy.optional(),
  ALLOWED_HOSTS: hostList.optional(),
  OPENAI_BASE_URL: httpUrl.optional(),
  ANTHROPIC_BASE_URL: httpUrl.optional(),
  GEMINI_BASE_URL: httpUrl.optional(),
  ALLOW_PRIVATE_ENDPOINTS: flag.optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PRICE_ID: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: httpUrl.optional(),
  FREE_EVALUATIONS_PER_MONTH: freeEvaluations,
  MAX_ACTIVE_RUNS_PER_USER: z.coerce.number().int().min(1).max(1000).default(3),
  EVAL_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(50),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  EVAL_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(4),
  EVAL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(500),
  EVAL_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  MAX_WORKER_SHARE_PER_USER: z.coerce.number().gt(0, 'must be more than 0').max(1).default(1),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).default(15_000),
  MODELS_FILE: optionalText,
  ANALYTICS_KEY: optionalText,
  ANALYTICS_HOST: httpUrl.default(new URL('https://us.i.posthog.com')),
  FEEDBACK_EMAIL: z.email().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const devLogin = devLoginSetting(e, production);
  const privateEndpoints = privateEndpointsSetting(e, production);
  const publicHost = e.PUBLIC_URL?.host ?? null;
  const secureCookies = e.PUBLIC_URL?.protocol === 'https:';
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ? normalized(e.PUBLIC_URL) : null,
    /** PUBLIC_URL's origin (protocol, host and port, as parsed): what a browser's Origin header is compared with. */
    publicOrigin: e.PUBLIC_URL?.origin ?? null,
    secureCookies,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    encryptionKey: e.APP_ENCRYPTION_KEY ?? null,
    /** Keys provider keys may still be sealed with: they are read, and resealed with encryptionKey when the server starts. */
    previousEncryptionKeys: e.APP_ENCRYPTION_KEY_PREVIOUS ? e.APP_ENCRYPTION_KEY_PREVIOUS.split(',') : [],
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 3600 * 1000,
    google: { clientId: e.GOOGLE_CLIENT_ID ?? null, jwksUrl: e.GOOGLE_JWKS_URL.href },
    devLogin: devLogin.enabled,
    /** Why dev sign-in is off, or (when DEV_LOGIN=true overrides it) what exposes it: said once at start. */
    devLoginNote: devLogin.enabled
      ? devLogin.exposure &&
        `DEV_LOGIN=true although ${devLogin.exposure}: anyone who reaches this server can sign in as any user`
      : `dev sign-in is off: ${devLogin.reason}`,
    /** Which ALLOW_PRIVATE_ENDPOINTS is in force and why: said once at start. */
    privateEndpointsNote: `endpoints on loopback and private networks are ${
      privateEndpoints.allowed ? 'allowed' : 'refused'
    }: ${privateEndpoints.reason}`,
    /** A hop count becomes "trust the nearest n hops", which is what Fastify does with a number (its types omit it). */
    trustProxy: typeof e.TRUST_PROXY === 'number' ? hopsTrusted(e.TRUST_PROXY) : (e.TRUST_PROXY ?? false),
    /**
     * Said at start when PUBLIC_URL is https but no proxy is trusted: behind a TLS-terminating proxy the server then
     * sees every request as plain http from the proxy's address (wrong client addresses for rate limits and logs).
     */
    proxyNote:
      secureCookies && e.TRUST_PROXY === undefined
        ? 'PUBLIC_URL is https but TRUST_PROXY is unset: if a proxy terminates TLS in front of this server, set ' +
          'TRUST_PROXY to its address (or hop count) so client addresses and the request protocol are read correctly'
        : null,
    /** Host headers accepted besides loopback names: PUBLIC_URL's host and ALLOWED_HOSTS. */
    allowedHosts: [...(publicHost ? [publicHost] : []), ...(e.ALLOWED_HOSTS ?? [])],
    sessionSecret: e.SESSION_SECRET ?? null,
    providers: {
      openaiBaseUrl: e.OPENAI_BASE_URL ? normalized(e.OPENAI_BASE_URL) : null,
      anthropicBaseUrl: e.ANTHROPIC_BASE_URL ? normalized(e.ANTHROPIC_BASE_URL) : null,
      geminiBaseUrl: e.GEMINI_BASE_URL ? normalized(e.GEMINI_BASE_URL) : null,
      /** Whether users' endpoints may be on loopback or private networks (see privateEndpointsSetting). */
      allowPrivateEndpoints: privateEndpoints.allowed,
      concurrency: e.EVAL_CONCURRENCY,
      timeoutMs: e.PROVIDER_TIMEOUT_MS,
      maxRetries: e.EVAL_MAX_RETRIES,
      retryBaseMs: e.EVAL_RETRY_BASE_MS,
      leaseMs: e.EVAL_LEASE_MS,
      /** The share of a worker's slots (per provider) one user's calls may take at once. */
      maxSharePerOwner: e.MAX_WORKER_SHARE_PER_USER,
    },
    /** Bearer token that opens GET /metrics; without it, only loopback may read them. */
    metricsToken: e.METRICS_TOKEN ?? null,
    /** Where a worker process (`npm run worker`) serves its metrics; none when unset. */
    metricsPort: e.METRICS_PORT ?? null,
    /** How long a stopping process waits for requests, streams and calls before it exits anyway. */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY ?? null,
      priceId: e.STRIPE_PRICE_ID ?? null,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
      apiBase: e.STRIPE_API_BASE ? normalized(e.STRIPE_API_BASE) : null,
    },
    // null: no limit. 0 means none only where there is a plan to buy instead; without billing it means no limit.
    freeEvaluationsPerMonth:
      e.FREE_EVALUATIONS_PER_MONTH === 'unlimited' || (e.FREE_EVALUATIONS_PER_MONTH === 0 && !e.STRIPE_SECRET_KEY)
        ? null
        : e.FREE_EVALUATIONS_PER_MONTH,
    maxActiveRunsPerUser: e.MAX_ACTIVE_RUNS_PER_USER,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    /** How often a live stream sends a heartbeat and re-reads its session and run. */
    liveHeartbeatMs: e.LIVE_HEARTBEAT_MS,
    modelsFile: e.MODELS_FILE ?? null,
    /** Product analytics (PostHog): on only with a key; the host is the origin its events go to. */
    analytics: e.ANALYTICS_KEY ? { key: e.ANALYTICS_KEY, host: e.ANALYTICS_HOST.origin } : null,
    feedbackEmail: e.FEEDBACK_EMAIL ?? null,
    logLevel: e.LOG_LEVEL,
  };
}

/** For the server and worker entry points: the config, or the message naming the bad variable and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
