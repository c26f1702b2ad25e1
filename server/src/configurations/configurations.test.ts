import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer';
import { ROUTES, type AiModel } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient, TestClient } from '../../test/harness.js';

describe.each(embeddedDatabaseOnly)('configurations API on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let jsonModel: AiModel;
  let plainModel: AiModel;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const models: AiModel[] = (await (await signedInClient(ctx.app)).get(ROUTES.models)).json();
    jsonModel = models.find((m) => m.supports_json_mode)!;
    plainModel = models.find((m) => !m.supports_json_mode)!;
  });
  afterAll(() => ctx?.close());

  async function withProject(name = 'Support') {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name, description: 'Replies' })).json();
    return { client, project };
  }

  const payload = (overrides: Record<string, unknown> = {}) => ({
    name: 'Concise',
    prompt_content: 'You are a concise support agent. Answer in two sentences.',
    ai_model_id: jsonModel.id,
    parameters: { temperature: 0.3, max_tokens: 500 },
    provider_specific_params: { json_mode: true },
    ...overrides,
  });

  it('creates, lists, replaces, toggles and deletes a configuration', async () => {
    const { client, project } = await withProject();
    const body = payload({ project: project.id, parameters: { temperature: 0.30000000000000004, max_tokens: 500 } });
    const created = await client.post(ROUTES.configurations(project.id), body);
    expect(created.statusCode).toBe(201);
    const configuration = created.json();
    expect(configuration).toEqual({
      id: expect.any(Number),
      name: 'Concise',
      project: project.id,
      ai_model: {
        id: jsonModel.id,
        company: jsonModel.company,
        endpoint: null,
        model_name: jsonModel.model_name,
        reasoning: jsonModel.reasoning,
        supports_json_mode: true,
        supports_temperature: jsonModel.supports_temperature,
      },
      prompt: { content: body.prompt_content, token_count: countTokens(body.prompt_content) },
      messages: [],
      user_template: '{{input}}',
      parameters: { temperature: 0.3, max_tokens: 500, reasoning: null },
      provider_specific_params: { json_mode: true },
      json_mode: true,
      tools: [],
      tool_choice: 'auto',
      response_schema: null,
      version: 1,
      is_active: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const second = (
      await client.post(
        ROUTES.configurations(project.id),
        payload({ name: 'Default', parameters: { temperature: 0, max_tokens: null } }),
      )
    ).json();
    expect(second.parameters).toEqual({ temperature: 0, max_tokens: null, reasoning: null });
    const listed = await client.get(ROUTES.configurations(project.id));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((c: { id: number }) => c.id)).toEqual([configuration.id, second.id]);
    expect(listed.json()[0]).toEqual(configuration);

    const replaced = await client.put(
      ROUTES.configuration(configuration.id),
      payload({
        name: 'Friendly',
        prompt_content: 'Be warm.',
        parameters: { temperature: 1, max_tokens: 32000 },
        provider_specific_params: { json_mode: false },
        project: project.id,
      }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: configuration.id,
      name: 'Friendly',
      prompt: { content: 'Be warm.', token_count: countTokens('Be warm.') },
      parameters: { temperature: 1, max_tokens: 32000 },
      provider_specific_params: { json_mode: false },
      json_mode: false,
      is_active: true,
      created_at: configuration.created_at,
    });

    const archived = await client.patch(ROUTES.configuration(configuration.id), { is_active: false });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: configuration.id, is_active: false, name: 'Friendly' });
    // A PUT without is_active keeps the flag.
    expect((await client.put(ROUTES.configuration(configuration.id), payload())).json().is_active).toBe(false);
    expect((await client.patch(ROUTES.configuration(configuration.id), { is_active: true })).json().is_active).toBe(
      true,
    );

    expect((await client.get(ROUTES.project(project.id))).json().config_count).toBe(2);
    const deleted = await client.delete(ROUTES.configuration(configuration.id));
    expect(deleted.statusCode).toBe(204);
    expect((await client.get(ROUTES.configurations(project.id))).json().map((c: { id: number }) => c.id)).toEqual([
      second.id,
    ]);
    expect((await client.get(ROUTES.project(project.id))).json().config_count).toBe(1);
    expect((await client.delete(ROUTES.configuration(configuration.id))).statusCode).toBe(404);
    expect((await client.patch(ROUTES.configuration(configuration.id), { is_active: true })).statusCode).toBe(404);
    expect((await client.put(ROUTES.configuration(configuration.id), payload())).statusCode).toBe(404);
  });

  it('stores json_mode only when the model supports JSON mode', async () => {
    const { client, project } = await withProject();
    const plain = await client.post(
      ROUTES.configurations(project.id),
      payload({ ai_model_id: plainModel.id, provider_specific_params: { json_mode: true } }),
    );
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({
      ai_model: { id: plainModel.id, supports_json_mode: false },
      provider_specific_params: {},
      json_mode: false,
    });
    expect(plain.json().provider_specific_params).toEqual({});

    const withJson = (
      await client.post(ROUTES.configurations(project.id), payload({ provider_specific_params: { json_mode: true } }))
    ).json();
    expect(withJson.provider_specific_params).toEqual({ json_mode: true });
    // Switching to a model without JSON mode drops the flag; switching back does not resurrect it.
    const switched = (
      await client.put(ROUTES.configuration(withJson.id), payload({ ai_model_id: plainModel.id }))
    ).json();
    expect(switched).toMatchObject({ provider_specific_params: {}, json_mode: false });
    const back = (
      await client.put(ROUTES.configuration(withJson.id), payload({ provider_specific_params: {} }))
    ).json();
    expect(back).toMatchObject({ provider_specific_params: { json_mode: false }, json_mode: false });
    // Omitted provider_specific_params and parameters take their defaults.
    const minimal = await client.post(ROUTES.configurations(project.id), {
      name: 'm',
      prompt_content: 'p',
      ai_model_id: jsonModel.id,
    });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json()).toMatchObject({
      parameters: { temperature: 0, max_tokens: null },
      json_mode: false,
      is_active: true,
    });
  });

  it('answers 400 with field messages and changes nothing', async () => {
    const { client, project } = await withProject();
    const existing = (await client.post(ROUTES.configurations(project.id), payload())).json();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { name: '', prompt_content: ' ', ai_model_id: undefined },
        {
          name: ['Name is required.'],
          prompt_content: ['Prompt is required.'],
          ai_model_id: ['AI model is required.'],
        },
      ],
      [
        { parameters: { temperature: -0.1, max_tokens: 10 } },
        { 'parameters.temperature': ['Temperature must be at least 0.'] },
      ],
      [
        { parameters: { temperature: 1.1, max_tokens: 10 } },
        { 'parameters.temperature': ['Temperature must be at most 1.'] },
      ],
      [
        { parameters: { temperature: '0.5', max_tokens: 10 } },
        { 'parameters.temperature': ['Temperature must be a number.'] },
      ],
      [
        { parameters: { temperature: 0, max_tokens: 12.5 } },
        { 'parameters.max_tokens': ['Max tokens must be a whole number.'] },
      ],
      [
        { parameters: { temperature: 0, max_tokens: 0 } },
        { 'parameters.max_tokens': ['Max tokens must be at least 1.'] },
      ],
      [
        { parameters: { temperature: 0, max_tokens: 32001 } },
        { 'parameters.max_tokens': ['Max tokens must be at most 32000.'] },
      ],
      [
        { parameters: { temperature: 0, max_tokens: '100' } },
        { 'parameters.max_tokens': ['Max tokens must be a whole number.'] },
      ],
      [{ ai_model_id: 999_999 }, { ai_model_id: ['Unknown AI model.'] }],
    ];
    for (const [overrides, expected] of cases) {
      const body = payload(overrides);
      const created = await client.post(ROUTES.configurations(project.id), body);
      expect(created.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(created.json(), JSON.stringify(overrides)).toEqual(expected);
      const replaced = await client.put(ROUTES.configuration(existing.id), body);
      expect(replaced.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(replaced.json()).toEqual(expected);
    }
    const badPatch = await client.patch(ROUTES.configuration(existing.id), { is_active: 'no' });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json()).toEqual({ is_active: ['is_active must be true or false.'] });
    expect((await client.get(ROUTES.configurations(project.id))).json()).toEqual([existing]);
  });

  it('answers 401 without a session and 403 without the CSRF token', async () => {
    const { client, project } = await withProject();
    const configuration = (await client.post(ROUTES.configurations(project.id), payload())).json();
    const anonymous = new TestClient(ctx.app);
    await anonymous.fetchCsrf();
    expect((await anonymous.get(ROUTES.configurations(project.id))).statusCode).toBe(401);
    expect((await anonymous.post(ROUTES.configurations(project.id), payload())).statusCode).toBe(401);
    expect((await anonymous.put(ROUTES.configuration(configuration.id), payload())).statusCode).toBe(401);
    expect((await anonymous.patch(ROUTES.configuration(configuration.id), { is_active: false })).statusCode).toBe(401);
    expect((await anonymous.delete(ROUTES.configuration(configuration.id))).statusCode).toBe(401);

    expect((await client.post(ROUTES.configurations(project.id), payload(), { csrf: false })).statusCode).toBe(403);
    expect(
      (await client.put(ROUTES.configuration(configuration.id), payload({ name: 'x' }), { csrf: false })).statusCode,
    ).toBe(403);
    expect(
      (await client.patch(ROUTES.configuration(configuration.id), { is_active: false }, { csrf: false })).statusCode,
    ).toBe(403);
    expect((await client.delete(ROUTES.configuration(configuration.id), { csrf: false })).statusCode).toBe(403);
    expect((await client.get(ROUTES.configurations(project.id))).json()).toEqual([configuration]);
  });

  it("answers 404 for another user's project or configuration on every route, and for their ids in a payload", async () => {
    const alice = await withProject('Alice');
    const bob = await withProject('Bob');
    const configuration = (await alice.client.post(ROUTES.configurations(alice.project.id), payload())).json();

    expect((await bob.client.get(ROUTES.configurations(alice.project.id))).statusCode).toBe(404);
    expect((await bob.client.post(ROUTES.configurations(alice.project.id), payload())).statusCode).toBe(404);
    expect(
      (await bob.client.post(ROUTES.configurations(alice.project.id), payload({ project: alice.project.id })))
        .statusCode,
    ).toBe(404);
    expect((await bob.client.put(ROUTES.configuration(configuration.id), payload({ name: 'Hijack' }))).statusCode).toBe(
      404,
    );
    expect((await bob.client.patch(ROUTES.configuration(configuration.id), { is_active: false })).statusCode).toBe(404);
    expect((await bob.client.delete(ROUTES.configuration(configuration.id))).statusCode).toBe(404);
    // Alice's project id inside Bob's payload, on his own path or his own configuration.
    expect(
      (await bob.client.post(ROUTES.configurations(bob.project.id), payload({ project: alice.project.id }))).statusCode,
    ).toBe(404);
    const bobs = (
      await bob.client.post(ROUTES.configurations(bob.project.id), payload({ project: bob.project.id }))
    ).json();
    expect(
      (await bob.client.put(ROUTES.configuration(bobs.id), payload({ project: alice.project.id }))).statusCode,
    ).toBe(404);
    expect((await bob.client.get(ROUTES.configurations(999_999))).statusCode).toBe(404);

    expect((await alice.client.get(ROUTES.configurations(alice.project.id))).json()).toEqual([configuration]);
    expect((await alice.client.get(ROUTES.project(alice.project.id))).json().config_count).toBe(1);
    expect((await bob.client.get(ROUTES.configurations(bob.project.id))).json()).toEqual([bobs]);
  });

  it("adding, changing, toggling or deleting a configuration bumps the project's updated_at and its place in the list", async () => {
    const client = await signedInClient(ctx.app);
    const first = (await client.post(ROUTES.projects, { name: 'First', description: 'x' })).json();
    const second = (await client.post(ROUTES.projects, { name: 'Second', description: 'x' })).json();
    const order = async () => (await client.get(ROUTES.projects)).json().map((p: { id: number }) => p.id);
    expect(await order()).toEqual([second.id, first.id]);

    const configuration = (await client.post(ROUTES.configurations(first.id), payload())).json();
    expect(await order()).toEqual([first.id, second.id]);
    const touched = (await client.get(ROUTES.project(first.id))).json();
    expect(Date.parse(touched.updated_at)).toBeGreaterThan(Date.parse(first.updated_at));
    expect(touched.config_count).toBe(1);

    await client.post(ROUTES.configurations(second.id), payload());
    expect(await order()).toEqual([second.id, first.id]);
    await client.patch(ROUTES.configuration(configuration.id), { is_active: false });
    expect(await order()).toEqual([first.id, second.id]);
    await client.post(ROUTES.configurations(second.id), payload());
    await client.put(ROUTES.configuration(configuration.id), payload({ name: 'Renamed' }));
    expect(await order()).toEqual([first.id, second.id]);
    await client.post(ROUTES.configurations(second.id), payload());
    await client.delete(ROUTES.configuration(configuration.id));
    expect(await order()).toEqual([first.id, second.id]);
  });

  it('answers 409 with the saved configuration when it was saved since the version the client edited', async () => {
    const { client, project } = await withProject();
    const opened = (await client.post(ROUTES.configurations(project.id), payload())).json();
    // Another tab saves first, from the same version.
    const other = await client.put(
      ROUTES.configuration(opened.id),
      payload({ prompt_content: 'Answer in French.', updated_at: opened.updated_at }),
    );
    expect(other.statusCode).toBe(200);

    const stale = await client.put(
      ROUTES.configuration(opened.id),
      payload({ prompt_content: 'Answer in German.', updated_at: opened.updated_at }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      detail: expect.stringContaining('This system prompt was changed elsewhere'),
      current: other.json(),
    });
    expect((await client.get(ROUTES.configurations(project.id))).json()[0].prompt.content).toBe('Answer in French.');

    // Overwriting knowingly: the precondition is the version the 409 showed; without one (older clients) it overwrites.
    const overwritten = await client.put(
      ROUTES.configuration(opened.id),
      payload({ prompt_content: 'Answer in German.', updated_at: other.json().updated_at }),
    );
    expect(overwritten.statusCode).toBe(200);
    expect(overwritten.json().prompt.content).toBe('Answer in German.');
    expect((await client.put(ROUTES.configuration(opened.id), payload({ name: 'Old client' }))).statusCode).toBe(200);
    expect((await client.put(ROUTES.configuration(opened.id), payload({ updated_at: 'yesterday' }))).json()).toEqual({
      updated_at: [expect.stringContaining('ISO 8601')],
    });
  });
});
