import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES, type Endpoint } from '@promptgrid/contract';
import { fakeOutput, startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { itemAt } from '@promptgrid/test-support';
import { createTestApp, embeddedDatabaseOnly, signedInClient, type TestClient } from '../../test/harness.js';
import { realRun } from '../../test/mock-run.js';

const AZURE_KEY = 'azure-resource-key-9876';

describe.each(embeddedDatabaseOnly)('Azure OpenAI endpoints on %s', (kind) => {
  let fake: FakeProviders;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    fake = await startFakeProviders({ apiKeys: [AZURE_KEY] });
    ctx = await createTestApp(
      kind,
      { ALLOW_PRIVATE_ENDPOINTS: 'true', APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex') },
      { workers: true },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const createAzure = (client: TestClient, body: Record<string, unknown> = {}) =>
    client.post(ROUTES.endpoints, {
      name: 'Contoso',
      kind: 'azure',
      base_url: fake.url,
      api_version: '2024-10-21',
      key: AZURE_KEY,
      models: [{ model_name: 'prod-gpt-4o' }],
      ...body,
    });

  it('needs an API version for Azure and refuses one elsewhere, with field messages', async () => {
    const alice = await signedInClient(ctx.app);
    const missing = await createAzure(alice, { api_version: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().api_version).toEqual([
      'An Azure endpoint needs its API version; an OpenAI-compatible one takes none.',
    ]);
    const odd = await createAzure(alice, { api_version: 'latest' });
    expect(odd.json().api_version).toEqual([
      'API version must be a date like 2024-10-21, with -preview after it for a preview version.',
    ]);
    const unknown = await createAzure(alice, { kind: 'bedrock' });
    expect(unknown.json().kind).toEqual(['Kind must be openai-compatible or azure.']);

    const plain = (
      await alice.post(ROUTES.endpoints, { name: 'Plain', base_url: fake.openaiBaseUrl })
    ).json<Endpoint>();
    expect(plain).toMatchObject({ kind: 'openai-compatible', api_version: null });
    const versioned = await alice.put(ROUTES.endpoint(plain.id), { api_version: '2024-10-21' });
    expect(versioned.statusCode).toBe(400);
    expect(versioned.json().api_version).toEqual(['An OpenAI-compatible endpoint takes no API version.']);
  });

  it('runs a deployment through the resource, with its api-version and api-key, and keeps a changed version', async () => {
    const alice = await signedInClient(ctx.app);
    const created = await createAzure(alice, {
      models: [{ model_name: 'prod-gpt-4o' }, { model_name: 'prod-o3-mini', supports_reasoning_effort: true }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json<Endpoint>();
    expect(endpoint).toMatchObject({
      kind: 'azure',
      api_version: '2024-10-21',
      has_key: true,
      last_four_digits: '9876',
    });

    const projectId = (await alice.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const results = await realRun(alice, projectId, itemAt(endpoint.models, 0).id, 'Hello Azure');
    expect(itemAt(results.api_requests, 0)).toMatchObject({
      status: 'SUCCESS',
      output: fakeOutput('prod-gpt-4o', 'You are terse.', 'Hello Azure'),
    });
    const sent = itemAt(fake.requests, 0);
    expect(sent.url).toBe('/openai/deployments/prod-gpt-4o/chat/completions?api-version=2024-10-21');
    expect(sent.headers['api-key']).toBe(AZURE_KEY);

    // A deployment of a reasoning model gets max_completion_tokens and no temperature, as Azure requires for them.
    fake.reset();
    await realRun(alice, projectId, itemAt(endpoint.models, 1).id, 'Hello again', { max_tokens: 300 });
    const body = itemAt(fake.requests, 0).body;
    expect(body).toMatchObject({ model: 'prod-o3-mini', max_completion_tokens: 300 });
    expect(body).not.toHaveProperty('max_tokens');
    expect(body).not.toHaveProperty('temperature');

    const updated = await alice.put(ROUTES.endpoint(endpoint.id), { api_version: '2025-04-01-preview' });
    expect(updated.json<Endpoint>().api_version).toBe('2025-04-01-preview');
  });

  it('says to type the deployments in, as a resource lists none', async () => {
    const alice = await signedInClient(ctx.app);
    const endpoint = (await createAzure(alice)).json<Endpoint>();
    const response = await alice.post(ROUTES.endpointFetchModels(endpoint.id));
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toBe('Contoso has no GET /models (404): type its models in instead.');
  });
});
