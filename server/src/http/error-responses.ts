import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorBody, ROUTES, ValidationErrorBody } from '@promptgrid/contract';

/** A 400 names the fields at fault, or carries a detail when the request is wrong as a whole. */
const BadRequestBody = z.union([ValidationErrorBody, ErrorBody]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Adds the error answers every documented API route can give to its response schemas, so the API description
 * (`/api/openapi.json`, `/api/docs`) shows their bodies: 400 where the route reads a body, query or path
 * parameters; 401 without a session; 403 for a write without the CSRF token or from another origin; 404 where the
 * route names something by id. A status a route documents itself is left as it is.
 */
export function documentErrorResponses(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const { schema } = route;
    if (!schema || schema.hide || !/^\/(api|auth)\//.test(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const guarded = !route.config?.public;
    const errors: Record<number, z.ZodType> = {};
    if (schema.body || schema.querystring || schema.params) errors[400] = BadRequestBody;
    if (guarded) errors[401] = ErrorBody;
    // Stripe's webhook is the one write without a CSRF token: its signature authenticates it.
    const writes = methods.some((method) => !SAFE_METHODS.has(method));
    if (writes && route.url !== ROUTES.stripeWebhook) errors[403] = ErrorBody;
    if (guarded && (schema.params || schema.body)) errors[404] = ErrorBody;
    schema.response = { ...errors, ...(schema.response as object | undefined) };
  });
}
