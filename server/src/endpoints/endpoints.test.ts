import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ROUTES,
  type AiModel,
  type Configuration,
  type ConfigurationVersion,
  type Endpoint,
} from '@promptgrid/contract';
import { fakeOutput, startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { firstItems, itemAt } from '@promptgrid/test-support';
import { createTestApp, embeddedDatabaseOnly, signedInClient, type TestClient } from '../../test/harness.js';
import { realRun } from '../../test/mock-run.js';
import { AddressGuard } from '../providers/address-guard.js';
import { ProviderCaller } from '../providers/call.js';
import { EndpointRefusedError, NO_TOOLS, type ProviderCall } from '../providers/types.js';

const ENDPOINT_KEY = 'sk-local-endpoint-key-4321';

async function project(client: TestClient) {
  return (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
}

describe.each(embeddedDatabaseOnly)('endpoints API on %s (private endpoints allowed)', (kind) => {
  let fake: FakeProviders;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    fake = await startFakeProviders({ apiKeys: [ENDPOINT_KEY] });
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

  const create = (client: TestClient, body: Record<string, unknown> = {}) =>
    client.post(ROUTES.endpoints, {
      name: 'Local vLLM',
      base_url: fake.openaiBaseUrl,
      key: ENDPOINT_KEY,
      headers: { 'X-Team': 'evals-secret-team' },
      ...body,
    });

  it('keeps the key and the header values sealed, shows the last four and the header names', async () => {
    const alice = await signedInClient(ctx.app);
    const created = await create(alice, { models: [{ model_name: 'llama3.2' }] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      name: 'Local vLLM',
      kind: 'openai-compatible',
      base_url: fake.openaiBaseUrl,
      api_version: null,
      has_key: true,
      last_four_digits: '4321',
      header_names: ['X-Team'],
      concurrency: null,
      models: [
        {
          id: expect.any(Number),
          model_name: 'llama3.2',
          input_per_mtok: null,
          output_per_mtok: null,
          supports_json_mode: false,
          supports_reasoning_effort: false,
        },
      ],
      created_at: expect.any(String),
    });
    const listed = await alice.get(ROUTES.endpoints);
    for (const body of [created.body, listed.body]) {
      expect(body).not.toContain('sk-local-endpoint');
      expect(body).not.toContain('evals-secret-team');
    }
    const {
      rows: [row],
    } = await ctx.database.executeSql<Record<string, unknown>>('SELECT * FROM endpoints WHERE id = $1', [
      created.json().id,
    ]);
    expect(JSON.stringify(row)).not.toContain('sk-local-endpoint');

    const cleared = await alice.put(ROUTES.endpoint(created.json().id), { key: '' });
    expect(cleared.json()).toMatchObject({ has_key: false, last_four_digits: null, header_names: ['X-Team'] });
  });

  it('validates with field messages', async () => {
    const alice = await signedInClient(ctx.app);
    const response = await alice.post(ROUTES.endpoints, {
      name: ' ',
      base_url: 'ftp://example.com',
      headers: { 'Bad Header': 'x' },
      models: [{ model_name: 'a' }, { model_name: 'a' }],
      concurrency: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual([
      'base_url',
      'concurrency',
      'headers.Bad Header',
      'models',
      'name',
    ]);
    expect(response.json().base_url).toEqual(['Base URL must be an http:// or https:// address.']);
  });

  it("fetches the endpoint's models from its GET /models with the endpoint's key", async () => {
    const alice = await signedInClient(ctx.app);
    const endpoint = (await create(alice)).json<Endpoint>();
    fake.behaviour.models = ['qwen2.5:7b', 'llama3.2', 'llama3.2'];
    const response = await alice.post(ROUTES.endpointFetchModels(endpoint.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ models: ['llama3.2', 'qwen2.5:7b'] });

    const wrongKey = (await create(alice, { key: 'sk-wrong' })).json<Endpoint>();
    const refused = await alice.post(ROUTES.endpointFetchModels(wrongKey.id));
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toMatch(/Local vLLM rejected the API key \(401\)/);
  });

  it("runs an endpoint's model through the OpenAI SDK, streamed, with its key and headers, priced when it has prices", async () => {
    const alice = await signedInClient(ctx.app);
    const endpoint = (
      await create(alice, {
        models: [
          { model_name: 'llama3.2' },
          { model_name: 'qwen2.5', input_per_mtok: 1, output_per_mtok: 2, supports_json_mode: true },
        ],
      })
    ).json<Endpoint>();
    const [unpriced, priced] = firstItems(endpoint.models, 2);

    const models = (await alice.get(ROUTES.models)).json<AiModel[]>();
    const listed = models.filter((m) => m.endpoint !== null);
    expect(listed).toEqual([
      expect.objectContaining({
        id: unpriced.id,
        company: 'custom',
        endpoint: { id: endpoint.id, name: 'Local vLLM' },
      }),
      expect.objectContaining({ id: priced.id, model_name: 'qwen2.5', supports_json_mode: true }),
    ]);
    expect(itemAt(models, 0).endpoint).toBeNull(); // the catalog's models come first

    // No OpenAI or Anthropic key is stored: an endpoint's model needs none.
    const projectId = await project(alice);
    const first = await realRun(alice, projectId, unpriced.id, 'Hello endpoint');
    expect(first.api_requests[0]).toMatchObject({
      status: 'SUCCESS',
      output: fakeOutput('llama3.2', 'You are terse.', 'Hello endpoint'),
      cost_usd: null,
    });
    // The run froze the endpoint's name with its model: results label it 'Local vLLM - llama3.2'.
    expect(itemAt(first.configurations, 0).ai_model.endpoint).toEqual({ id: endpoint.id, name: 'Local vLLM' });
    const call = itemAt(fake.requests, 0);
    expect(call).toMatchObject({ api: 'openai', apiKey: ENDPOINT_KEY, body: { model: 'llama3.2', stream: true } });
    expect(call.headers['x-team']).toBe('evals-secret-team');

    const second = await realRun(alice, projectId, priced.id, 'Priced call');
    const { input_token_total_count, output_token_count, cost_usd } = itemAt(second.api_requests, 0);
    expect(cost_usd).toBeCloseTo((input_token_total_count! * 1 + output_token_count! * 2) / 1_000_000, 12);
  });

  it("judges with an endpoint's model, on its key, with no provider key stored, and keeps it from being deleted", async () => {
    const alice = await signedInClient(ctx.app);
    const endpoint = (await create(alice, { models: [{ model_name: 'llama3.2' }] })).json<Endpoint>();
    const model = itemAt(endpoint.models, 0);
    const projectId = await project(alice);
    const judge = await alice.post(ROUTES.checks(projectId), {
      name: 'Polite',
      type: 'llm_judge',
      value: 'Is it polite?',
      ai_model_id: model.id,
    });
    expect(judge.statusCode, judge.body).toBe(201);

    // The judge-key check lets the run start: the endpoint is the judge's key.
    const results = await realRun(alice, projectId, model.id, 'Hello [[fake:verdict=pass]]');
    expect(itemAt(results.api_requests, 0).scores).toEqual([
      expect.objectContaining({ check_id: judge.json().id, pass: true, error: null }),
    ]);
    const judged = fake.requests.filter((r) => String(r.body.messages[0]?.content).includes('impartial judge'));
    expect(judged).toHaveLength(1);
    expect(itemAt(judged, 0)).toMatchObject({ api: 'openai', apiKey: ENDPOINT_KEY, body: { model: 'llama3.2' } });
    expect(itemAt(judged, 0).headers['x-team']).toBe('evals-secret-team');

    const refused = await alice.delete(ROUTES.endpoint(endpoint.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("the judge check 'Polite' (P)");

    const bob = await signedInClient(ctx.app);
    const borrowed = await bob.post(ROUTES.checks(await project(bob)), {
      name: 'Borrowed judge',
      type: 'llm_judge',
      value: 'Is it polite?',
      ai_model_id: model.id,
    });
    expect(borrowed.json()).toEqual({ ai_model_id: ['Unknown AI model.'] });
  });

  it("names the endpoint in a configuration's model, as it is named now", async () => {
    const alice = await signedInClient(ctx.app);
    const endpoint = (await create(alice, { models: [{ model_name: 'llama3.2' }] })).json<Endpoint>();
    const projectId = await project(alice);
    const created = await alice.post(ROUTES.configurations(projectId), {
      name: 'Local',
      prompt_content: 'You are terse.',
      ai_model_id: itemAt(endpoint.models, 0).id,
    });
    expect(created.json<Configuration>().ai_model).toMatchObject({
      company: 'custom',
      endpoint: { id: endpoint.id, name: 'Local vLLM' },
      model_name: 'llama3.2',
    });
    await alice.put(ROUTES.endpoint(endpoint.id), { name: 'Lab Ollama' });
    const [listed] = (await alice.get(ROUTES.configurations(projectId))).json<Configuration[]>();
    expect(listed?.ai_model.endpoint).toEqual({ id: endpoint.id, name: 'Lab Ollama' });
    const [current] = (await alice.get(ROUTES.configurationVersions(created.json<Configuration>().id))).json<
      ConfigurationVersion[]
    >();
    expect(current?.ai_model.endpoint).toEqual({ id: endpoint.id, name: 'Lab Ollama' });
  });

  it("keeps another user's endpoints and models out of reach: 404s, absent from their models, refused in configurations", async () => {
    const alice = await signedInClient(ctx.app);
    const bob = await signedInClient(ctx.app);
    const endpoint = (await create(alice, { models: [{ model_name: 'private-model' }] })).json<Endpoint>();
    for (const response of [
      await bob.get(ROUTES.endpoint(endpoint.id)),
      await bob.put(ROUTES.endpoint(endpoint.id), { name: 'mine' }),
      await bob.delete(ROUTES.endpoint(endpoint.id)),
      await bob.post(ROUTES.endpointFetchModels(endpoint.id)),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Endpoint not found.' });
    }
    expect((await bob.get(ROUTES.endpoints)).json()).toEqual([]);
    const bobModels = (await bob.get(ROUTES.models)).json<AiModel[]>();
    expect(bobModels.some((m) => m.model_name === 'private-model')).toBe(false);
    const refused = await bob.post(ROUTES.configurations(await project(bob)), {
      name: 'borrowed',
      prompt_content: 'p',
      ai_model_id: itemAt(endpoint.models, 0).id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ ai_model_id: ['Unknown AI model.'] });
    expect(fake.stats.calls).toBe(0);
  });

  it('refuses to delete an endpoint whose models configurations use, naming them', async () => {
    const alice = await signedInClient(ctx.app);
    const endpoint = (await create(alice, { models: [{ model_name: 'llama3.2' }] })).json<Endpoint>();
    const projectId = await project(alice);
    const configuration = await alice.post(ROUTES.configurations(projectId), {
      name: 'Summariser',
      prompt_content: 'p',
      ai_model_id: itemAt(endpoint.models, 0).id,
    });
    const refused = await alice.delete(ROUTES.endpoint(endpoint.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("'Summariser' (P)");

    await alice.delete(ROUTES.configuration(configuration.json().id));
    expect((await alice.delete(ROUTES.endpoint(endpoint.id))).statusCode).toBe(204);
    expect((await alice.get(ROUTES.endpoint(endpoint.id))).statusCode).toBe(404);
  });

  it('unlists a model taken off the endpoint and lists it again, same id, when it comes back', async () => {
    const alice = await signedInClient(ctx.app);
    const endpoint = (await create(alice, { models: [{ model_name: 'a' }, { model_name: 'b' }] })).json<Endpoint>();
    const a = itemAt(endpoint.models, 0);
    const without = await alice.put(ROUTES.endpoint(endpoint.id), { models: [{ model_name: 'b' }] });
    expect(without.json().models.map((m: { model_name: string }) => m.model_name)).toEqual(['b']);
    const back = await alice.put(ROUTES.endpoint(endpoint.id), { models: [{ model_name: 'a' }, { model_name: 'b' }] });
    expect(back.json().models[0]).toMatchObject({ id: a.id, model_name: 'a' });
  });
});

// Refused when the operator says so, and by default on a server others reach (a PUBLIC_URL on a public host).
const privateEndpointsRefused = embeddedDatabaseOnly.flatMap((kind) => [
  [kind, 'ALLOW_PRIVATE_ENDPOINTS=false', { ALLOW_PRIVATE_ENDPOINTS: 'false' }] as const,
  [kind, 'PUBLIC_URL set and ALLOW_PRIVATE_ENDPOINTS unset', { PUBLIC_URL: 'http://promptgrid.example.com' }] as const,
]);

describe.each(privateEndpointsRefused)('endpoints API on %s with %s', (kind, _, env) => {
  let fake: FakeProviders;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    fake = await startFakeProviders();
    ctx = await createTestApp(kind, env);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it.each([
    ['loopback', 'http://127.0.0.1:{port}/v1', /127\.0\.0\.1 is a loopback address/],
    ['10.x', 'http://10.1.2.3/v1', /a private address/],
    ['172.16.x', 'http://172.16.5.4/v1', /a private address/],
    ['192.168.x', 'http://192.168.1.20:11434/v1', /a private address/],
    ['100.64.x (CGNAT)', 'http://100.64.0.7/v1', /carrier-grade NAT/],
    ['169.254.169.254 (metadata)', 'http://169.254.169.254/latest', /a cloud metadata address/],
    ['[::1]', 'http://[::1]:{port}/v1', /::1 is a loopback address/],
    ['[::ffff:127.0.0.1]', 'http://[::ffff:127.0.0.1]:{port}/v1', /a loopback address/],
    ['[::7f00:1] (IPv4-compatible)', 'http://[::7f00:1]:{port}/v1', /an IPv4-compatible address/],
    ['decimal 2130706433', 'http://2130706433:{port}/v1', /127\.0\.0\.1 is a loopback address/],
    ['hex 0x7f000001', 'http://0x7f000001:{port}/v1', /127\.0\.0\.1 is a loopback address/],
    ['a name resolving to 127.0.0.1', 'http://localhost:{port}/v1', /localhost resolves to .*a loopback address/],
  ])('refuses %s with a 400 naming the rule, and sends nothing', async (_, url, rule) => {
    const alice = await signedInClient(ctx.app);
    const baseUrl = url.replace('{port}', new URL(fake.url).port);
    const created = await alice.post(ROUTES.endpoints, { name: 'E', base_url: baseUrl });
    expect(created.statusCode).toBe(400);
    expect(created.json().base_url[0]).toMatch(rule);
    expect(created.json().base_url[0]).toContain('ALLOW_PRIVATE_ENDPOINTS=true');
    expect(fake.stats.calls).toBe(0);
  });

  it('refuses a changed base URL the same way', async () => {
    const alice = await signedInClient(ctx.app);
    const { rows } = await ctx.database.executeSql<{ id: number }>(
      `INSERT INTO endpoints (user_id, name, base_url, encryption_key_id)
       SELECT id, 'Saved before the rule', $1, 'none' FROM users ORDER BY id DESC LIMIT 1 RETURNING id`,
      [fake.openaiBaseUrl],
    );
    const row = itemAt(rows, 0);
    const changed = await alice.put(ROUTES.endpoint(row.id), { base_url: 'http://10.0.0.1/v1' });
    expect(changed.statusCode).toBe(400);
    // Checked again at the call: an address saved earlier (or a name whose answer changed since) is refused too.
    const fetched = await alice.post(ROUTES.endpointFetchModels(row.id));
    expect(fetched.statusCode).toBe(400);
    expect(fetched.json().base_url[0]).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(fake.stats.calls).toBe(0);
  });
});

describe('the address guard at every connection', () => {
  let fake: FakeProviders;
  let redirector: http.Server;
  let redirectUrl: string;
  beforeAll(async () => {
    fake = await startFakeProviders();
    redirector = http.createServer((req, res) => {
      res.writeHead(302, { location: `${fake.openaiBaseUrl}${req.url?.replace(/^\/v1/, '') ?? ''}` });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    redirectUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => redirector.close(resolve));
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const settings = (allowPrivateEndpoints: boolean) => ({
    openaiBaseUrl: null,
    anthropicBaseUrl: null,
    geminiBaseUrl: null,
    allowPrivateEndpoints,
    timeoutMs: 2000,
    maxRetries: 0,
    retryBaseMs: 1,
  });
  const endpointCall = (baseUrl: string): ProviderCall => ({
    provider: 'custom',
    endpoint: {
      id: 1,
      name: 'Rebinding',
      kind: 'openai-compatible',
      baseUrl,
      apiVersion: null,
      apiKey: null,
      headers: {},
      concurrency: null,
    },
    model: 'llama3.2',
    capabilities: {
      tokenParameter: 'max_tokens',
      supportsTemperature: true,
      defaultMaxTokens: 100,
      maxOutputTokens: 100,
    },
    systemPrompt: 's',
    messages: [{ role: 'user', content: 'u' }],
    temperature: 0,
    maxTokens: null,
    jsonMode: false,
    ...NO_TOOLS,
  });

  it('refuses a name whose DNS answer turned private after the check, at the connection itself', async () => {
    const answers = ['93.184.215.14', '127.0.0.1'];
    const guard = new AddressGuard(false, async () => [{ address: answers.shift() ?? '127.0.0.1', family: 4 }]);
    const baseUrl = `http://rebind.example:${new URL(fake.url).port}/v1`;
    await guard.check(baseUrl); // the first answer is public: saved
    const caller = new ProviderCaller(settings(false), guard);
    const outcome = await caller.call(endpointCall(baseUrl), '', new AbortController().signal);
    expect(outcome).toMatchObject({ ok: false, attempts: 1 });
    expect(!outcome.ok && outcome.message).toMatch(/rebind\.example resolves to 127\.0\.0\.1, a loopback address/);
    expect(fake.stats.calls).toBe(0);
  });

  it('never follows a redirect, not even to an address it would allow', async () => {
    const caller = new ProviderCaller(settings(true));
    const endpoint = endpointCall(redirectUrl).endpoint!;
    await expect(caller.endpointModels(endpoint, new AbortController().signal)).rejects.toThrow(EndpointRefusedError);
    const outcome = await caller.call(endpointCall(redirectUrl), '', new AbortController().signal);
    expect(!outcome.ok && outcome.message).toMatch(/redirect \(302\) to http:\/\/127\.0\.0\.1:\d+\/v1.*not followed/);
    expect(fake.stats.calls).toBe(0);
  });

  it('sends no hop-by-hop or routing header an endpoint row saved before they were refused still holds', async () => {
    const call = endpointCall(fake.openaiBaseUrl);
    call.endpoint!.headers = {
      Host: 'internal-admin.example',
      'X-Forwarded-For': '10.0.0.1',
      forwarded: 'for=10.0.0.1',
      Connection: 'close',
      'X-Team': 'evals',
    };
    const outcome = await new ProviderCaller(settings(true)).call(call, '', new AbortController().signal);
    expect(outcome.ok).toBe(true);
    const sent = itemAt(fake.requests, 0).headers;
    expect(sent.host).toBe(new URL(fake.url).host);
    expect(sent['x-forwarded-for']).toBeUndefined();
    expect(sent.forwarded).toBeUndefined();
    expect(sent['x-team']).toBe('evals');
  });

  it("lets no more than an endpoint's concurrency of calls reach it at once", async () => {
    fake.behaviour.latencyMs = 40;
    let inFlight = 0;
    let most = 0;
    const counting = http.createServer((req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      res.on('close', () => inFlight--);
      const upstream = http.request(`${fake.url}${req.url}`, { method: req.method, headers: req.headers }, (reply) => {
        res.writeHead(reply.statusCode!, reply.headers);
        reply.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(counting.address() as AddressInfo).port}/v1`;
      const call = endpointCall(baseUrl);
      call.endpoint!.concurrency = 2;
      const caller = new ProviderCaller(settings(true));
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () => caller.call(call, '', new AbortController().signal)),
      );
      expect(outcomes.every((o) => o.ok)).toBe(true);
      expect(most).toBe(2);
    } finally {
      await new Promise((resolve) => counting.close(resolve));
    }
  });
});
