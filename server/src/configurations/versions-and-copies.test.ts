import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type AiModel, type Configuration, type ConfigurationVersion } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient } from '../../test/harness.js';
import { itemAt } from '@promptgrid/test-support';

describe.each(embeddedDatabaseOnly)('configuration duplicates and versions on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let models: AiModel[];
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    models = (await (await signedInClient(ctx.app)).get(ROUTES.models)).json();
  });
  afterAll(() => ctx?.close());

  const model = (name: string) => models.find((m) => m.model_name === name)!;

  async function withConfiguration(overrides: Record<string, unknown> = {}) {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name: 'Support', description: 'Replies' })).json();
    const created = await client.post(ROUTES.configurations(project.id), {
      name: 'Concise',
      prompt_content: 'Answer in two sentences.',
      ai_model_id: model('gpt-4.1-mini').id,
      parameters: { temperature: 0.3, max_tokens: 500 },
      provider_specific_params: { json_mode: true },
      ...overrides,
    });
    expect(created.statusCode).toBe(201);
    return { client, project, configuration: created.json<Configuration>() };
  }

  const saveOf = (c: Configuration, changes: Record<string, unknown> = {}) => ({
    name: c.name,
    prompt_content: c.prompt.content,
    ai_model_id: c.ai_model.id,
    parameters: c.parameters,
    provider_specific_params: c.provider_specific_params,
    ...changes,
  });

  it("duplicates a configuration as 'Copy of {name}' with the same text, model and parameters, at version 1", async () => {
    const { client, project, configuration } = await withConfiguration();
    await client.put(ROUTES.configuration(configuration.id), saveOf(configuration, { prompt_content: 'Be brief.' }));
    const copy = await client.post(ROUTES.configurationDuplicate(configuration.id));
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      name: 'Copy of Concise',
      project: project.id,
      ai_model: { id: configuration.ai_model.id },
      prompt: { content: 'Be brief.' },
      parameters: { temperature: 0.3, max_tokens: 500 },
      provider_specific_params: { json_mode: true },
      version: 1,
      is_active: true,
    });
    expect(copy.json().id).not.toBe(configuration.id);
    const listed: Configuration[] = (await client.get(ROUTES.configurations(project.id))).json();
    expect(listed.map((c) => c.name)).toEqual(['Concise', 'Copy of Concise']);
    expect((await client.get(ROUTES.project(project.id))).json().config_count).toBe(2);
    // Its history starts afresh.
    const versions: ConfigurationVersion[] = (await client.get(ROUTES.configurationVersions(copy.json().id))).json();
    expect(versions.map((v) => v.version)).toEqual([1]);
  });

  it('keeps the replaced text and parameters as a version on each save that changes them; a restore is a new save', async () => {
    const { client, configuration } = await withConfiguration();
    const first: ConfigurationVersion[] = (await client.get(ROUTES.configurationVersions(configuration.id))).json();
    expect(first).toEqual([
      {
        version: 1,
        is_current: true,
        name: 'Concise',
        ai_model: configuration.ai_model,
        prompt: configuration.prompt,
        parameters: { temperature: 0.3, max_tokens: 500 },
        provider_specific_params: { json_mode: true },
        tools: [],
        tool_choice: 'auto',
        response_schema: null,
        saved_at: configuration.updated_at,
      },
    ]);

    const v2 = (
      await client.put(ROUTES.configuration(configuration.id), saveOf(configuration, { prompt_content: 'Be brief.' }))
    ).json();
    expect(v2.version).toBe(2);
    // A rename alone is not a new version, and neither is archiving.
    const renamed = (await client.put(ROUTES.configuration(configuration.id), saveOf(v2, { name: 'Brief' }))).json();
    expect(renamed.version).toBe(2);
    await client.patch(ROUTES.configuration(configuration.id), { is_active: false });
    const v3 = (
      await client.put(
        ROUTES.configuration(configuration.id),
        saveOf(renamed, {
          ai_model_id: model('claude-haiku-4-5').id,
          parameters: { temperature: 1, max_tokens: null },
        }),
      )
    ).json();
    expect(v3).toMatchObject({ version: 3, is_active: false });

    const versions: ConfigurationVersion[] = (await client.get(ROUTES.configurationVersions(configuration.id))).json();
    expect(versions.map((v) => [v.version, v.is_current, v.prompt.content, v.ai_model.model_name])).toEqual([
      [3, true, 'Be brief.', 'claude-haiku-4-5'],
      [2, false, 'Be brief.', 'gpt-4.1-mini'],
      [1, false, 'Answer in two sentences.', 'gpt-4.1-mini'],
    ]);
    expect(versions[1]).toMatchObject({ name: 'Brief', parameters: { temperature: 0.3, max_tokens: 500 } });
    expect(itemAt(versions, 2).saved_at).toBe(configuration.updated_at);

    // Restoring version 1 saves its text, model and parameters again, as version 4.
    const old = itemAt(versions, 2);
    const restored = await client.put(
      ROUTES.configuration(configuration.id),
      saveOf(v3, {
        prompt_content: old.prompt.content,
        ai_model_id: old.ai_model.id,
        parameters: old.parameters,
        provider_specific_params: old.provider_specific_params,
      }),
    );
    expect(restored.json()).toMatchObject({ version: 4, prompt: { content: 'Answer in two sentences.' } });
    const after: ConfigurationVersion[] = (await client.get(ROUTES.configurationVersions(configuration.id))).json();
    expect(after.map((v) => v.version)).toEqual([4, 3, 2, 1]);

    // Deleting the configuration deletes its versions.
    expect((await client.delete(ROUTES.configuration(configuration.id))).statusCode).toBe(204);
    expect((await client.get(ROUTES.configurationVersions(configuration.id))).statusCode).toBe(404);
  });

  it("answers 404 for another user's configuration on duplicate and versions, and for unknown ids", async () => {
    const alice = await withConfiguration();
    const bob = await signedInClient(ctx.app);
    const duplicate = await bob.post(ROUTES.configurationDuplicate(alice.configuration.id));
    expect(duplicate.statusCode).toBe(404);
    expect(duplicate.json()).toEqual({ detail: 'Configuration not found.' });
    expect((await bob.get(ROUTES.configurationVersions(alice.configuration.id))).statusCode).toBe(404);
    expect((await bob.post(ROUTES.configurationDuplicate(999_999))).statusCode).toBe(404);
    expect((await alice.client.get(ROUTES.configurationVersions(999_999))).statusCode).toBe(404);
    expect((await alice.client.get(ROUTES.configurations(alice.project.id))).json()).toHaveLength(1);
  });

  it("refuses max tokens over the model's maximum with a 400 naming the limit", async () => {
    const { client, project, configuration } = await withConfiguration();
    const gpt4o = model('gpt-4o');
    expect(gpt4o.max_output_tokens).toBe(16384);
    const body = saveOf(configuration, { ai_model_id: gpt4o.id, parameters: { temperature: 0, max_tokens: 16385 } });
    const expected = { 'parameters.max_tokens': ['Max tokens must be at most 16384 for gpt-4o.'] };
    const created = await client.post(ROUTES.configurations(project.id), body);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(expected);
    const replaced = await client.put(ROUTES.configuration(configuration.id), body);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toEqual(expected);
    const atLimit = { ...body, parameters: { temperature: 0, max_tokens: 16384 } };
    expect((await client.put(ROUTES.configuration(configuration.id), atLimit)).statusCode).toBe(200);
  });
});
