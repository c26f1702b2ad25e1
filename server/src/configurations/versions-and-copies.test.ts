import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROUTES,
  type AiModel,
  type Configuration,
  type ConfigurationVersion,
  type EvaluationRecord,
} from '@promptgrid/contract';
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
    messages: c.messages,
    user_template: c.user_template,
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

  it('keeps the reasoning setting in versions, copies and the run it starts', async () => {
    const { client, configuration } = await withConfiguration({
      ai_model_id: model('gpt-5-mini').id,
      parameters: { temperature: 0, max_tokens: null, reasoning: { effort: 'low' } },
    });
    expect(configuration.parameters.reasoning).toEqual({ effort: 'low' });
    const saved = await client.put(
      ROUTES.configuration(configuration.id),
      saveOf(configuration, { parameters: { ...configuration.parameters, reasoning: { effort: 'high' } } }),
    );
    expect(saved.json<Configuration>()).toMatchObject({ version: 2, parameters: { reasoning: { effort: 'high' } } });
    const versions: ConfigurationVersion[] = (await client.get(ROUTES.configurationVersions(configuration.id))).json();
    expect(versions.map((v) => v.parameters.reasoning)).toEqual([{ effort: 'high' }, { effort: 'low' }]);

    const copy = (await client.post(ROUTES.configurationDuplicate(configuration.id))).json<Configuration>();
    expect(copy.parameters.reasoning).toEqual({ effort: 'high' });

    const started = await client.post(ROUTES.runEvaluation, { configuration_ids: [copy.id], use_mock: true });
    expect(started.statusCode, started.body).toBe(201);
    const record = (await client.get(ROUTES.evaluation(started.json().evaluation_id))).json<EvaluationRecord>();
    expect(itemAt(record.configurations, 0).parameters.reasoning).toEqual({ effort: 'high' });
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
        messages: [],
        user_template: '{{input}}',
        parameters: { temperature: 0.3, max_tokens: 500, reasoning: null },
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

  it('keeps messages and the user template in versions, a change of either being a new version, and in copies', async () => {
    const fewShot = [
      { role: 'user', content: 'Capital of France?' },
      { role: 'assistant', content: 'Paris.' },
    ];
    const { client, configuration } = await withConfiguration({ messages: fewShot, user_template: 'Q: {{input}}' });
    expect(configuration).toMatchObject({ messages: fewShot, user_template: 'Q: {{input}}', version: 1 });

    const reordered = [itemAt(fewShot, 1), itemAt(fewShot, 0)];
    const v2 = (
      await client.put(ROUTES.configuration(configuration.id), saveOf(configuration, { messages: reordered }))
    ).json<Configuration>();
    expect(v2).toMatchObject({ version: 2, messages: reordered, user_template: 'Q: {{input}}' });
    const v3 = (
      await client.put(ROUTES.configuration(configuration.id), saveOf(v2, { user_template: '{{input}}' }))
    ).json<Configuration>();
    expect(v3.version).toBe(3);
    // Saving the same texts again is no new version.
    const same = (await client.put(ROUTES.configuration(configuration.id), saveOf(v3))).json<Configuration>();
    expect(same.version).toBe(3);
    // A client that knows nothing of them (an older command line) keeps them as they are.
    const { messages: _messages, user_template: _template, ...withoutTexts } = saveOf(v3);
    const kept = (await client.put(ROUTES.configuration(configuration.id), withoutTexts)).json<Configuration>();
    expect(kept).toMatchObject({ version: 3, messages: reordered, user_template: '{{input}}' });

    const versions: ConfigurationVersion[] = (await client.get(ROUTES.configurationVersions(configuration.id))).json();
    expect(versions.map((v) => [v.version, v.messages.map((m) => m.content), v.user_template])).toEqual([
      [3, ['Paris.', 'Capital of France?'], '{{input}}'],
      [2, ['Paris.', 'Capital of France?'], 'Q: {{input}}'],
      [1, ['Capital of France?', 'Paris.'], 'Q: {{input}}'],
    ]);
    const copy = (await client.post(ROUTES.configurationDuplicate(configuration.id))).json<Configuration>();
    expect(copy).toMatchObject({ messages: reordered, user_template: '{{input}}', version: 1 });
  });

  it('refuses a message without a known role or text with a 400 naming the field', async () => {
    const { client, configuration } = await withConfiguration();
    const refused = await client.put(
      ROUTES.configuration(configuration.id),
      saveOf(configuration, {
        messages: [
          { role: 'system', content: 'x' },
          { role: 'user', content: '' },
        ],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      'messages.0.role': ['A message role must be user or assistant.'],
      'messages.1.content': ['A message cannot be empty.'],
    });
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
