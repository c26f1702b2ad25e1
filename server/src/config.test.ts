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
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,not-an-address'],
    ['ALLOWED_HOSTS', 'https://example.com'],
    ['ALLOWED_HOSTS', 'example.com/path'],
    ['ANALYTICS_HOST', 'posthog'],
    ['ANALYTICS_HOST', 'ftp://eu.i.posthog.com'],
    ['FEEDBACK_EMAIL', 'not-an-address'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('allows private endpoints on a loopback-only single-user install only, unless ALLOW_PRIVATE_ENDPOINTS says', () => {
    const allowed = (env: Record<string, string>) => loadConfig(env).providers.allowPrivateEndpoints;
    expect(allowed({})).toBe(true);
    expect(allowed({ HOST: 'localhost', PUBLIC_URL: 'http://localhost:8080' })).toBe(true);
    expect(allowed({ NODE_ENV: 'production' })).toBe(false);
    expect(allowed({ DATABASE_URL: 'postgres://db/promptgrid' })).toBe(false);
    expect(allowed({ PUBLIC_URL: 'https://promptgrid.example.com' })).toBe(false);
    expect(allowed({ PUBLIC_URL: 'http://promptgrid.example.com' })).toBe(false);
    expect(allowed({ HOST: '0.0.0.0' })).toBe(false);
    expect(allowed({ GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' })).toBe(false);
    expect(allowed({ NODE_ENV: 'production', ALLOW_PRIVATE_ENDPOINTS: 'true' })).toBe(true);
    expect(allowed({ PUBLIC_URL: 'https://promptgrid.example.com', ALLOW_PRIVATE_ENDPOINTS: 'true' })).toBe(true);
    expect(allowed({ ALLOW_PRIVATE_ENDPOINTS: 'false' })).toBe(false);
    expect(loadConfig({ GEMINI_BASE_URL: 'http://127.0.0.1:9/' }).providers.geminiBaseUrl).toBe('http://127.0.0.1:9');
  });

  it('says at start which ALLOW_PRIVATE_ENDPOINTS is in force and why', () => {
    const note = (env: Record<string, string>) => loadConfig(env).privateEndpointsNote;
    expect(note({})).toBe(
      'endpoints on loopback and private networks are allowed: this is a loopback-only single-user install',
    );
    expect(note({ PUBLIC_URL: 'https://promptgrid.example.com' })).toBe(
      'endpoints on loopback and private networks are refused: PUBLIC_URL is https://promptgrid.example.com; ' +
        'set ALLOW_PRIVATE_ENDPOINTS=true to allow them anyway',
    );
    expect(note({ HOST: '0.0.0.0' })).toMatch(/refused: HOST 0\.0\.0\.0 listens beyond loopback/);
    expect(note({ GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' })).toMatch(/refused: GOOGLE_CLIENT_ID is set/);
    expect(note({ DATABASE_URL: 'postgres://db/promptgrid' })).toMatch(/refused: DATABASE_URL is set/);
    expect(note({ NODE_ENV: 'production' })).toMatch(/refused: NODE_ENV is production/);
    expect(note({ HOST: '0.0.0.0', ALLOW_PRIVATE_ENDPOINTS: 'on' })).toBe(
      'endpoints on loopback and private networks are allowed: ALLOW_PRIVATE_ENDPOINTS=true is set',
    );
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

  it('reads FREE_EVALUATIONS_PER_MONTH=unlimited as no limit, and 0 too unless billing is on', () => {
    expect(loadConfig({}).freeEvaluationsPerMonth).toBe(50);
    expect(loadConfig({ FREE_EVALUATIONS_PER_MONTH: '7' }).freeEvaluationsPerMonth).toBe(7);
    expect(loadConfig({ FREE_EVALUATIONS_PER_MONTH: 'unlimited' }).freeEvaluationsPerMonth).toBeNull();
    expect(loadConfig({ FREE_EVALUATIONS_PER_MONTH: '0' }).freeEvaluationsPerMonth).toBeNull();
    const paidOnly = { FREE_EVALUATIONS_PER_MONTH: '0', STRIPE_SECRET_KEY: 'sk_test_1' };
    expect(loadConfig(paidOnly).freeEvaluationsPerMonth).toBe(0);
    expect(() => loadConfig({ FREE_EVALUATIONS_PER_MONTH: 'lots' })).toThrow(/FREE_EVALUATIONS_PER_MONTH/);
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

  it('refuses dev sign-in by default behind an https PUBLIC_URL or beyond loopback, and says why', () => {
    expect(loadConfig({}).devLoginNote).toBeNull();
    expect(loadConfig({ HOST: 'localhost' }).devLogin).toBe(true);
    expect(loadConfig({ HOST: '::1' }).devLogin).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).devLogin).toBe(true);
    const https = loadConfig({ PUBLIC_URL: 'https://promptgrid.example.com' });
    expect(https.devLogin).toBe(false);
    expect(https.devLoginNote).toMatch(/^dev sign-in is off: PUBLIC_URL is https .*DEV_LOGIN=true/);
    const everywhere = loadConfig({ HOST: '0.0.0.0' });
    expect(everywhere.devLogin).toBe(false);
    expect(everywhere.devLoginNote).toMatch(/HOST 0\.0\.0\.0 listens beyond loopback/);
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' }).devLoginNote).toMatch(/GOOGLE_CLIENT_ID/);
    // Set explicitly, it wins, with a warning naming the exposure.
    const forced = loadConfig({ HOST: '0.0.0.0', DEV_LOGIN: 'true' });
    expect(forced.devLogin).toBe(true);
    expect(forced.devLoginNote).toMatch(/DEV_LOGIN=true although HOST 0\.0\.0\.0 .*anyone/);
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or addresses and ranges', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://promptgrid.example.com' }).trustProxy).toBe(false);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
  });

  it("accepts PUBLIC_URL's host and ALLOWED_HOSTS as Host names", () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(
      loadConfig({ PUBLIC_URL: 'https://Promptgrid.example.com/', ALLOWED_HOSTS: 'intranet.lan, Box:8080' })
        .allowedHosts,
    ).toEqual(['promptgrid.example.com', 'intranet.lan', 'box:8080']);
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

  it('reads URL settings by their parsed protocol and host, whatever their case', () => {
    const shouted = loadConfig({ PUBLIC_URL: 'HTTPS://Promptgrid.Example.com/' });
    expect(shouted).toMatchObject({
      devLogin: false,
      secureCookies: true,
      publicUrl: 'https://promptgrid.example.com',
      publicOrigin: 'https://promptgrid.example.com',
      allowedHosts: ['promptgrid.example.com'],
    });
    expect(shouted.devLoginNote).toMatch(/PUBLIC_URL is https \(https:\/\/promptgrid\.example\.com\)/);
    expect(loadConfig({ DATABASE_URL: 'POSTGRES://u@h/db' }).databaseUrl).toBe('POSTGRES://u@h/db');
    expect(loadConfig({ ANALYTICS_KEY: 'phc_abc', ANALYTICS_HOST: 'HTTPS://EU.i.posthog.com' }).analytics?.host).toBe(
      'https://eu.i.posthog.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://promptgrid.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ OPENAI_BASE_URL: 'file:///etc/passwd' })).toThrow(/OPENAI_BASE_URL/);
  });

  it('warns when PUBLIC_URL is https and no proxy is trusted', () => {
    expect(loadConfig({ PUBLIC_URL: 'Https://promptgrid.example.com' }).proxyNote).toMatch(/TRUST_PROXY is unset/);
    expect(loadConfig({ PUBLIC_URL: 'https://promptgrid.example.com', TRUST_PROXY: '1' }).proxyNote).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).proxyNote).toBeNull();
    expect(loadConfig({}).proxyNote).toBeNull();
  });
});
