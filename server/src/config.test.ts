import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for the embedded set-up', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      devLogin: true,
      secureCookies: false,
      freeEvaluationsPerMonth: 50,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.google.jwksUrl).toBe('https://www.googleapis.com/oauth2/v3/certs');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['APP_ENCRYPTION_KEY', 'short'],
    ['APP_ENCRYPTION_KEY_PREVIOUS', `${'ab'.repeat(32)},short`],
    ['PUBLIC_URL', 'not a url'],
    ['GOOGLE_JWKS_URL', 'nope'],
    ['DEV_LOGIN', 'maybe'],
    ['NODE_ENV', 'staging'],
    ['FREE_EVALUATIONS_PER_MONTH', '-1'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['LOG_LEVEL', 'loud'],
    ['ANALYTICS_HOST', 'posthog'],
    ['ANALYTICS_HOST', 'ftp://eu.i.posthog.com'],
    ['FEEDBACK_EMAIL', 'not-an-address'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('names every bad variable at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL/);
  });

  it('turns analytics on only with ANALYTICS_KEY, keeping the origin of ANALYTICS_HOST', () => {
    expect(loadConfig({}).analytics).toBeNull();
    expect(loadConfig({ ANALYTICS_HOST: 'https://eu.i.posthog.com' }).analytics).toBeNull();
    expect(loadConfig({ ANALYTICS_KEY: 'phc_abc' }).analytics).toEqual({
      key: 'phc_abc',
      host: 'https://us.i.posthog.com',
    });
    expect(loadConfig({ ANALYTICS_KEY: 'phc_abc', ANALYTICS_HOST: 'https://eu.i.posthog.com/' }).analytics).toEqual({
      key: 'phc_abc',
      host: 'https://eu.i.posthog.com',
    });
    expect(loadConfig({}).feedbackEmail).toBeNull();
    expect(loadConfig({ FEEDBACK_EMAIL: 'beta@example.com' }).feedbackEmail).toBe('beta@example.com');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: null });
  });

  it('turns dev sign-in off by default with Google sign-in or in production, and honours DEV_LOGIN', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' }).devLogin).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devLogin).toBe(false);
    expect(loadConfig({ DEV_LOGIN: 'false' }).devLogin).toBe(false);
    expect(loadConfig({ DEV_LOGIN: 'off' }).devLogin).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_LOGIN: 'true' }).devLogin).toBe(true);
  });

  it('makes cookies Secure only for an https PUBLIC_URL, and accepts 32-byte keys as base64 or hex', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://promptgrid.example.com' }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).secureCookies).toBe(false);
    expect(loadConfig({ APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).encryptionKey).not.toBeNull();
    expect(loadConfig({ APP_ENCRYPTION_KEY: 'ab'.repeat(32) }).encryptionKey).not.toBeNull();
    const previous = [Buffer.alloc(32, 1).toString('base64'), 'cd'.repeat(32)];
    expect(loadConfig({ APP_ENCRYPTION_KEY_PREVIOUS: previous.join(',') }).previousEncryptionKeys).toEqual(previous);
    expect(loadConfig({}).previousEncryptionKeys).toEqual([]);
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl).toBe('postgresql://u@h/db');
  });
});
