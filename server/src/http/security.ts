import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { CSRF_HEADER, STORAGE_KEYS } from '@promptgrid/contract';
import { forbidden } from './errors.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Stripe signs its webhook; it carries no cookie or CSRF token. */
const CSRF_EXEMPT = new Set(['/api/stripe/webhook/']);

export function tokensMatch(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

function sameOrigin(request: FastifyRequest, publicUrl: string | null): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // non-browser clients; the token check still applies
  if (publicUrl && origin === new URL(publicUrl).origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export const security = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
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
    });
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/auth/'),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        detail: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
      }),
    });

    app.addHook('onRequest', async (request) => {
      if (!UNSAFE.has(request.method)) return;
      const path = request.url.split('?')[0];
      if (!(path.startsWith('/api/') || path.startsWith('/auth/')) || CSRF_EXEMPT.has(path)) return;
      if (!sameOrigin(request, config.publicUrl)) throw forbidden('Cross-origin request refused.');
      const header = request.headers[CSRF_HEADER.toLowerCase()];
      if (!tokensMatch(typeof header === 'string' ? header : undefined, request.cookies[STORAGE_KEYS.csrfCookie])) {
        throw forbidden('CSRF token missing or incorrect.');
      }
    });
  },
  { name: 'security', dependencies: ['config'] },
);
