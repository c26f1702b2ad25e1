import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { queueEvents } from '../src/queue/events.js';
import { createTestApp, signedInClient, type DatabaseKind } from './harness.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * For a describe block whose runs call the fake providers: starts them (accepting `apiKey`, or each of `apiKeys`; any
 * key without either) and a test app with workers pointed at their OpenAI, Anthropic and Gemini APIs before the tests,
 * closes both after them, and forgets the recorded calls before each test. The app and the fake are read through the
 * answer's getters once beforeAll has run.
 */
export function useFakeProviderApp(
  kind: DatabaseKind,
  {
    apiKey,
    apiKeys = apiKey === undefined ? undefined : [apiKey],
    latencyMs,
    env = {},
  }: { apiKey?: string; apiKeys?: string[]; latencyMs?: number; env?: Record<string, string> },
) {
  const events = queueEvents();
  let fake: FakeProviders | undefined;
  let ctx: TestApp | undefined;
  beforeAll(async () => {
    fake = await startFakeProviders({ latencyMs, apiKeys });
    ctx = await createTestApp(
      kind,
      {
        OPENAI_BASE_URL: fake.openaiBaseUrl,
        ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
        GEMINI_BASE_URL: fake.geminiBaseUrl,
        APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
        ...env,
      },
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

/**
 * A new signed-in user with `apiKey` saved as their OpenAI key, and a project holding one configuration ('Be brief.')
 * on `model`: what a test of real runs needs before it adds inputs.
 */
export async function userWithConfiguration(
  app: FastifyInstance,
  { apiKey, model = 'gpt-4o-mini', maxTokens = 20 }: { apiKey: string; model?: string; maxTokens?: number },
) {
  const client = await signedInClient(app);
  expect((await client.post(ROUTES.apiKeys, { provider: 'openai', key: apiKey })).statusCode).toBe(201);
  const modelId = (await client.get(ROUTES.models))
    .json<{ id: number; model_name: string }[]>()
    .find((m) => m.model_name === model)?.id;
  const projectId = (await client.post(ROUTES.projects, { name: 'Runs', description: 'D' })).json().id as number;
  const configuration = await client.post(ROUTES.configurations(projectId), {
    name: 'Brief',
    prompt_content: 'Be brief.',
    ai_model_id: modelId,
    parameters: { temperature: 0, max_tokens: maxTokens },
    provider_specific_params: {},
  });
  expect(configuration.statusCode, configuration.body).toBe(201);
  return { client, projectId, configurationId: configuration.json().id as number };
}
