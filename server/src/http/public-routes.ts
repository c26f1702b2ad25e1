import { z } from 'zod';
import { PublicConfig, ROUTES } from '@promptgrid/contract';
import type { App } from './types.js';

export default async function publicRoutes(app: App) {
  const { config } = app;
  app.get(ROUTES.healthz, { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get(
    ROUTES.config,
    { config: { public: true }, schema: { tags: ['meta'], response: { 200: PublicConfig } } },
    async () => ({
      google_client_id: config.google.clientId,
      dev_login: config.devLogin,
      billing_enabled: config.stripe.secretKey !== null,
      analytics_key: config.analytics?.key ?? null,
      analytics_host: config.analytics?.host ?? null,
      feedback_email: config.feedbackEmail,
      free_evaluations_per_month: config.freeEvaluationsPerMonth,
    }),
  );

  app.get(
    '/api/openapi.json',
    { config: { public: true }, schema: { hide: true, response: { 200: z.unknown() } } },
    async () => app.swagger(),
  );
}
