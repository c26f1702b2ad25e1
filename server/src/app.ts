import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { databasePlugin } from './db/plugin.js';
import { sealingPlugin } from './api-keys/sealing-plugin.js';
import { providersPlugin } from './providers/plugin.js';
import { livePlugin } from './evaluations/live/plugin.js';
import { registerErrorHandling, withSafeLogging } from './http/errors.js';
import { documentErrorResponses } from './http/error-responses.js';
import { cookieNames } from './http/csrf.js';
import { security } from './http/security.js';
import { noStore } from './http/no-store.js';
import { registerPages, serveWeb } from './http/web.js';
import publicRoutes from './http/public-routes.js';
import { readiness } from './http/readiness.js';
import { metricsPlugin } from './metrics/plugin.js';
import { backupRoute } from './backup/routes.js';
import { authentication } from './auth/plugin.js';
import authRoutes from './auth/routes.js';
import projectRoutes from './projects/routes.js';
import importRoutes from './imports/routes.js';
import inputRoutes from './inputs/routes.js';
import inputImageRoutes from './inputs/image-routes.js';
import configurationRoutes from './configurations/routes.js';
import modelRoutes from './models/routes.js';
import apiKeyRoutes from './api-keys/routes.js';
import endpointRoutes from './endpoints/routes.js';
import accessTokenRoutes from './access-tokens/routes.js';
import evaluationRoutes from './evaluations/routes.js';
import evaluationHistoryRoutes from './evaluations/history-routes.js';
import { taskQueue } from './evaluations/tasks/plugin.js';
import type { QueueEvents } from './queue/events.js';
import billingRoutes from './billing/routes.js';
import accountRoutes from './account/routes.js';
import checkRoutes from './checks/routes.js';
import verdictRoutes from './verdicts/routes.js';
import evidenceRoutes from './evidence/routes.js';
import sharingRoutes from './sharing/routes.js';
import './http/types.js';
import { badRequest } from './http/errors.js';

/**
 * No request needs JSON nested deeper than this (a JSON Schema may nest 64 levels); a 2 MB body could nest a million,
 * and every step after parsing (validating, logging, writing it out) walks it level by level.
 */
const JSON_BODY_MAX_DEPTH = 256;

/** Whether brackets outside strings nest deeper than the limit: one pass over the text, before it is parsed. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

/**
 * Existing API clients send `Content-Type: application/json` on every call, also on DELETE and sign-out with no body;
 * Fastify would answer those 400. An empty body reads as no body (routes with a body schema still answer 400). A body
 * nested deeper than JSON_BODY_MAX_DEPTH is refused before it is parsed.
 */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    if (nestsDeeperThan(body as string, JSON_BODY_MAX_DEPTH))
      return done(
        badRequest({ non_field_errors: [`The JSON body nests more than ${JSON_BODY_MAX_DEPTH} levels deep.`] }),
      );
    return parseJson(request, body as string, done);
  });
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Run a queue worker in this process (main.ts: yes unless --no-workers; most tests: no). */
  workers?: boolean;
  /** Where this process's worker reports what it does; tests wait on it. */
  workerEvents?: QueueEvents;
};

export async function buildApp({ config, database, logger = false, workers = false, workerEvents }: BuildAppOptions) {
  const app = Fastify({
    logger: withSafeLogging(logger),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  documentErrorResponses(app);
  acceptEmptyJsonBodies(app);

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', config);
      },
      { name: 'config' },
    ),
  );
  await app.register(databasePlugin, { database });
  await app.register(sealingPlugin);
  await app.register(providersPlugin);
  await app.register(livePlugin);
  await app.register(noStore);
  await app.register(security);
  await app.register(authentication);
  await app.register(metricsPlugin);
  await app.register(backupRoute);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Promptgrid API',
        version: '1.0.0',
        description: 'Compare system prompts and models side by side.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: cookieNames(config.secureCookies).session },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API token (Account settings); no CSRF.',
          },
        },
      },
      security: [{ session: [], csrf: [] }, { apiToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await registerPages(app, swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline styles as it draws the reference: its own policy allows them on this page only.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline' https:"),
  });

  await app.register(publicRoutes);
  await app.register(readiness);
  await app.register(authRoutes);
  await app.register(projectRoutes);
  await app.register(importRoutes);
  await app.register(inputRoutes);
  await app.register(inputImageRoutes);
  await app.register(configurationRoutes);
  await app.register(modelRoutes);
  await app.register(apiKeyRoutes);
  await app.register(endpointRoutes);
  await app.register(accessTokenRoutes);
  await app.register(taskQueue, { workers, events: workerEvents });
  await app.register(evaluationRoutes);
  await app.register(evaluationHistoryRoutes);
  await app.register(billingRoutes);
  await app.register(accountRoutes);
  await app.register(checkRoutes);
  await app.register(verdictRoutes);
  await app.register(evidenceRoutes);
  await app.register(sharingRoutes);
  await serveWeb(app);
  return app;
}
