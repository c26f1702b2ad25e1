import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { CSRF_HEADER } from '@promptgrid/contract';
import { badRequest, forbidden } from './errors.js';
import { cookieNames, csrfTokenValid, issueCsrfToken, loadCsrfKey, tokensMatch } from './csrf.js';
import { hostAllowed, nonCanonicalTarget } from './request-target.js';
import { accessTokenOf } from '../auth/bearer.js';
import { bearerToken } from '../auth/tokens.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const YEAR_S = 365 * 24 * 3600;

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSRF token this response sets, once it sets one. */
    issuedCsrf: string | null;
  }
  interface FastifyInstance {
    sessionCookies: {
      names: { session: string; csrf: string };
      options: { path: '/'; sameSite: 'lax'; secure: boolean };
      /** Sets a new CSRF cookie bound to `sessionToken` (none: signed out) and returns its token. */
      issueCsrf(reply: FastifyReply, sessionToken?: string): string;
      /** The request's CSRF cookie when it is bound to the session cookie the request carries, else null. */
      currentCsrf(request: FastifyRequest): string | null;
    };
    /** Every route this app serves, with its settings: what the access-matrix test walks. */
    servedRoutes: RouteOptions[];
  }
}

function sameOrigin(request: FastifyRequest, publicOrigin: string | null): boolean {
  const origin = request.headers.origin;
  if (!origin) return request.headers['sec-fetch-site'] !== 'cross-site'; // non-browser clients send neither
  if (!URL.canParse(origin)) return false;
  const parsed = new URL(origin);
  if (parsed.origin === publicOrigin) return true;
  return parsed.host === request.host.toLowerCase();
}

/**
 * What every request passes before any route runs, decided from the route the router matched (its `config`), never
 * from how the URL is spelled: one canonical target, a Host naming this server, and on every unsafe method the same
 * origin and a CSRF token bound to the session, unless the route opts out with `config.csrf: false`.
 */
export const security = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const csrfKey = await loadCsrfKey(app.db, config.sessionSecret);
    const names = cookieNames(config.secureCookies);
    const options = { path: '/' as const, sameSite: 'lax' as const, secure: config.secureCookies };
    const currentCsrf = (request: FastifyRequest) => {
      if (request.issuedCsrf) return request.issuedCsrf;
      const token = request.cookies[names.csrf];
      return token && csrfTokenValid(csrfKey, token, request.cookies[names.session]) ? token : null;
    };
    app.decorateRequest('issuedCsrf', null);
    app.decorate('sessionCookies', {
      names,
      options,
      issueCsrf(reply: FastifyReply, sessionToken?: string) {
        const token = issueCsrfToken(csrfKey, sessionToken);
        const maxAge = sessionToken ? Math.floor(config.sessionTtlMs / 1000) : YEAR_S;
        reply.setCookie(names.csrf, token, { ...options, httpOnly: false, maxAge });
        reply.request.issuedCsrf = token;
        return token;
      },
      currentCsrf,
    });
    app.decorate('servedRoutes', []);
    // The options object itself: plugins registered later may still add to its config.
    app.addHook('onRoute', (route) => void app.servedRoutes.push(route));

    await app.register(cookie);
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
          frameSrc: ["'self'", 'https://accounts.google.com/gsi/'],
          // The analytics client sends its events to the configured host only (and nothing when analytics are off).
          connectSrc: [
            "'self'",
            'https://accounts.google.com/gsi/',
            ...(config.analytics ? [config.analytics.host] : []),
          ],
          styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
          imgSrc: ["'self'", 'data:', 'https://*.googleusercontent.com'],
          mediaSrc: ["'self'"],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Google's sign-in pop-up talks back to the opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      strictTransportSecurity: config.secureCookies,
      // Helmet's default, said outright: a share page's address holds its token, so no link may pass it on.
      referrerPolicy: { policy: 'no-referrer' },
    });
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      // A valid API token is limited on its own, wherever its calls come from (a CI runner's shared address, say);
      // an unknown, revoked or expired one counts against the address, so guessing tokens is limited too.
      keyGenerator: async (request) => {
        const found = await accessTokenOf(app.db, request);
        return found ? `token:${found.tokenId}` : request.ip;
      },
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        detail: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
      }),
    });

    // preParsing, not onRequest: the rate limit (a hook on each route) runs first, so refused requests count too.
    app.addHook('preParsing', async (request, reply) => {
      const nonCanonical = nonCanonicalTarget(request.raw.url ?? '');
      if (nonCanonical) throw badRequest({ non_field_errors: [nonCanonical] });
      if (!hostAllowed(request.host, config.allowedHosts)) {
        throw badRequest({ non_field_errors: ['This server does not answer to that host name.'] });
      }
      const route = request.routeOptions.config;
      if (!UNSAFE.has(request.method)) {
        // A token from before a sign-in elsewhere or an expired session: give the page one that works again.
        if (!route.page && request.cookies[names.csrf] && !currentCsrf(request)) {
          app.sessionCookies.issueCsrf(reply, request.cookies[names.session]);
        }
        return;
      }
      // A bearer token is sent by a script, never attached by a browser to a cross-site request, and the cookie beside
      // it (if any) is ignored: there is nothing to forge.
      if (route.csrf === false || bearerToken(request) !== null) return;
      if (!sameOrigin(request, config.publicOrigin)) throw forbidden('Cross-origin request refused.');
      const header = request.headers[CSRF_HEADER.toLowerCase()];
      if (!tokensMatch(typeof header === 'string' ? header : undefined, currentCsrf(request) ?? undefined)) {
        throw forbidden('CSRF token missing or incorrect.');
      }
    });
  },
  { name: 'security', dependencies: ['config', 'promptgrid-database'] },
);
