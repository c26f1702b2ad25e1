import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, startTestApp } from '../../test/harness.js';

const connectSources = (csp: string) =>
  csp
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'connect-src')!
    .slice(1);

describe.each(embeddedDatabaseOnly)('analytics and feedback settings in the page config and CSP on %s', (kind) => {
  let plain: Awaited<ReturnType<typeof createTestApp>>;
  let configured: Awaited<ReturnType<typeof startTestApp>>;
  // Two settings, one test database: the database is the costly part of an app.
  beforeAll(async () => {
    plain = await createTestApp(kind);
    configured = await startTestApp(plain.database, {
      ANALYTICS_KEY: 'phc_test_key',
      ANALYTICS_HOST: 'https://eu.i.posthog.com',
      FEEDBACK_EMAIL: 'beta@promptgrid.example.com',
    });
  });
  afterAll(async () => {
    await configured?.app.close();
    await plain?.close();
  });

  it('hands nothing to the page and allows no analytics host when ANALYTICS_KEY is unset', async () => {
    const response = await plain.app.inject({ method: 'GET', url: ROUTES.config });
    expect(response.json()).toMatchObject({ analytics_key: null, analytics_host: null, feedback_email: null });
    expect(connectSources(String(response.headers['content-security-policy']))).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/',
    ]);
  });

  it('hands the key, host and feedback address to the page and allows exactly the configured host', async () => {
    const response = await configured.app.inject({ method: 'GET', url: ROUTES.config });
    expect(response.json()).toMatchObject({
      analytics_key: 'phc_test_key',
      analytics_host: 'https://eu.i.posthog.com',
      feedback_email: 'beta@promptgrid.example.com',
    });
    const page = await configured.app.inject({ method: 'GET', url: '/landing' });
    for (const csp of [response.headers['content-security-policy'], page.headers['content-security-policy']]) {
      expect(connectSources(String(csp))).toEqual([
        "'self'",
        'https://accounts.google.com/gsi/',
        'https://eu.i.posthog.com',
      ]);
    }
  });
});
