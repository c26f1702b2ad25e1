import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { queueEvents } from '../src/queue/events.js';
import { createTestApp, type DatabaseKind } from './harness.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * For a describe block whose runs call the fake OpenAI provider: starts it (accepting `apiKey`) and a test app with
 * workers pointed at it before the tests, closes both after them, and forgets the recorded calls before each test.
 * The app and the fake are read through the answer's getters once beforeAll has run.
 */
export function useFakeProviderApp(
  kind: DatabaseKind,
  { apiKey, latencyMs, env }: { apiKey: string; latencyMs: number; env: Record<string, string> },
) {
  const events = queueEvents();
  let fake: FakeProviders | undefined;
  let ctx: TestApp | undefined;
  beforeAll(async () => {
    fake = await startFakeProviders({ latencyMs, apiKeys: [apiKey] });
    ctx = await createTestApp(
      kind,
      { OPENAI_BASE_URL: fake.openaiBaseUrl, APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'), ...env },
      { workers: true, workerEvents: events },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => fake?.reset());
  return {
    events,
    get fake() {
      return fake!;
    },
    get ctx() {
      return ctx!;
    },
  };
}
